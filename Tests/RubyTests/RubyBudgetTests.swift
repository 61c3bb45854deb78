import Foundation
import Ruby
import Testing

/// What a file that ends at a limit of the sandbox gave: the failure's kind, line and message, and
/// how long the refusal took.
struct Refusal {
    let kind: RubyFailure.Kind
    let line: Int
    let message: String
    let seconds: Double
}

/// Runs `source` and returns its failure (nil when it ran to the end), timed.
func refusal(_ source: String) -> Refusal? {
    var caught: RubyFailure?
    let seconds = timed {
        do { _ = try run(source) } catch let error as RubyFailure { caught = error } catch {}
    }
    guard let caught else { return nil }
    let (line, _) = RubyLineTable(Array(source.utf8)).location(caught.offset)
    return Refusal(kind: caught.kind, line: line, message: caught.message, seconds: seconds)
}

/// Seconds a refusal may take in a test: ten times the bar of two, for a busy 2-core machine; the
/// shapes below took a minute and more before they were bounded.
let refusalSeconds = 10.0

/// Seconds `body` takes.
func timed(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

@Suite("Ruby subset: every built-in within the budget")
struct RubyBuiltinBudgetTests {
    // MARK: Regular expressions: the engine's steps are counted and bounded

    @Test func aBacktrackingPatternIsStoppedAtItsLine() throws {
        let found = try #require(refusal("s = 'a' * 1000 + '!'\nx = s =~ /a*a*a*a*b/\n"))
        #expect(found.kind == .limit)
        #expect(found.line == 2)
        #expect(found.message.contains("backtracks"), "\(found.message)")
        #expect(found.seconds < refusalSeconds)
    }

    @Test func anAlternationOfTheSameTextIsStopped() throws {
        let found = try #require(refusal("x = 1\nif ('a' * 40).match?(/(a|a)*b/) then x = 2 end\n"))
        #expect(found.kind == .limit)
        #expect(found.line == 2)
        #expect(found.seconds < refusalSeconds)
    }

    @Test func aLazyGsubOverALongStringIsStopped() throws {
        let found = try #require(refusal("s = 'a' * 200_000\n\nt = s.gsub(/a*?b|a/, 'c')\n"))
        #expect(found.kind == .limit)
        #expect(found.line == 3)
        #expect(found.seconds < refusalSeconds)
    }

    @Test func theBudgetIsTheFilesNotEachMatchs() throws {
        // Each match alone stays under the budget; together they do not.
        let found = try #require(
            refusal("s = 'a' * 24 + '!'\nn = 0\n2000.times { n += 1 if s =~ /a*a*a*a*b/ }\n"))
        #expect(found.kind == .limit)
        #expect(found.line == 3)
        #expect(found.seconds < refusalSeconds)
    }

    @Test func scanOfAVeryLongStringIsLinear() throws {
        var out: [String] = []
        let seconds = try timed { out = try run("emit(('ab' * 100_000).scan(/b/).size)\n") }
        #expect(out == ["100000"])
        #expect(seconds < refusalSeconds)
        // One match past the bound of an array, and the scan stops there.
        let found = try #require(refusal("x = 1\ny = ('ab' * 500_000).scan(/(a)(b)/)\n"))
        #expect(found.kind == .limit)
        #expect(found.line == 2)
        #expect(found.message.contains("past 100000 elements"), "\(found.message)")
    }

    @Test func regularExpressionsOfRealFilesStillMatch() throws {
        let out = try run(
            """
            v = "  s.version = '1.2.3'"
            emit(v[/'(.*)'/, 1], v =~ /version/, v.gsub(/\\s+/, ' '), 'a,b;c'.split(/[,;]/))
            emit('Hello World'.scan(/[A-Z]/), 'x' =~ /y/, 'é-a' =~ /a/, 'ab' * 2 =~ /ba/i)
            """)
        #expect(out == [#""1.2.3" 4 " s.version = '1.2.3'" ["a", "b", "c"]"#, #"["H", "W"] nil 2 1"#])
    }

    // MARK: Strings refused before they are built

    @Test func paddingPastTheStringBoundIsRefusedBeforeItIsBuilt() throws {
        for method in ["center", "ljust", "rjust"] {
            let found = try #require(refusal("x = 1\ny = 'a'.\(method)(10**9)\n"))
            #expect(found.kind == .limit)
            #expect(found.line == 2)
            #expect(found.message.contains("would grow past"), "\(found.message)")
            #expect(found.seconds < refusalSeconds)
        }
    }

    @Test func aFormatWidthPastTheStringBoundIsRefused() throws {
        for source in [
            "y = format('%0100000000d', 1)", "y = '%-100000000s' % 'a'", "y = format('%099999999999999999999d', 1)",
        ] {
            let found = try #require(refusal("x = 1\n\(source)\n"))
            #expect(found.kind == .limit)
            #expect(found.line == 2)
            #expect(found.message.contains("would grow past"), "\(found.message)")
        }
        #expect(try run("emit(format('%05d|%-3s|%x', 42, 'a', 255))") == [#""00042|a  |ff""#])
    }

    @Test func repeatingAStringPastTheBoundIsRefusedEvenWhenTheCountOverflows() throws {
        for count in ["10**9", "2**62"] {
            let found = try #require(refusal("x = 1\ny = 'ab' * \(count)\n"))
            #expect(found.kind == .limit)
            #expect(found.line == 2)
        }
        let found = try #require(refusal("x = 1\ny = [1, 2] * 2**62\n"))
        #expect(found.kind == .limit)
    }

    // MARK: Structures that share themselves are charged per element visited

    @Test func anArrayThatDoublesByHoldingItselfTwiceIsRefusedWhereItGrows() throws {
        let found = try #require(refusal("a = [1]\n27.times { a = [a, a] }\nb = a.flatten\n"))
        #expect(found.kind == .limit)
        #expect(found.line == 2)
        #expect(found.message.contains("more than once"), "\(found.message)")
        #expect(found.seconds < refusalSeconds)
    }

    @Test func walksOfASharedStructureAreChargedEachTime() throws {
        // 2^19 leaves: allowed once, but walked again and again it is charged every time.
        for walk in ["a.inspect", "a == b", "a.uniq", "h[a] = 1", "a.flatten", "a.to_s", "a.hash", "a.join"] {
            let source = "a = [1]\nb = [1]\n19.times { a = [a, a]; b = [b, b] }\nh = {}\n200.times { \(walk) }\n"
            let found = try #require(refusal(source), "\(walk)")
            #expect(found.kind == .limit, "\(walk)")
            #expect(found.line == 5, "\(walk)")
            #expect(found.seconds < refusalSeconds, "\(walk): \(found.seconds) s")
        }
    }

    // MARK: Lexing is linear

    @Test func anEightMegabyteHeredocIsReadInLinearTime() throws {
        // Read, not run: the strings are past the bound of a value, not of a file the reader lexes.
        // Lines of plain text, each joined to the text before it: copied whole for every line, the
        // heredoc took 40 s and more; read in place, a few seconds of a debug build (the bound is
        // twice the refusals' for the 80,000 lines).
        let line = "    a line of a long description, " + String(repeating: "and more ", count: 7) + "\n"
        let body = String(repeating: line, count: 80_000)
        let quoted = String(repeating: "a line of a long string, #{1} and more\\n", count: 80_000)
        var out: [String] = []
        let seconds = try timed {
            out = try run("if false\n  x = <<-EOS\n\(body)  EOS\n  y = \"\(quoted)\"\nend\nemit(1)\n")
        }
        #expect(out == ["1"])
        #expect(seconds < 2 * refusalSeconds)
    }
}
