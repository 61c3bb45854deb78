import Crypto
import Foundation

/// SHA-1, for the checksums Podfile.lock has always recorded (spec files and the Composefile), so a
/// team's tooling that compares them keeps working. Not for anything that needs collision resistance.
package enum SHA1 {
    /// The digest of `bytes` as 40 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = Insecure.SHA1()
        hasher.update(data: Array(bytes))
        return hexString(hasher.finalize())
    }
}

/// MD5, only for CocoaPods' sharded spec-repo layout, whose shard folders are slices of the MD5 of a
/// pod's name (`Alamofire` → `Specs/d/a/2/Alamofire`). Not for anything that needs collision resistance.
package enum MD5 {
    /// The digest of `bytes` as 32 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = Insecure.MD5()
        hasher.update(data: Array(bytes))
        return hexString(hasher.finalize())
    }
}

/// SHA-256, for the checksums of prebuilt artifacts (the value `swift package compute-checksum`
/// prints) and for names derived from URLs.
package enum SHA256Digest {
    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hexString(hasher.finalize())
    }

    /// A digest fed piece by piece (a large file read in chunks by its reader: no I/O here).
    package struct Incremental {
        private var hasher = SHA256()

        package init() {}

        package mutating func update(_ data: Data) { hasher.update(data: data) }

        /// The digest of everything fed so far, as 64 lowercase hexadecimal digits.
        package func hex() -> String { hexString(hasher.finalize()) }
    }
}

private func hexString(_ digest: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var result: [UInt8] = []
    for byte in digest {
        result.append(digits[Int(byte >> 4)])
        result.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: result, as: UTF8.self)
}
