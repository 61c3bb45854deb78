import ComposeTestSupport
import Foundation
import Ruby
import Testing

/// A host with one word, `emit`, that records what it is given as text, the way the Podfile and
/// podspec readers receive their DSL's calls.
final class RecordingHost: RubyHost {
    var emitted: [String] = []

    func call(_ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter) throws(RubyFailure)
        -> RubyValue?
    {
        guard name == "emit" else { return nil }
        var parts: [String] = []
        for value in arguments.values { parts.append(try value.inspected()) }
        emitted.append(parts.joined(separator: " "))
        return .null(at: arguments.offset)
    }

    func call(_ object: RubyObject, _ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter)
        throws(RubyFailure) -> RubyValue
    {
        .null(at: arguments.offset)
    }

    func responds(_ object: RubyObject, to name: String) -> Bool { false }
}

/// Runs `source` and returns what it emitted.
func run(
    _ source: String, folder: String? = nil, environment: [String: String] = [:]
) throws(RubyFailure) -> [String] {
    let host = RecordingHost()
    let files = folder.map { RubyFiles(root: $0) }
    let interpreter = RubyInterpreter(
        bytes: Array(source.utf8), path: "Test.rb", directory: files?.root, host: host, files: files,
        environment: environment)
    try interpreter.run()
    return host.emitted
}

/// The failure of `source`, as `line:column: message`.
func failure(_ source: String, folder: String? = nil) -> String? {
    do {
        _ = try run(source, folder: folder)
        return nil
    } catch {
        let (line, column) = RubyLineTable(Array(source.utf8)).location(error.offset)
        if let elsewhere = error.elsewhere {
            return "\(elsewhere.file):\(elsewhere.line):\(elsewhere.column): \(error.message)"
        }
        return "\(line):\(column): \(error.message)"
    }
}

@Suite("Ruby subset: what real Podfiles and podspecs write")
struct RubySemanticsTests {
    @Test func conditionsAndTheirModifierForms() throws {
        let out = try run(
            """
            platform = ENV['PLATFORM'] || 'ios'
            if platform == 'osx'
              emit 'mac'
            elsif platform.start_with?('i') && !ENV.key?('SKIP')
              emit 'phone'
            else
              emit 'other'
            end
            emit 'ci' if ENV['CI']
            emit 'local' unless ENV['CI']
            emit(ENV.fetch('MISSING', 'fallback'))
            emit platform == 'ios' ? 'yes' : 'no'
            case '15.4'
            when /^14/ then emit 'fourteen'
            when '15.0', String then emit 'a string'
            end
            case 3
            when 1..2 then emit 'low'
            when 3, 4 then emit 'three or four'
            end
            """, environment: ["CI": "1"])
        #expect(out == ["\"phone\"", "\"ci\"", "\"fallback\"", "\"yes\"", "\"a string\"", "\"three or four\""])
    }

    @Test func methodsWithParametersDefaultsKeywordsAndBlocks() throws {
        let out = try run(
            """
            def pods(name, version = '~> 1.0', *more, testing: false, &block)
              emit name, version, more, testing
              block.call(name.downcase) if block_given?
            end
            pods 'A'
            pods('B', '2.0', 'x', 'y', testing: true) { |n| emit n }
            def twice
              yield 1
              yield 2
            end
            total = 0
            twice { |n| total += n }
            emit total
            """)
        #expect(out == ["\"A\" \"~> 1.0\" [] false", "\"B\" \"2.0\" [\"x\", \"y\"] true", "\"b\"", "3"])
    }

