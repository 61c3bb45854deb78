internal import CGit2
import Foundation

extension Repository {
    /// Rewrites every reflog message that quotes `url` to quote `strippingCredentials(url)` instead
    /// (libgit2 writes "clone: from URL" as given, so a token in the URL would stay on disk).
    func scrubReflogs(of url: String) throws(GitError) {
        let clean = strippingCredentials(url)
        guard clean != url else { return }
        var names = git_strarray()
        try check("git_reference_list in \(location.path)", git_reference_list(&names, pointer))
        defer { git_strarray_dispose(&names) }
        var references = ["HEAD"]
        for index in 0..<names.count { references.append(String(cString: names.strings[index]!)) }
        for reference in references {
            try rewriteReflog(reference) { $0.replacingOccurrences(of: url, with: clean) }
        }
    }

    private func rewriteReflog(_ reference: String, _ transform: (String) -> String) throws(GitError) {
        var reflog: OpaquePointer?
        try check("git_reflog_read(\(reference))", git_reflog_read(&reflog, pointer, reference))
        defer { git_reflog_free(reflog) }
        let count = git_reflog_entrycount(reflog)
        var entries: [(id: git_oid, committer: UnsafeMutablePointer<git_signature>?, message: String?)] = []
        defer { for entry in entries { git_signature_free(entry.committer) } }
        var changed = false
        // Index 0 is the newest entry; keep them oldest first to append them back in order.
        for index in stride(from: count, to: 0, by: -1) {
            guard let entry = git_reflog_entry_byindex(reflog, index - 1) else { continue }
            let message = git_reflog_entry_message(entry).map { String(cString: $0) }
            let rewritten = message.map(transform)
            changed = changed || rewritten != message
            var committer: UnsafeMutablePointer<git_signature>?
            _ = git_signature_dup(&committer, git_reflog_entry_committer(entry))
            entries.append((git_reflog_entry_id_new(entry).pointee, committer, rewritten))
        }
        guard changed else { return }
        while git_reflog_entrycount(reflog) > 0 {
            try check("git_reflog_drop(\(reference))", git_reflog_drop(reflog, 0, 0))
        }
        for entry in entries {
            var id = entry.id
            try check("git_reflog_append(\(reference))", git_reflog_append(reflog, &id, entry.committer, entry.message))
        }
        try check("git_reflog_write(\(reference))", git_reflog_write(reflog))
    }
}
