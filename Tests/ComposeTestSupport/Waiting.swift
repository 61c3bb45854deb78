import Foundation

// How tests wait. Swift Testing runs tests on Swift's shared pool, which has one thread per core: two
// on a small CI machine. A test that sleeps in a loop there, or blocks a pool thread, slows every other
// test, and a loop that counts its turns runs out early when the machine is busy. So a test waits for
// an event (a server's request, a line a process writes, a process's end) on a thread of its own,
// with a deadline far above what the event needs: a busy machine makes a test slower, never wrong.

/// Runs `body` on a thread of its own and returns what it returns, holding no thread of the shared
/// pool meanwhile: for a wait that blocks (a condition, a pipe, a socket, a process).
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.start()
    }
}

/// A value that threads change and tests wait on: each change wakes the waiters, which look again.
package final class Observed<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var current: Value

    package init(_ value: Value) { current = value }

    package var value: Value {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// Changes the value and wakes every waiter.
    package func update(_ change: (inout Value) -> Void) {
        condition.lock()
        change(&current)
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until `test` holds for the value (true) or `seconds` pass (false).
    package func waitBlocking(seconds: Double, until test: (Value) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !test(current) {
            if !condition.wait(until: deadline) { return test(current) }
        }
        return true
    }

    /// Waits, on a thread of its own, until `test` holds for the value (true) or `seconds` pass (false).
    package func wait(seconds: Double, until test: @escaping @Sendable (Value) -> Bool) async -> Bool {
        await onOwnThread { self.waitBlocking(seconds: seconds, until: test) }
    }
}

/// Calls `attempt` on a thread of its own until it returns true or `seconds` pass, `interval` seconds
/// apart: for what has no event to wait on (a client that retries, as a real one does; a count in
/// /proc). Whether it succeeded, and how many attempts were made.
package func retrying(
    every interval: Double, for seconds: Double, _ attempt: @escaping @Sendable () -> Bool
) async -> (succeeded: Bool, attempts: Int) {
    await onOwnThread {
        let deadline = Date().addingTimeInterval(seconds)
        var attempts = 0
        while true {
            attempts += 1
            if attempt() { return (true, attempts) }
            if Date() >= deadline { return (false, attempts) }
            Thread.sleep(forTimeInterval: interval)
        }
    }
}