    @Test func collectionsAndBlocks() throws {
        let out = try run(
            """
            names = %w[Core UI Net]
            names.each_with_index { |n, i| emit "#{i}:#{n}" if i.odd? }
            emit names.map(&:downcase).select { |n| n.length > 2 }.join(',')
            emit names.reject { |n| n == 'UI' }.inject { |a, b| a + '+' + b }
            flags = { 'A' => 1 }.merge('B' => 2) { |k, a, b| a + b }
            flags['C'] = 3
            emit flags.keys, flags.fetch('B'), flags.dig('C'), flags.key?('Z')
            list = []
            list << 'x'
            list.push('y', 'z')
            emit list.flatten.uniq.size, [[1, [2]], nil].flatten.compact
            emit [3, 1, 2].sort.reverse.first(2), (1..3).to_a.sum
            words = []
            for w in names do
              next if w == 'UI'
              break if w == 'Net'
              words << w
            end
            emit words
            i = 0
            i += 1 while i < 5
            emit i
            """)
        #expect(
            out == [
                "\"1:UI\"", "\"core,net\"", "\"Core+Net\"", "[\"A\", \"B\", \"C\"] 2 3 false", "3 [1, 2]",
                "[3, 2] 6", "[\"Core\"]", "5",
            ])
    }

    @Test func quotedStringsAndStripHeredocAsRubyGivesThem() throws {
        let out = try run(
            #"""
            emit %q(a (b) c), 'it''s', 'a\'b\\c', %q[x\]y], 'plain', ''
            emit "  a\n    b\n".strip_heredoc
            emit "\ta\n\t\tb\n\n  \n".strip_heredoc
            emit "a\n  b".strip_heredoc, "  é\n   ü".strip_heredoc
            emit "  a\r\n    b\r\n  \r\n   c".strip_heredoc == "a\r\n  b\r\n\r\n c"
            emit "\r\n    x\r\n  y\n".strip_heredoc == "\r\n  x\r\ny\n"
            """#)
        // `ruby -e` with ActiveSupport's `gsub(/^#{scan(/^[ \t]*(?=\S)/).min}/, "")`: a line starts
        // after every line feed, that of a `\r\n` too.
        #expect(
            out == [
                #""a (b) c" "its" "a'b\\c" "x]y" "plain" """#, #""a\n  b\n""#, #""a\n\tb\n\n  \n""#,
                #""a\n  b" "é\n ü""#, "true", "true",
            ])
    }

    @Test func stringMethodsAsRubyGivesThem() throws {
        let out = try run(
            """
            emit 'v1.2.3'.sub(/^v/, '').split('.').map(&:to_i)
            emit 'a-b_c'.gsub(/[-_]/, '-' => '.', '_' => '/')
            emit 'John Smith'.gsub(/(\\w+) (\\w+)/, '\\2, \\1')
            emit '  spaced  out  '.strip.squeeze rescue emit 'no squeeze'
            emit ' a  b '.split, 'a,b,,'.split(','), 'x'.center(5, '*')
            emit format('%s-%03d', 'build', 7), 'Pods-%s' % 'App'
            emit "#{1 + 2} items".upcase, 'Name'.downcase.to_sym, :ios.to_s
            text = <<~TEXT
              first
                indented
            TEXT
            emit text
            emit 'abc'[1..], 'abc'[0, 2], 'héllo'.length
            """)
        #expect(
            out == [
                "[1, 2, 3]", "\"a.b/c\"", "\"Smith, John\"", "\"no squeeze\"",
                "[\"a\", \"b\"] [\"a\", \"b\"] \"**x**\"",
                "\"build-007\" \"Pods-App\"", "\"3 ITEMS\" :name \"ios\"", "\"first\\n  indented\\n\"",
                "\"bc\" \"ab\" 5",
            ])
    }

    @Test func raiseStopsOnlyWhereItIsReachedAndRescueCatchesIt() throws {
        #expect(try run("raise 'never' if false\nemit 'ok'") == ["\"ok\""])
        #expect(try run("begin\n  raise 'boom'\nrescue => e\n  emit e\nend") == ["\"the file raises an error: boom\""])
        #expect(failure("x = 1\nraise \"stop at #{x}\"") == "2:1: the file raises an error: stop at 1")
    }

    @Test func variablesConstantsAndChainedAssignment() throws {
        let out = try run(
            """
            TARGET = '15.0'
            a = b = TARGET
            c, d = 'one', 'two'
            @shared ||= 'set once'
            @shared ||= 'not again'
            emit a, b, c, d, @shared, @unset
            """)
        #expect(out == ["\"15.0\" \"15.0\" \"one\" \"two\" \"set once\" nil"])
    }
}

