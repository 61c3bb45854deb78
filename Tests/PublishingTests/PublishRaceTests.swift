import ComposeTestSupport
import Foundation
import Git
import SpecRepos
import SpecReposTestSupport
import Testing

/// The real `compose` binary, many at once, against a `git daemon` (a server with atomic ref updates)
/// and against a bare repository over `file://` (where compose itself moves the branch with compare-and-swap).
@Suite("Publishing: racing and killed publishes through git daemon and file://", .serialized)
struct PublishRaceTests {
    @Test(arguments: [true, false])
    func tenPublishesAtOnceAllLand(throughDaemon: Bool) async throws {
        let world = try PublishWorld(throughDaemon ? "race" : "race-file", daemon: throughDaemon)
        defer { world.stop() }
        // Eight components, and one component released twice (1.0.0 and 1.1.0) from two checkouts.
        var jobs: [(name: String, version: String, work: URL, home: ComposeHome)] = []
        let shared = try world.home("shared")
        for index in 0..<8 {
            let name = "Component\(index)"
            let work = try world.component(name, version: "1.0.0")
            // Even-numbered ones share one compose home; the others each have their own.
            let home = index.isMultiple(of: 2) ? shared : try world.home("home-\(index)")
            jobs.append((name, "1.0.0", work, home))
        }
        let first = try world.component("Twice", version: "1.0.0", checkout: "twice-a")
        try runGit(["clone", "-q", world.url("Twice.git"), world.temp.url.appendingPathComponent("twice-b").path])
        let second = try world.component("Twice", version: "1.1.0", checkout: "twice-b")
        jobs.append(("Twice", "1.0.0", first, shared))
        jobs.append(("Twice", "1.1.0", second, try world.home("home-twice")))

        let runs = try await withThrowingTaskGroup(of: (String, ComposeRun).self) { group in
            for job in jobs {
                group.addTask {
                    let run = try await runCompose(
                        ["publish", "specs", "--skip-build"], environment: composeEnvironment(home: job.home),
                        currentDirectory: job.work, timeout: 600)
                    return ("\(job.name) \(job.version)", run)
                }
            }
            var all: [(String, ComposeRun)] = []
            for try await result in group { all.append(result) }
            return all
        }
        var retries = 0
        for (label, run) in runs {
            #expect(run.code == 0, "\(label): \(run.stderr)")
            retries += run.stderr.components(separatedBy: "Retrying").count - 1
        }
        for job in jobs {
            #expect(try world.remoteHasSpec(job.name, job.version), "\(job.name) \(job.version)")
            #expect(try world.remoteTag(job.name, job.version) != nil)
        }
        let log = try world.specLog()
        #expect(log.count == jobs.count + 1)
        #expect(log.filter { $0.hasPrefix("[Add] Twice") || $0.hasPrefix("[Update] Twice") }.count == 2)
        print(
            "racing publishes (\(throughDaemon ? "git daemon" : "file://")): \(jobs.count) processes, \(retries) retries in all"
        )
    }

    @Test func killedPublishesFinishOnARerun() async throws {
        let world = try PublishWorld("faults", daemon: true)
        defer { world.stop() }
        let home = try world.home()
        let work = try world.component("Faulty", version: "0.9.0")
        // One publish that runs to the end says how long a publish takes on this machine now.
        let started = Date()
        let calibration = try await runCompose(
            ["publish", "specs", "--skip-build"], environment: composeEnvironment(home: home), currentDirectory: work)
        #expect(calibration.code == 0, "\(calibration.stderr)")
        // Kill at a random moment within a publish's span: most runs die part-way, a few may finish first
        // (the span shrinks after each of those, so that a machine faster than the first run still kills).
        var span = max(0.05, Date().timeIntervalSince(started))
        // Seeded, so a failing trial's moments can be drawn again (the seed is in each message).
        let seed: UInt64 = 20_261_126
        var generator = SeededGenerator(state: seed)
        let trials = 20
        var killed = 0
        for trial in 0..<trials {
            let version = "1.0.\(trial)"
            try world.component("Faulty", version: version)
            let interrupted = try await runCompose(
                ["publish", "specs", "--skip-build"], environment: composeEnvironment(home: home),
                currentDirectory: work,
                timeout: Double.random(in: 0.005...span, using: &generator))
            if interrupted.signal == SIGKILL {
                killed += 1
            } else {
                #expect(interrupted.code == 0, "trial \(trial) (seed \(seed)) ran to the end: \(interrupted.stderr)")
                span = max(0.01, span * 0.7)
            }

            let rerun = try await runCompose(
                ["publish", "specs", "--skip-build", "--ci"], environment: composeEnvironment(home: home),
                currentDirectory: work)
            #expect(rerun.code == 0, "trial \(trial): \(rerun.stderr)")
            #expect(try world.remoteHasSpec("Faulty", version), "trial \(trial)")
            #expect(try world.remoteTag("Faulty", version) != nil, "trial \(trial)")
            let clone = home.repoDirectory("specs")
            let status = try runGit(["status", "--porcelain"], in: clone).stdout
            #expect(status.isEmpty, "trial \(trial): \(status)")
            let head = try runGit(["rev-parse", "HEAD", "origin/main"], in: clone).stdout.split(separator: "\n")
            #expect(head.count == 2 && head[0] == head[1], "trial \(trial)")
        }
        #expect(killed >= 1, "no publish was killed: the test proved nothing")
        print("killed publishes: \(killed) of \(trials) ended by SIGKILL before finishing")
    }

    @Test func publishTakesTheSpecRepoLockBeforeItTags() async throws {
        let world = try PublishWorld("lock-first")
        defer { world.stop() }
        let home = try world.home()
        let work = try world.component("Locked", version: "1.0.0")
        // Another process holds the clone's lock (as a running `repo update` would).
        let lockPath = home.reposDirectory.appendingPathComponent(".specs.lock").path
        let holder = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        var holding = true
        defer { if holding { close(holder) } }

        let process = try BackgroundProcess(
            composeExecutable, ["publish", "specs", "--skip-build"], environment: composeEnvironment(home: home),
            currentDirectory: work)
        let waited = await process.waitForStandardError(containing: "waiting for another compose process", seconds: 600)
        #expect(waited, "the publish never said it was waiting for the lock: \(process.standardError)")
        // While it waits for the lock, nothing is tagged.
        #expect(try world.remoteTag("Locked", "1.0.0") == nil)
        #expect(try runGit(["tag", "--list", "1.0.0"], in: work).stdout.isEmpty)
        close(holder)
        holding = false
        let run = await process.finish(seconds: 600)
        #expect(run.code == 0 && run.signal == nil, "\(run.stderr)")
        #expect(try world.remoteTag("Locked", "1.0.0") != nil)
        #expect(try world.remoteHasSpec("Locked", "1.0.0"))
    }
}
