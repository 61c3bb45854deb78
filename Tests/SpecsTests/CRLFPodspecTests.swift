import ComposeTestSupport
import Foundation
import Specs
import Testing

/// A podspec written with CR LF line ends that reads a CR LF file of its folder: each string
/// attribute loses its common indentation on every line (`strip_heredoc`, whose `^` starts a line
/// after the `\n` of each `\r\n`), as cocoapods-core's `store_attribute` gives it.
@Suite struct CRLFPodspecTests {
    @Test func stripHeredocRemovesTheIndentationAfterEveryCRLF() throws {
        let folder = try TemporaryDirectory("crlf-podspec")
        defer { folder.remove() }
        try Data("    Checkout, done right.\r\n      * cards\r\n      * wallets\r\n\r\n    See the docs.\r\n".utf8)
            .write(to: folder.url.appendingPathComponent("DESCRIPTION.txt"))
        let podspec = [
            "Pod::Spec.new do |s|",
            "  s.name = 'Pay'",
            "  s.version = '1.0.0'",
            #"  s.summary = "  Pay\r\n    all\r\n  of it".strip_heredoc"#,
            "  s.description = File.read(File.join(__dir__, 'DESCRIPTION.txt'))",
            "  s.prepare_command = <<-CMD.strip_heredoc",
            "    echo one",
            "      echo two",
            "  CMD",
            "end",
        ].map { $0 + "\r\n" }.joined()
        let spec = try PodspecReader.read(bytes: Array(podspec.utf8), path: "Pay.podspec", directory: folder.path)
        // `ruby -e` with ActiveSupport's strip_heredoc (`gsub(/^#{scan(/^[ \t]*(?=\S)/).min}/, "")`),
        // then `strip`, as `store_attribute` does; Ruby reads the file's own CR LF as LF.
        #expect(spec["summary"]?.stringValue == "Pay\r\n  all\r\nof it")
        #expect(
            spec["description"]?.stringValue == "Checkout, done right.\r\n  * cards\r\n  * wallets\r\n\r\nSee the docs."
        )
        #expect(spec["prepare_command"]?.stringValue == "echo one\n  echo two")
    }
}