@Suite("Ruby subset: the sandbox")
struct RubySandboxTests {
    /// Nothing a file asks for runs: each is refused at its place, and no command left a trace.
    @Test(arguments: [
        ("`touch MARKER`", "1:1: a shell command in backticks is not run"),
        ("%x(touch MARKER)", "1:1: a shell command in backticks is not run"),
        ("system('touch MARKER')", "1:1: running a command (`system`) is not run"),
        ("exec 'touch MARKER'", "1:1: running a command (`exec`) is not run"),
        ("spawn('touch MARKER')", "1:1: running a command (`spawn`) is not run"),
        ("open('|touch MARKER')", "1:1: `open` (files and commands) is not run"),
        ("eval(\"system('touch MARKER')\")", "1:1: `eval` of a string is not run"),
        ("send(:system, 'touch MARKER')", "1:1: `send` is not run"),
        ("Kernel.system('touch MARKER')", "1:8: running a command (`system`) is not run"),
        ("Kernel.open('|touch MARKER')", "1:1: `Kernel` is not available"),
        ("IO.popen('touch MARKER')", "1:1: `IO` is not available"),
        ("File.write('MARKER', 'x')", "1:6: `File.write` is not run"),
        ("File.open('MARKER', 'w') { |f| f << 'x' }", "1:6: `File.open` is not run"),
        ("'x'.instance_eval('system(1)')", "1:5: `instance_eval` is not run"),
        ("Process.spawn('touch MARKER')", "1:9: running a command (`spawn`) is not run"),
        ("Process.kill('TERM', 1)", "1:1: `Process` is not available"),
        ("Object.const_get(:Kernel)", "1:8: `const_get` is not run"),
        ("Object.new", "1:1: `Object` is not available"),
    ])
    func nothingRuns(_ source: String, _ expected: String) throws {
        let folder = try TemporaryDirectory("ruby-sandbox")
        defer { folder.remove() }
        let marker = folder.url.appendingPathComponent("MARKER").path
        let text = source.replacingOccurrences(of: "MARKER", with: marker)
        let message = failure(text, folder: folder.path)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "no failure")")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func boundsAreErrorsAtTheLine() {
        #expect(failure("loop do\nend")?.hasPrefix("1:1: the file runs more than 2000000 steps") == true)
        #expect(failure("def f(n)\n  f(n + 1)\nend\nf(0)")?.contains("deeper than 100 levels") == true)
        #expect(failure("s = 'ab'\n40.times { s += s }")?.contains("this string grows past 1 MiB") == true)
        #expect(failure("a = [1]\n40.times { a += a }")?.contains("grows past 100000 elements") == true)
        #expect(failure(String(repeating: "[", count: 5_000))?.contains("nesting is deeper than 300 levels") == true)
        #expect(
            failure("x = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' =~ /(a+)+$/")?.contains("can take exponential time") == true)
        #expect(failure("1000000.times { }")?.contains("loops more than 100000 times") == true)
        #expect(failure("(1..10_000_000).each { }")?.contains("more than 100000 elements") == true)
    }

    @Test func filesAreReadOnlyBelowTheFolderAndBounded() throws {
        let root = try TemporaryDirectory("ruby-files")
        defer { root.remove() }
        let folder = root.url.appendingPathComponent("app")
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try "3.1.0\n".write(to: folder.appendingPathComponent("VERSION"), atomically: true, encoding: .utf8)
        try "secret".write(to: root.url.appendingPathComponent("outside.txt"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(
            at: folder.appendingPathComponent("link.txt"),
            withDestinationURL: root.url.appendingPathComponent("outside.txt"))
        try Data(count: 2 << 20).write(to: folder.appendingPathComponent("big.bin"))
        try """
        HELPER_LOADED = true
        def helper_pods(prefix)
          emit "#{prefix}-from-helper"
        end
        """.write(to: folder.appendingPathComponent("scripts/helpers.rb"), atomically: true, encoding: .utf8)
        try "raise 'broken helper'\n".write(
            to: folder.appendingPathComponent("scripts/broken.rb"), atomically: true, encoding: .utf8)

        let out = try run(
            """
            require_relative 'scripts/helpers'
            require_relative './scripts/helpers.rb'
            helper_pods File.read('VERSION').strip
            emit File.exist?('VERSION'), File.exist?('nope'), Dir.glob('**/*.rb').sort
            emit File.basename(__dir__), File.join('a', 'b')
            """, folder: folder.path)
        #expect(
            out == [
                "\"3.1.0-from-helper\"", "true false [\"scripts/broken.rb\", \"scripts/helpers.rb\"]",
                "\"app\" \"a/b\"",
            ])

        #expect(failure("File.read('../outside.txt')", folder: folder.path)?.contains("is outside the folder") == true)
        #expect(failure("File.read('link.txt')", folder: folder.path)?.contains("is outside the folder") == true)
        #expect(failure("File.read('/etc/passwd')", folder: folder.path)?.contains("is outside the folder") == true)
        #expect(failure("require '/etc/passwd'", folder: folder.path)?.contains("is outside the folder") == true)
        #expect(
            failure("require_relative '../outside'", folder: folder.path)?.contains("is outside the folder") == true)
        #expect(failure("File.read('big.bin')", folder: folder.path)?.contains("larger than 1024 KiB") == true)
        #expect(failure("Dir.glob('../**/*')", folder: folder.path)?.contains("outside the folder") == true)
        // A failure in a required file names that file and its line.
        #expect(
            failure("require_relative 'scripts/broken'", folder: folder.path)
                == "scripts/broken.rb:1:1: the file raises an error: broken helper")
        // Without a folder nothing is read.
        #expect(failure("File.read('VERSION')")?.contains("not read from a folder") == true)
    }
}
