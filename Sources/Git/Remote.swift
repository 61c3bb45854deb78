internal import CGit2
import Foundation

/// How far a clone or fetch has got (libgit2's indexer progress).
public struct TransferProgress: Sendable, Equatable {
    public let totalObjects: Int
    public let receivedObjects: Int
    public let indexedObjects: Int
    public let receivedBytes: Int
    public let totalDeltas: Int
    public let indexedDeltas: Int

    /// 0…1: objects received then deltas resolved, as one figure for a progress bar.
    public var fraction: Double {
        let total = totalObjects + totalDeltas
        guard total > 0 else { return 0 }
        return Double(receivedObjects + indexedDeltas) / Double(total)
    }
}

/// What one fetch did.
public struct FetchResult: Sendable, Equatable {
    /// Objects received; 0 when the remote had nothing new.
    public let receivedObjects: Int
    public let receivedBytes: Int
}

extension Repository {
    /// Fetches `refspecs` (the remote's configured ones when empty) from remote `name` and updates
    /// the remote-tracking refs, as `git fetch NAME` does. Tags pointing into fetched history come too.
    @discardableResult
    public func fetch(
        remote name: String = "origin",
        refspecs: [String] = [],
        credentials: Credentials = .fromEnvironment(),
        progress: ((TransferProgress) -> Void)? = nil
    ) throws(GitError) -> FetchResult {
        let remote = try lookupRemote(name)
        defer { git_remote_free(remote) }
        let url = git_remote_url(remote).map { String(cString: $0) } ?? name
        var options = git_fetch_options()
        git_fetch_options_init(&options, 1)
        let context = RemoteContext(url: url, credentials: credentials, progress: progress)
        let code = context.withPayload { payload in
            context.install(on: &options.callbacks, payload: payload)
            return withStrArray(refspecs) { array -> Int32 in
                git_remote_fetch(remote, refspecs.isEmpty ? nil : array, &options, nil)
            }
        }
        if code < 0 { throw context.error(operation: "git fetch \(url)", code: code) }
        let stats = git_remote_stats(remote)!.pointee
        return FetchResult(receivedObjects: Int(stats.received_objects), receivedBytes: Int(stats.received_bytes))
    }

    /// Pushes `refspecs` (e.g. `refs/heads/main:refs/heads/main`, `refs/tags/1.0:refs/tags/1.0`) to
    /// remote `name`. A ref the remote refuses because it moved on throws `.nonFastForward`; any
    /// other refusal throws `.pushRejected`. The remote-tracking refs are updated on success.
    public func push(
        remote name: String = "origin",
        refspecs: [String],
        credentials: Credentials = .fromEnvironment()
    ) throws(GitError) {
        let remote = try lookupRemote(name)
        defer { git_remote_free(remote) }
        let rawURL = git_remote_url(remote).map { String(cString: $0) } ?? name
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
            _ = lastErrorMessage()
            throw .pushRejected(remote: url, reference: reference, message: status)
        }
        if code == GIT_ENONFASTFORWARD.rawValue {
            throw .nonFastForward(remote: url, reference: references, message: lastErrorMessage())
        }
        if code < 0 { throw context.error(operation: "git push \(url) \(refspecs.joined(separator: " "))", code: code) }
        if let (reference, status) = context.rejections.first {
            throw Self.classifyRejection(remote: url, reference: reference, status: status)
        }
    }

    static func classifyRejection(remote: String, reference: String, status: String) -> GitError {
        let lowered = status.lowercased()
        let movedOn = ["non-fast-forward", "fetch first", "failed to update ref", "failed to lock", "cannot lock",
            "stale info", "is at", "but expected"]
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

    init(url: String, credentials: Credentials, progress: ((TransferProgress) -> Void)?) {
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
                out, requestURL: url.map { String(cString: $0) } ?? "", usernameFromURL: usernameFromURL.map { String(cString: $0) },
                allowed: allowed)
        }
        callbacks.certificate_check = { _, valid, _, _ in
            // Accept what libgit2 found valid; otherwise let libgit2 apply its own verdict (known_hosts, CA store).
            valid != 0 ? 0 : GIT_PASSTHROUGH.rawValue
        }
        callbacks.transfer_progress = { stats, payload in
            let context = RemoteContext.from(payload)
            if let stats = stats?.pointee, let progress = context.progress {
                progress(TransferProgress(
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
                if reference.hasPrefix("refs/tags/"), git_oid_is_zero(&current) == 0, git_oid_equal(&current, &proposed) == 0 {
                    context.rejections.append((reference, "the remote already has this tag, pointing elsewhere; a tag is not moved"))
                }
            }
            if context.rejections.isEmpty { return 0 }
            git_error_set_str(Int32(GIT_ERROR_REFERENCE.rawValue), "the remote already has a different tag of that name")
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
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, requestURL: String, usernameFromURL: String?,
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
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0, !offeredPlaintext {
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
                let (user, password) = CredentialHelper.fill(host: host, path: address.path)
            {
                triedDescriptions.append("git's credential helper for \(host), user \(user)")
                return git_credential_userpass_plaintext_new(out, user, password)
            }
            if credentials.token != nil {
                let host = RemoteAddress(requestURL).map { "\($0.scheme)://\($0.authority)" } ?? "this host"
                triedDescriptions.append(
                    "COMPOSE_GIT_TOKEN is not offered to \(host): it goes only over https to the hosts of "
                        + "COMPOSE_GIT_TOKEN_HOST and of the spec repos you added")
            }
        }
        let tried = triedDescriptions.isEmpty ? "no credential was available" : "tried " + triedDescriptions.joined(separator: ", ")
        git_error_set_str(Int32(GIT_ERROR_NET.rawValue), "the remote refused the credentials offered (\(tried))")
        return GIT_EAUTH.rawValue
    }

    func error(operation: String, code: Int32) -> GitError {
        let message = lastErrorMessage()
        if code == GIT_EAUTH.rawValue || !triedDescriptions.isEmpty && message.contains("authentic") {
            return .authentication(url: redact(url), message: message)
        }
        return .failed(operation: redact(operation), code: code, message: message)
    }
}
