internal import CGit2
import Foundation
import Support

/// How far a clone or fetch has got: libgit2's indexer progress while objects arrive, then, for a
/// clone whose working tree compose writes itself (`Repository.writeWorkingTree`), the files written.
package struct TransferProgress: Sendable, Equatable {
    package let totalObjects: Int
    package let receivedObjects: Int
    package let indexedObjects: Int
    package let receivedBytes: Int
    package let totalDeltas: Int
    package let indexedDeltas: Int
    /// Files of the working tree written so far, of `totalFiles` (0 while objects arrive).
    package let writtenFiles: Int
    package let totalFiles: Int

    package init(
        totalObjects: Int, receivedObjects: Int, indexedObjects: Int, receivedBytes: Int, totalDeltas: Int,
        indexedDeltas: Int, writtenFiles: Int = 0, totalFiles: Int = 0
    ) {
        self.totalObjects = totalObjects
        self.receivedObjects = receivedObjects
        self.indexedObjects = indexedObjects
        self.receivedBytes = receivedBytes
        self.totalDeltas = totalDeltas
        self.indexedDeltas = indexedDeltas
        self.writtenFiles = writtenFiles
        self.totalFiles = totalFiles
    }

    /// Whether this reports files written rather than objects received.
    package var isWritingFiles: Bool { totalFiles > 0 }

    /// Whether the phase it reports is over.
    package var isComplete: Bool {
        isWritingFiles
            ? writtenFiles == totalFiles
            : totalObjects > 0 && indexedDeltas == totalDeltas && receivedObjects == totalObjects
    }

    /// 0…1: objects received then deltas resolved, as one figure for a progress bar; files written
    /// of all files while the working tree is written.
    package var fraction: Double {
        if isWritingFiles { return Double(writtenFiles) / Double(totalFiles) }
        let total = totalObjects + totalDeltas
        guard total > 0 else { return 0 }
        return Double(receivedObjects + indexedDeltas) / Double(total)
    }
}

/// What one fetch did.
package struct FetchResult: Sendable, Equatable {
    /// Objects received; 0 when the remote had nothing new.
    package let receivedObjects: Int
    package let receivedBytes: Int
    /// What the remote's HEAD named.
    package var remoteHead: RemoteHead? = nil

    package enum RemoteHead: Sendable, Equatable {
        /// A symbolic HEAD: the full name of the branch (`refs/heads/main`).
        case branch(String)
        /// A detached HEAD.
        case commit(ObjectID)
    }
}

extension Repository {
    /// Fetches `refspecs` (the remote's configured ones when empty) from remote `name` and updates
    /// the remote-tracking refs, as `git fetch NAME` does. Tags pointing into fetched history come too.
    @discardableResult
    package func fetch(
        remote name: String = "origin",
        refspecs: [String] = [],
        credentials: Credentials = Credentials(),
        progress: ((TransferProgress) -> Void)? = nil
    ) throws(GitError) -> FetchResult {
        let remote = try lookupRemote(name)
        defer { git_remote_free(remote) }
        let url = git_remote_url(remote).map { String(cString: $0) } ?? name
        var options = git_fetch_options()
        git_fetch_options_init(&options, 1)
        try Self.retryingVanishedIncomingReference { () throws(GitError) in
            let context = RemoteContext(url: url, credentials: credentials, progress: progress)
            let code = context.withPayload { payload in
                context.install(on: &options.callbacks, payload: payload)
                return withStrArray(refspecs) { array -> Int32 in
                    git_remote_fetch(remote, refspecs.isEmpty ? nil : array, &options, nil)
                }
            }
            if code < 0 { throw context.error(operation: "git fetch \(url)", code: code) }
        }
        let stats = git_remote_stats(remote)!.pointee
        return FetchResult(
            receivedObjects: Int(stats.received_objects), receivedBytes: Int(stats.received_bytes),
            remoteHead: Self.remoteHead(of: remote))
    }

