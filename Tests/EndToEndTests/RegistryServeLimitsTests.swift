import ComposeTestSupport
import Foundation
import Testing

/// `compose registry serve` as a separate process, against hostile clients: pipelined requests
/// nobody reads, idle sockets beyond the descriptor limit, forged `Host` headers, missing tokens.
@Suite struct RegistryServeLimitsTests {
    /// A spec repo of Base 1.0.0 and Feature 1.0.0 (with an alternate manifest), exported to
    /// `registry`; Base's archive replaced by `archiveBytes` bytes when given (serve keeps an
    /// unchanged release's files as they are).
    private struct Registry {
        let folder: TemporaryDirectory
        let specs: URL
        let output: URL
        let environment: [String: String?]

        init(archiveBytes: Int? = nil) async throws {
            folder = try TemporaryDirectory("registry-limits")
            let fixture = try ComponentFixture(root: folder.url.appendingPathComponent("team"))
            try fixture.release("Base", "1.0.0")
            try fixture.release(
                "Feature", "1.0.0", dependencies: ["Base"],
                extraFiles: ["Package@swift-5.10.swift": "// swift-tools-version:5.10\nimport PackageDescription\n"])
            specs = fixture.specs
            output = folder.url.appendingPathComponent("registry")
            environment = [
                "COMPOSE_HOME": folder.url.appendingPathComponent("home").path, "COMPOSE_REGISTRY_TOKEN": nil,
            ]
            let export = try await runCompose(
                ["registry", "export", specs.path, output.path, "--scope", "ios"], environment: environment,
                timeout: 300)
            #expect(export.code == 0, "\(export.stdout)\n\(export.stderr)")
            if let archiveBytes {
                var generator = SeededGenerator(state: 7)
                let words = (0..<(archiveBytes + 7) / 8).map { _ in generator.next() }
                try words.withUnsafeBytes { Data($0.prefix(archiveBytes)) }.write(to: archive)
            }
        }

        var archive: URL { output.appendingPathComponent("ios/Base/1.0.0.zip") }
    }

    /// A running `compose registry serve` (through bash, for `ulimit -n`), its port and what it wrote
    /// on standard error.
    private final class Serve {
        let process: Process
        let port: Int
        let stderr: URL

        init(
            _ registry: Registry, _ arguments: [String] = [], descriptors: Int? = nil,
            environment: [String: String?] = [:]
        ) throws {
            port = try freePort()
            stderr = registry.folder.url.appendingPathComponent("serve-\(port).err")
            let limit = descriptors.map { "ulimit -n \($0) && " } ?? ""
            let command = [
                composeExecutable.path, "registry", "serve", registry.specs.path, "--scope", "ios", "--folder",
                registry.output.path, "--port", "\(port)",
            ]
            process = try #require(
                try startListening(
                    URL(fileURLWithPath: "/bin/bash"),
                    ["-c", "\(limit)exec \"$@\" 2>\"$SERVE_ERR\"", "bash"] + command + arguments, port: port,
                    environment: registry.environment.merging(environment) { $1 }.merging(["SERVE_ERR": stderr.path]) {
                        $1
                    }, seconds: 120))
        }

