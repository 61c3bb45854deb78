import Foundation

#if canImport(_FoundationICU)
    import _FoundationICU
#endif

/// The matching steps a file has spent on regular expressions, in ticks of the engine (ICU counts one
/// tick per 10,000 steps of its matcher); past `maximumTicks` every match stops. A count of the
/// engine's own work, not a clock: the same file stops at the same place on a fast or a busy machine.
final class RubyRegexMeter {
    /// 50 M steps: about half a second of backtracking; the regular expressions of real files take a
    /// few thousand steps, a MiB-long text a few million.
    static let maximumTicks = 5000
    var ticks = 0

    /// Counts one tick; false once the file's budget is spent.
    func tick() -> Bool {
        ticks += 1
        return ticks <= RubyRegexMeter.maximumTicks
    }
}

#if canImport(_FoundationICU)
    extension RubyRegex {
        /// A compiled pattern of ICU's C API (Foundation's own ICU): unlike NSRegularExpression it
        /// reports the matcher's progress, so a find that backtracks without end can be stopped.
        final class Pattern {
            fileprivate let handle: OpaquePointer

            init?(_ source: String, options: String) {
                // Ruby's /m is "dot matches a newline"; `^` and `$` always match at line ends in Ruby.
                var flags = UREGEX_MULTILINE.rawValue
                if options.contains("i") { flags |= UREGEX_CASE_INSENSITIVE.rawValue }
                if options.contains("x") { flags |= UREGEX_COMMENTS.rawValue }
                if options.contains("m") { flags |= UREGEX_DOTALL.rawValue }
                let pattern = Array(source.utf16)
                var status = U_ZERO_ERROR
                guard let handle = swift_uregex_open(pattern, Int32(pattern.count), UInt32(flags), nil, &status),
                    status.rawValue <= U_ZERO_ERROR.rawValue
                else { return nil }
                self.handle = handle
            }

            deinit { swift_uregex_close(handle) }
        }

        /// Calls `each` with the ranges of every match (the whole match, then each group) until `limit`
        /// matches or `each` answers false; false when the meter stopped the engine.
        static func find(
            _ pattern: Pattern, in text: String, limit: Int, meter: RubyRegexMeter,
            _ each: ([Range<String.Index>?]) -> Bool
        ) -> Bool {
            let units = Array(text.utf16)
            var status = U_ZERO_ERROR
            let context = Unmanaged.passUnretained(meter).toOpaque()
            swift_uregex_setMatchCallback(
                pattern.handle,
                { context, _ in
                    Unmanaged<RubyRegexMeter>.fromOpaque(context!).takeUnretainedValue().tick() ? 1 : 0
                }, context, &status)
            let groups = Int(swift_uregex_groupCount(pattern.handle, &status))
            var count = 0
            return units.withUnsafeBufferPointer { buffer in
                swift_uregex_setText(pattern.handle, buffer.baseAddress, Int32(buffer.count), &status)
                while count < limit, status.rawValue <= U_ZERO_ERROR.rawValue,
                    swift_uregex_findNext(pattern.handle, &status) != 0
                {
                    var ranges: [Range<String.Index>?] = []
                    for group in 0...groups {
                        let lower = Int(swift_uregex_start(pattern.handle, Int32(group), &status))
                        let upper = Int(swift_uregex_end(pattern.handle, Int32(group), &status))
                        ranges.append(
                            lower < 0
                                ? nil
                                : String.Index(
                                    utf16Offset: lower, in: text)..<String.Index(utf16Offset: upper, in: text))
                    }
                    guard each(ranges) else { break }
                    count += 1
                }
                // Nothing stops a find but the meter: a pattern that compiled matches any text.
                return status.rawValue <= U_ZERO_ERROR.rawValue
            }
        }
    }
#else
    extension RubyRegex {
        /// Where Foundation's ICU is not a module of its own (Darwin): NSRegularExpression, whose
        /// progress reports during one find are counted as ticks (a measure of the same order, not
        /// ICU's exact one).
        final class Pattern {
            fileprivate let expression: NSRegularExpression

            init?(_ source: String, options: String) {
                var flags: NSRegularExpression.Options = [.anchorsMatchLines]
                if options.contains("i") { flags.insert(.caseInsensitive) }
                if options.contains("x") { flags.insert(.allowCommentsAndWhitespace) }
                if options.contains("m") { flags.insert(.dotMatchesLineSeparators) }
                guard let expression = try? NSRegularExpression(pattern: source, options: flags) else { return nil }
                self.expression = expression
            }
        }

        static func find(
            _ pattern: Pattern, in text: String, limit: Int, meter: RubyRegexMeter,
            _ each: ([Range<String.Index>?]) -> Bool
        ) -> Bool {
            var count = 0
            var complete = true
            // Foundation reports progress after each match as well: only a run of reports with no
            // match between them is the engine's work on one find.
            var reportsSinceMatch = 0
            // Foundation's block is escaping on some platforms; it is not kept past the call.
            withoutActuallyEscaping(each) { each in
                pattern.expression.enumerateMatches(
                    in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)
                ) { result, _, stop in
                    guard let result else {
                        reportsSinceMatch += 1
                        if reportsSinceMatch > 8, !meter.tick() {
                            complete = false
                            stop.pointee = true
                        }
                        return
                    }
                    if !each((0..<result.numberOfRanges).map { Range(result.range(at: $0), in: text) }) {
                        stop.pointee = true
                    }
                    reportsSinceMatch = 0
                    count += 1
                    if count >= limit { stop.pointee = true }
                }
            }
            return complete
        }
    }
#endif