    /// What the remote's HEAD named at the last connection of `remote`: its branch when symbolic,
    /// else the commit it points at; nil when the remote has no HEAD (an empty repository).
    private static func remoteHead(of remote: OpaquePointer) -> FetchResult.RemoteHead? {
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        if git_remote_default_branch(&buffer, remote) == 0, let name = buffer.ptr {
            return .branch(String(cString: name))
        }
        git_error_clear()
        var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
        var count = 0
        guard git_remote_ls(&heads, &count, remote) == 0, let heads else {
            git_error_clear()
            return nil
        }
        for index in 0..<count {
            guard let head = heads[index]?.pointee, String(cString: head.name) == "HEAD" else { continue }
            return .commit(ObjectID(head.oid))
        }
        return nil
    }

    /// A bare mirror of `url` made at `destination` (which must not exist) with one fetch of
    /// `refspecs` from the remote `origin`, HEAD naming the remote's default branch as a clone's does.
    /// Unlike `clone(bare: true)`, which rewrites the configuration file once per setting (each a
    /// rename over the file, which the file system makes wait for the new file's data), the
    /// configuration is written once, with the remote and its refspecs. A URL holding a control
    /// character is refused: it could not be written into the configuration as it is.
    package static func mirror(
        from url: String, to destination: URL, refspecs: [String], credentials: Credentials = Credentials()
    ) throws(GitError) -> Repository {
        Runtime.ensure()
        let operation = "git clone --mirror \(redact(url)) \(destination.path)"
        guard !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }),
            !refspecs.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f } })
        else {
            throw .failed(operation: operation, code: -1, message: "the URL or a refspec holds a control character")
        }
        func quoted(_ value: String) -> String {
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }
        var config = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n"
        config += "[remote \"origin\"]\n\turl = \(quoted(url))\n"
        for refspec in refspecs { config += "\tfetch = \(quoted(refspec))\n" }
        let fileManager = FileManager.default
        do {
            for folder in ["objects/info", "objects/pack", "refs/heads", "refs/tags"] {
                try fileManager.createDirectory(
                    at: destination.appendingPathComponent(folder, isDirectory: true), withIntermediateDirectories: true
                )
            }
            // New files in a new folder, written as they are (Data.write would wait for the disk).
            for (name, text) in [("HEAD", "ref: refs/heads/main\n"), ("config", config)] {
                let file = destination.appendingPathComponent(name)
                try AtomicFile.writeTemporary(Data(text.utf8), at: file.path, for: file)
            }
        } catch {
            throw .failed(
                operation: operation, code: -1,
                message: (error as? AtomicWriteFailure)?.description ?? error.localizedDescription)
        }
        let repository = try open(at: destination)
        let fetched = try repository.fetch(remote: "origin", refspecs: refspecs, credentials: credentials)
        switch fetched.remoteHead {
        case .branch(let branch) where branch != "refs/heads/main":
            var reference: OpaquePointer?
            try check(
                "git symbolic-ref HEAD \(branch) in \(destination.path)",
                git_reference_symbolic_create(&reference, repository.pointer, "HEAD", branch, 1, nil))
            git_reference_free(reference)
        case .commit(let commit):
            var id = commit.oid
            try check(
                "git update-ref --no-deref HEAD \(commit.hex) in \(destination.path)",
                git_repository_set_head_detached(repository.pointer, &id))
        default:
            break
        }
        try repository.scrubReflogs(of: url)
        return repository
    }

    /// Pushes `refspecs` (e.g. `refs/heads/main:refs/heads/main`, `refs/tags/1.0:refs/tags/1.0`) to
    /// remote `name`. A ref the remote refuses because it moved on throws `.nonFastForward`; any
    /// other refusal throws `.pushRejected`. The remote-tracking refs are updated on success.
    ///
    /// To a local remote (`file://` or a path) the objects travel through libgit2 under a fresh
    /// temporary ref, then each destination ref is moved in the remote repository itself with
    /// compare-and-swap against the value just read (`git_reference_create_matching`, under the
    /// ref's lock file as git takes it): libgit2's local transport does not compare, so two racing
    /// pushes would otherwise both succeed and one would silently undo the other.
    ///
    /// Returns whether a reference of the remote moved: false when the remote had every one of them
    /// at the object pushed already (a second push of a tag, say).
    @discardableResult
    package func push(
        remote name: String = "origin",
        refspecs: [String],
        credentials: Credentials = Credentials()
    ) throws(GitError) -> Bool {
        let remote = try lookupRemote(name)
        defer { git_remote_free(remote) }
        let rawURL = git_remote_url(remote).map { String(cString: $0) } ?? name
        let pairs = refspecs.map {
            $0.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        }
        if let path = localPath(of: rawURL),
            pairs.allSatisfy({ $0.count == 2 && !$0[0].isEmpty && !$0[0].hasPrefix("+") && $0[1].hasPrefix("refs/") })
        {
            return try pushLocally(
                remote: remote, remoteName: name, path: path, url: redact(rawURL),
                updates: pairs.map { ($0[0], $0[1]) }, credentials: credentials)
        }
        return try transfer(remote: remote, rawURL: rawURL, refspecs: refspecs, credentials: credentials)
    }

    /// libgit2's own push of `refspecs`, its refusals classified. Returns whether a reference moved (true
    /// when libgit2 did not say what the remote had).
    @discardableResult
    private func transfer(remote: OpaquePointer, rawURL: String, refspecs: [String], credentials: Credentials)
        throws(GitError) -> Bool
    {
        let url = redact(rawURL)
        var options = git_push_options()
        git_push_options_init(&options, 1)
        let context = RemoteContext(url: rawURL, credentials: credentials, progress: nil)
        let code = context.withPayload { payload in
            context.install(on: &options.callbacks, payload: payload)
            return withStrArray(refspecs) { array -> Int32 in git_remote_push(remote, array, &options) }
        }
        let references = refspecs.map { $0.split(separator: ":").last.map(String.init) ?? $0 }.joined(separator: ", ")
        if code == GIT_EUSER.rawValue, let (reference, status) = context.rejections.first {
            git_error_clear()  // the message is the one the push_negotiation callback set; `status` says it
            throw .pushRejected(remote: url, reference: reference, message: status)
        }
        if code == GIT_ENONFASTFORWARD.rawValue {
            throw .nonFastForward(remote: url, reference: references, message: lastErrorMessage())
        }
        if code < 0 { throw context.error(operation: "git push \(url) \(refspecs.joined(separator: " "))", code: code) }
        if let (reference, status) = context.rejections.first {
            throw Self.classifyRejection(remote: url, reference: reference, status: status)
        }
        return context.movedReferences ?? true
    }

    /// The folder of a local remote (`file:///x`, `/x`, `../x`), or nil for a network URL.
    private func localPath(of url: String) -> String? {
        if let folder = Repository.localFolder(ofRemote: url) { return folder }
        if url.hasPrefix("file://") { return String(url.dropFirst("file://".count)) }
        guard RemoteAddress(url)?.scheme == "file" else { return nil }
        return location.appendingPathComponent(url).standardizedFileURL.path
    }

    /// Runs `body` (a fetch from or a push to a local remote) again when it failed only because
    /// another publisher's temporary reference vanished under it: libgit2's local transport lists
    /// the remote's references and then reads each one, and a `refs/compose-incoming/…` deleted in
    /// between fails the listing ("reference … not found"). Nothing was fetched or moved then.
    static func retryingVanishedIncomingReference<R>(_ body: () throws(GitError) -> R) throws(GitError) -> R {
        var attempt = 0
        while true {
            do {
                return try body()
            } catch {
                attempt += 1
                guard attempt < 8, case .failed(_, _, let message) = error, message.contains("refs/compose-incoming/"),
                    message.contains("not found")
                else { throw error }
                usleep(useconds_t(20_000 * attempt))
            }
        }
    }

    private func pushLocally(
        remote: OpaquePointer, remoteName: String, path: String, url: String,
        updates: [(source: String, destination: String)],
        credentials: Credentials
    ) throws(GitError) -> Bool {
        let target = try Repository.open(at: URL(fileURLWithPath: path))
        var moves: [(destination: String, id: ObjectID, temporary: String)] = []
        let batch = "refs/compose-incoming/\(UUID().uuidString)"
        for (index, update) in updates.enumerated() {
            guard let id = try referenceID(update.source) else {
                throw .revisionNotFound(revision: update.source, repository: location.path)
            }
            moves.append((update.destination, id, "\(batch)/\(index)"))
        }
        defer { for move in moves { target.deleteReference(move.temporary) } }
        _ = try Self.retryingVanishedIncomingReference { () throws(GitError) in
            try transfer(
                remote: remote, rawURL: path, refspecs: zip(updates, moves).map { "\($0.source):\($1.temporary)" },
                credentials: credentials)
        }
        var moved = false
        for move in moves {
            let current = try target.referenceID(move.destination)
            if current != move.id {
                try target.compareAndSwap(move.destination, from: current, to: move.id, remote: url)
                moved = true
            }
            if move.destination.hasPrefix("refs/heads/") {
                try setReference(
                    "refs/remotes/\(remoteName)/\(move.destination.dropFirst("refs/heads/".count))", to: move.id)
            }
        }
        return moved
    }

    /// Moves `reference` from `current` (nil: it must not exist) to `id`, failing when it has moved
    /// since it was read. A tag is never moved; a branch only fast-forwards.
    private func compareAndSwap(_ reference: String, from current: ObjectID?, to id: ObjectID, remote url: String)
        throws(GitError)
    {
        if let current, reference.hasPrefix("refs/tags/") {
            throw .pushRejected(
                remote: url, reference: reference,
                message: "the remote already has this tag at \(current.short); a tag is not moved")
        }
        if let current, reference.hasPrefix("refs/heads/"), try !isAncestor(current, of: id) {
            throw .nonFastForward(
                remote: url, reference: reference, message: "the remote's \(reference) is at \(current.short)")
        }
        var newOID = id.oid
        var oldOID = current?.oid ?? git_oid()
        var created: OpaquePointer?
        let code =
            current == nil
            ? git_reference_create_matching(&created, pointer, reference, &newOID, 0, nil, "push")
            : git_reference_create_matching(&created, pointer, reference, &newOID, 1, &oldOID, "push")
        git_reference_free(created)
        if code == GIT_EMODIFIED.rawValue || code == GIT_ELOCKED.rawValue || code == GIT_EEXISTS.rawValue {
            let message = lastErrorMessage()
            if reference.hasPrefix("refs/tags/"), try referenceID(reference) != id {
                throw .pushRejected(
                    remote: url, reference: reference, message: "another push created this tag first (\(message))")
            }
            if reference.hasPrefix("refs/tags/") { return }
            throw .nonFastForward(
                remote: url, reference: reference, message: "the remote's \(reference) moved meanwhile (\(message))")
        }
        try check("git_reference_create_matching(\(reference)) in \(url)", code)
    }

    /// The object `reference` (a full name) points at, not peeled; nil when there is no such ref.
    func referenceID(_ reference: String) throws(GitError) -> ObjectID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, reference)
        if code == GIT_ENOTFOUND.rawValue {
            git_error_clear()
            return nil
        }
        try check("git_reference_name_to_id(\(reference)) in \(location.path)", code)
        return ObjectID(oid)
    }

    /// Deletes `reference` when it exists.
    func deleteReference(_ reference: String) {
        var found: OpaquePointer?
        guard git_reference_lookup(&found, pointer, reference) == 0 else {
            git_error_clear()
            return
        }
        defer { git_reference_free(found) }
        if git_reference_delete(found) != 0 { git_error_clear() }
    }

    static func classifyRejection(remote: String, reference: String, status: String) -> GitError {
        let lowered = status.lowercased()
        let movedOn = [
            "non-fast-forward", "fetch first", "failed to update ref", "failed to lock", "cannot lock",
            "stale info", "is at", "but expected",
        ]
        if reference.hasPrefix("refs/heads/"), movedOn.contains(where: lowered.contains) {
            return .nonFastForward(remote: remote, reference: reference, message: redact(status))
        }
        return .pushRejected(remote: remote, reference: reference, message: redact(status))
    }

    func lookupRemote(_ name: String) throws(GitError) -> OpaquePointer {
        var remote: OpaquePointer?
        try check("git_remote_lookup(\(name)) in \(location.path)", git_remote_lookup(&remote, pointer, name))
        return remote!
    }
}