        var pid: Int32 { process.processIdentifier }
        var errors: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }

        deinit { stopProcess(process) }
    }

    @Test(.timeLimit(.minutes(10)))
    func pipelinedRequestsNobodyReadsCostNoMemory() async throws {
        let size = 20 * 1024 * 1024
        let registry = try await Registry(archiveBytes: size)
        defer { registry.folder.remove() }
        let serve = try Serve(registry)
        let before = try #require(processStatus(serve.pid, "VmRSS"))

        // Three clients each ask for the 20 MB archive 60 times in one write, and read nothing.
        let request = "GET /ios/Base/1.0.0.zip HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let hostile = try (0..<3).map { _ in try RawConnection(port: serve.port) }
        for connection in hostile { #expect(connection.send(String(repeating: request, count: 60))) }
        // The server has begun answering each (so it has read their requests).
        for connection in hostile { #expect(connection.read(upTo: 1, seconds: 60).count == 1) }
        // A fourth sends 96,000 requests (4.5 MB) in one go: the server stops reading it, so the sending
        // stalls (given up after 3 s) while the requests wait in the kernel's buffers, not the server's.
        let flood = try RawConnection(port: serve.port)
        flood.send(String(repeating: request, count: 96_000), seconds: 3)

        // Meanwhile a client that reads gets the whole archive.
        let answer = try #require(rawRequest(port: serve.port, "/ios/Base/1.0.0.zip", seconds: 120))
        #expect(answer.status == 200)
        #expect(answer.header("content-length") == "\(size)")
        #expect(answer.body == (try Data(contentsOf: registry.archive)))

        let peak = try #require(processStatus(serve.pid, "VmHWM"))
        let now = try #require(processStatus(serve.pid, "VmRSS"))
        print("registry serve RSS: \(before) kB at start, \(now) kB now, \(peak) kB at its peak")
        #expect(peak < 100 * 1024, "peak RSS \(peak) kB")
        withExtendedLifetime((hostile, flood)) {}
    }

    @Test(.timeLimit(.minutes(10)))
    func idleSocketsBeyondTheDescriptorLimitDoNotStopARealRequest() async throws {
        let registry = try await Registry()
        defer { registry.folder.remove() }
        // The default cap (128, under the limit of 300), then a cap above it: accept fails with
        // EMFILE and must back off, not spin.
        for cap in [nil, 1000] {
            let serve = try Serve(
                registry, ["--idle-timeout", "2"] + (cap.map { ["--max-connections", "\($0)"] } ?? []), descriptors: 300
            )
            let cpuBefore = try #require(processCPUSeconds(serve.pid))
            let start = Date()
            let idle = try (0..<400).map { _ in try RawConnection(port: serve.port, wait: false) }

            // A client that retries, as SwiftPM does, a fifth of a second apart (on a thread of its own),
            // for up to 5 minutes: the idle sockets are closed after 2 s, and it must get in then.
            let port = serve.port
            let (answered, attempts) = await retrying(every: 0.2, for: 300) {
                rawRequest(port: port, "/ios/Base", seconds: 5)?.status == 200
            }
            let elapsed = Date().timeIntervalSince(start)
            let cpu = try #require(processCPUSeconds(serve.pid)) - cpuBefore
            print("cap \(cap ?? 128): answered after \(attempts) attempts, \(elapsed) s, \(cpu) s of CPU")
            #expect(answered, "cap \(cap ?? 128): no answer after \(attempts) attempts, \(elapsed) s")
            #expect(cpu < 0.5 * elapsed + 1, "cap \(cap ?? 128): \(cpu) s of CPU in \(elapsed) s")
            let told = serve.errors.components(separatedBy: "connections are open, the most allowed").count - 1
            if cap == nil {
                #expect((1...2).contains(told), "\(serve.errors)")
            } else {
                #expect(told == 0, "\(serve.errors)")
            }
            withExtendedLifetime(idle) {}
        }
    }

    /// Descriptors spent on answers in flight: a file that cannot be opened for want of one is a 503 to
    /// retry, never a 404 (which SwiftPM takes as "no such release"), and the server recovers.
    @Test(.timeLimit(.minutes(10)))
    func noDescriptorLeftIsAnswerToRetryNotAMissingRelease() async throws {
        let registry = try await Registry(archiveBytes: 4 * 1024 * 1024)
        defer { registry.folder.remove() }
        // The kept connection waits while the others take every descriptor, which on a busy machine
        // may take longer than the default idle timeout: it must not be closed as idle meanwhile.
        let serve = try Serve(registry, ["--max-connections", "1000", "--idle-timeout", "600"], descriptors: 64)
        let request = "GET /ios/Base/1.0.0.zip HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let kept = try RawConnection(port: serve.port)
        #expect(kept.send("HEAD /ios/Base HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        #expect(kept.readAnswer(head: true, seconds: 120)?.status == 200)

        // 80 clients ask for the archive and read nothing: each accepted one holds a socket and the file.
        var readers: [RawConnection] = []
        for _ in 0..<80 {
            let reader = try RawConnection(port: serve.port)
            reader.send(request)
            readers.append(reader)
        }
        // Until every descriptor the server may have is taken (those accepted last found none for the
        // file; the first ones got their archive).
        #expect(readers[0].read(upTo: 1, seconds: 120).count == 1)
        let pid = serve.pid
        let descriptors = { @Sendable in
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
        }
        _ = await retrying(every: 0.05, for: 300) { descriptors() >= 64 }
        // (A listing of /proc/PID/fd taken while descriptors are closed and opened may count one twice.)
        #expect(descriptors() >= 64)
        #expect(kept.send(request))
        let starved = try #require(kept.readAnswer(seconds: 120))
        #expect(starved.status == 503, "\(starved.status)")
        #expect(starved.header("retry-after") == "1")

        readers.removeAll()
        let port = serve.port
        let recovered = await retrying(every: 0.2, for: 300) {
            rawRequest(port: port, "/ios/Base/1.0.0.zip", seconds: 10)?.status == 200
        }
        #expect(recovered.succeeded)
    }

    @Test(.timeLimit(.minutes(10)))
    func anIdleConnectionIsClosed() async throws {
        let registry = try await Registry()
        defer { registry.folder.remove() }
        let serve = try Serve(registry, ["--idle-timeout", "1"])
        let silent = try RawConnection(port: serve.port)
        let halfway = try RawConnection(port: serve.port)
        #expect(halfway.send("GET /ios/Base HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
        let answered = try RawConnection(port: serve.port)
        #expect(answered.send("GET /ios/Base HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        for connection in [silent, halfway, answered] { #expect(connection.waitForClose(seconds: 60)) }
    }

    @Test(.timeLimit(.minutes(10)))
    func theHostHeaderIsNeverReflected() async throws {
        let registry = try await Registry()
        defer { registry.folder.remove() }
        let serve = try Serve(registry, ["--url", "https://registry.example.com/r/"])
        let manifest = "/ios/Feature/1.0.0/Package.swift"
        for host in ["evil.example/x?", "evil.example", "127.0.0.1:\(serve.port)", "registry.example.com"] {
            let links = try #require(rawRequest(port: serve.port, manifest, headers: ["Host": host]))
            let redirect = try #require(
                rawRequest(port: serve.port, manifest + "?swift-version=4", headers: ["Host": host]))
            for answer in [links, redirect] {
                #expect(!answer.headers.contains { $0.value.contains("evil") }, "\(host): \(answer.headers)")
            }
            switch host {
            case "evil.example/x?":
                #expect(links.status == 400)
            case "evil.example":
                // Without a token, a DNS name that is not the registry's (DNS rebinding) is refused.
                #expect(links.status == 421)
                #expect(String(decoding: links.body, as: UTF8.self).contains("--url"))
            default:
                #expect(links.status == 200, "\(host)")
                #expect(
                    links.header("link")
                        == "<https://registry.example.com/r/ios/Feature/1.0.0/Package.swift?swift-version=5.10>; rel=\"alternate\"; filename=\"Package@swift-5.10.swift\"; swift-tools-version=\"5.10\""
                )
                #expect(redirect.status == 303)
                #expect(redirect.header("location") == "/r/ios/Feature/1.0.0/Package.swift")
            }
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func aTokenIsAskedOfEveryRequest() async throws {
        let registry = try await Registry()
        defer { registry.folder.remove() }
        let tokenFile = registry.folder.url.appendingPathComponent("token")
        try Data("s3cret-token\n".utf8).write(to: tokenFile)
        let serve = try Serve(registry, ["--token-file", tokenFile.path])
        func basic(_ pair: String) -> String { "Basic " + Data(pair.utf8).base64EncodedString() }

        for authorization in [nil, "Bearer wrong", "Bearer s3cret-token2", basic("me:wrong"), "s3cret-token"] {
            let answer = try #require(
                rawRequest(port: serve.port, "/ios/Base", headers: authorization.map { ["Authorization": $0] } ?? [:]))
            #expect(answer.status == 401, "\(authorization ?? "none")")
            let challenges = answer.headers.filter { $0.name == "www-authenticate" }.map { $0.value }
            #expect(challenges == ["Bearer realm=\"compose registry\""])
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("\"1.0.0\""))
        }
        for authorization in ["Bearer s3cret-token", basic("me:s3cret-token"), basic("token:s3cret-token")] {
            let answer = try #require(
                rawRequest(
                    port: serve.port, "/ios/Base", headers: ["Authorization": authorization, "Host": "evil.example"]))
            #expect(answer.status == 200, "\(authorization)")
            #expect(String(decoding: answer.body, as: UTF8.self).contains("\"1.0.0\""))
        }
        // SE-0378's login endpoint, which `swift package-registry login` calls.
        #expect(rawRequest(port: serve.port, "/login", method: "POST")?.status == 401)
        #expect(
            rawRequest(port: serve.port, "/login", method: "POST", headers: ["Authorization": "Bearer s3cret-token"])?
                .status
                == 200)
    }

    /// SwiftPM sends no credentials to an http registry; against one that asks a token it must fail at
    /// once and pass on what the registry says (a 401 that also offered Basic kept SwiftPM 6.3 waiting
    /// forever).
    @Test(.timeLimit(.minutes(10)))
    func swiftPMWithoutTheTokenIsToldSo() async throws {
        let registry = try await Registry()
        defer { registry.folder.remove() }
        let serve = try Serve(registry, [], environment: ["COMPOSE_REGISTRY_TOKEN": "s3cret"])
        let app = registry.folder.url.appendingPathComponent("app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent(".swiftpm/configuration"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try Data(
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "App", dependencies: [.package(id: "ios.Base", from: "1.0.0")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "Base", package: "ios.Base")])])

            """.utf8
        ).write(to: app.appendingPathComponent("Package.swift"))
        try Data("import Base\n".utf8).write(to: app.appendingPathComponent("Sources/App/main.swift"))
        try Data(
            """
            {"authentication": {}, "registries": {"[default]": {"supportsAvailability": false, "url": "http://127.0.0.1:\(serve.port)"}}, "version": 1}

            """.utf8
        ).write(to: app.appendingPathComponent(".swiftpm/configuration/registries.json"))
        let home = registry.folder.url.appendingPathComponent("swiftpm")
        let resolve = try await runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swift", "package", "--cache-path", home.appendingPathComponent("cache").path, "--config-path",
                home.appendingPathComponent("configuration").path, "--security-path",
                home.appendingPathComponent("security").path, "resolve",
            ], currentDirectory: app, timeout: 240, mergeOutputs: true)
        #expect(!resolve.timedOut)
        #expect(resolve.code != 0)
        #expect(resolve.stdout.contains("401: This registry needs its token"), "\(resolve.stdout)")
    }

    @Test(.timeLimit(.minutes(10)))
    func servingBeyondLoopbackNeedsAToken() async throws {
        let registry = try await Registry()
        defer { registry.folder.remove() }
        let refused = try await runCompose(
            [
                "registry", "serve", registry.specs.path, "--scope", "ios", "--folder", registry.output.path, "--host",
                "0.0.0.0", "--port", "0",
            ], environment: registry.environment, timeout: 60)
        #expect(refused.code == 64)
        #expect(refused.stderr.contains("Refusing to serve on 0.0.0.0 without a token"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-unauthenticated"), "\(refused.stderr)")

        // With the token in the environment it listens (0.0.0.0 takes 127.0.0.1 too) and asks for it.
        let serve = try Serve(registry, ["--host", "0.0.0.0"], environment: ["COMPOSE_REGISTRY_TOKEN": "from-env"])
        #expect(rawRequest(port: serve.port, "/ios/Base")?.status == 401)
        #expect(rawRequest(port: serve.port, "/ios/Base", headers: ["Authorization": "Bearer from-env"])?.status == 200)
    }
}
