// compose-manual: the manual page of compose (mdoc) from `compose --experimental-dump-help` (make man).
//
//   compose --experimental-dump-help | compose-manual --date YYYY-MM-DD > compose.1
//
// Exit codes: 0 written, 1 the input is not dump-help JSON, 64 usage error.

import Foundation
import ManualPage

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("compose-manual: \(message)\n".utf8))
    exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, arguments[0] == "--date" else {
    fail(
        "usage: compose --experimental-dump-help | compose-manual --date YYYY-MM-DD > compose.1 (got: \(arguments.joined(separator: " ")))",
        code: 64)
}
do throws(ManualPage.Failure) {
    let page = try ManualPage.render(dumpHelp: FileHandle.standardInput.readDataToEndOfFile(), date: arguments[1])
    FileHandle.standardOutput.write(Data(page.utf8))
} catch {
    if case .badDate = error { fail(error.description, code: 64) }
    fail(error.description, code: 1)
}