/// State shared with libgit2's C callbacks during one remote operation (passed as the payload).
final class RemoteContext {
    let url: String
    let credentials: Credentials
    let progress: ((TransferProgress) -> Void)?
    /// Which credential has been offered so far; libgit2 calls back again after a refusal.
    var sshAttempt = 0
    var offeredPlaintext = false
    var usernameOffered = false
    var triedDescriptions: [String] = []
    var rejections: [(String, String)] = []
    /// Whether the push negotiated moves a reference of the remote (nil until libgit2 says).
    var movedReferences: Bool?
    /// The host of the last TLS connection (from the certificate check): after a redirect it is not
    /// the host of `url`, and then no token or helper password is offered.
    var connectedHost: String?

    init(url: String, credentials: Credentials, progress: ((TransferProgress) -> Void)?) {
        TimeoutNote.current?.clear()
        self.url = url
        self.credentials = credentials
        self.progress = progress
    }

    static func from(_ payload: UnsafeMutableRawPointer?) -> RemoteContext {
        Unmanaged<RemoteContext>.fromOpaque(payload!).takeUnretainedValue()
    }

    /// Runs `body` with this context as a C payload, kept alive until `body` returns.
    func withPayload<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        let unmanaged = Unmanaged.passRetained(self)
        defer { unmanaged.release() }
        return body(unmanaged.toOpaque())
    }

    func install(on callbacks: inout git_remote_callbacks, payload: UnsafeMutableRawPointer) {
        callbacks.payload = payload
        callbacks.credentials = { out, url, usernameFromURL, allowed, payload in
            RemoteContext.from(payload).acquire(
                out, requestURL: url.map { String(cString: $0) } ?? "",
                usernameFromURL: usernameFromURL.map { String(cString: $0) },
                allowed: allowed)
        }
        callbacks.certificate_check = { _, valid, host, payload in
            // Remember which host this connection reached (a redirect may lead elsewhere), then accept
            // what libgit2 found valid; otherwise let libgit2 apply its own verdict (known_hosts, CA store).
            RemoteContext.from(payload).connectedHost = host.map { String(cString: $0).lowercased() }
            return valid != 0 ? 0 : GIT_PASSTHROUGH.rawValue
        }
        callbacks.transfer_progress = { stats, payload in
            let context = RemoteContext.from(payload)
            if let stats = stats?.pointee, let progress = context.progress {
                progress(
                    TransferProgress(
                        totalObjects: Int(stats.total_objects), receivedObjects: Int(stats.received_objects),
                        indexedObjects: Int(stats.indexed_objects), receivedBytes: Int(stats.received_bytes),
                        totalDeltas: Int(stats.total_deltas), indexedDeltas: Int(stats.indexed_deltas)))
            }
            return 0
        }
        callbacks.push_negotiation = { updates, count, payload in
            // A tag names a release: never move one that the remote has at another object (a
            // server accepts that unless told otherwise; git's own client refuses it too).
            guard let updates else { return 0 }
            let context = RemoteContext.from(payload)
            for index in 0..<count {
                guard let update = updates[index]?.pointee, let name = update.dst_refname else { continue }
                let reference = String(cString: name)
                var current = update.src
                var proposed = update.dst
                if git_oid_equal(&current, &proposed) == 0 { context.movedReferences = true }
                if context.movedReferences == nil { context.movedReferences = false }
                if reference.hasPrefix("refs/tags/"), git_oid_is_zero(&current) == 0,
                    git_oid_equal(&current, &proposed) == 0
                {
                    context.rejections.append(
                        (reference, "the remote already has this tag, pointing elsewhere; a tag is not moved"))
                }
            }
            if context.rejections.isEmpty { return 0 }
            git_error_set_str(
                Int32(GIT_ERROR_REFERENCE.rawValue), "the remote already has a different tag of that name")
            return GIT_EUSER.rawValue
        }
        callbacks.push_update_reference = { reference, status, payload in
            if let status, let reference {
                RemoteContext.from(payload).rejections.append((String(cString: reference), String(cString: status)))
            }
            return 0
        }
    }

    func acquire(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, requestURL: String,
        usernameFromURL: String?,
        allowed: UInt32
    ) -> Int32 {
        let sshUser = usernameFromURL ?? "git"
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0, !usernameOffered {
            usernameOffered = true
            return git_credential_username_new(out, sshUser)
        }
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
            var candidates: [String?] = credentials.useSSHAgent ? [nil] : []
            candidates += credentials.sshKeyFiles.filter { FileManager.default.fileExists(atPath: $0) }.map { $0 }
            while sshAttempt < candidates.count {
                let candidate = candidates[sshAttempt]
                sshAttempt += 1
                guard let key = candidate else {
                    triedDescriptions.append("the ssh-agent")
                    return git_credential_ssh_key_from_agent(out, sshUser)
                }
                triedDescriptions.append(key)
                let publicKey = FileManager.default.fileExists(atPath: key + ".pub") ? key + ".pub" : nil
                return git_credential_ssh_key_new(out, sshUser, publicKey, key, credentials.sshKeyPassphrase)
            }
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0, !offeredPlaintext,
            connectedHost == nil || connectedHost == RemoteAddress(url)?.hostname
        {
            offeredPlaintext = true
            if let (user, token) = credentials.scopedToken(
                requestURL: requestURL, originalURL: url, usernameFromURL: usernameFromURL)
            {
                triedDescriptions.append("COMPOSE_GIT_TOKEN for user \(user)")
                return git_credential_userpass_plaintext_new(out, user, token)
            }
            if credentials.useCredentialHelpers,
                let host = Credentials.httpsHost(requestURL: requestURL, originalURL: url),
                let address = RemoteAddress(url),
                let (user, password) = CredentialHelper.fill(
                    host: host, path: address.path, environment: credentials.helperEnvironment)
            {
                triedDescriptions.append("git's credential helper for \(host), user \(user)")
                return git_credential_userpass_plaintext_new(out, user, password)
            }
            if credentials.token != nil || !credentials.hostTokens.isEmpty {
                let host = RemoteAddress(requestURL).map { "\($0.scheme)://\($0.authority)" } ?? "this host"
                triedDescriptions.append(
                    "COMPOSE_GIT_TOKEN is not offered to \(host): it goes only over https to the hosts of "
                        + "COMPOSE_GIT_TOKEN_HOST and of the spec repos you added")
            }
        }
        let tried =
            triedDescriptions.isEmpty
            ? "no credential was available" : "tried " + triedDescriptions.joined(separator: ", ")
        git_error_set_str(Int32(GIT_ERROR_NET.rawValue), "the remote refused the credentials offered (\(tried))")
        return GIT_EAUTH.rawValue
    }

    func error(operation: String, code: Int32) -> GitError {
        var message = lastErrorMessage()
        if let note = TimeoutNote.current?.message { message = note }
        if message.contains(NetworkTimeouts.marker) {
            return .timedOut(
                url: redact(url), message: message.replacingOccurrences(of: " (\(NetworkTimeouts.marker))", with: ""))
        }
        if code == GIT_EAUTH.rawValue || !triedDescriptions.isEmpty && message.contains("authentic") {
            return .authentication(url: redact(url), message: message)
        }
        return .failed(operation: redact(operation), code: code, message: message)
    }
}
