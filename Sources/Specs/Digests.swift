import Foundation

// The three digests compose computes, written here rather than linked from a crypto library: they are
// checksums of public bytes (spec files, archives, shard names), compared to values that other tools
// print, and a library for them would cost every build a copy of BoringSSL (docs/DESIGN.md,
// "Dependencies"). Each is checked against the published test vectors and coreutils' output
// (Tests/SpecsTests/DigestTests.swift).

/// SHA-1, for the checksums Podfile.lock has always recorded (spec files and the Composefile), so a
/// team's tooling that compares them keeps working. Not for anything that needs collision resistance.
package enum SHA1 {
    /// The digest of `bytes` as 40 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = BlockDigest(.sha1)
        hasher.update(Array(bytes))
        return hexString(hasher.finalize())
    }
}

/// MD5, only for CocoaPods' sharded spec-repo layout, whose shard folders are slices of the MD5 of a
/// pod's name (`Alamofire` → `Specs/d/a/2/Alamofire`). Not for anything that needs collision resistance.
package enum MD5 {
    /// The digest of `bytes` as 32 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = BlockDigest(.md5)
        hasher.update(Array(bytes))
        return hexString(hasher.finalize())
    }
}

/// SHA-256, for the checksums of prebuilt artifacts and source archives (the value `swift package
/// compute-checksum` prints), for names derived from URLs and for the registry's kept secret.
package enum SHA256Digest {
    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hexString(self.bytes(of: bytes))
    }

    /// The 32 bytes of the digest of `bytes`.
    package static func bytes<Bytes: Sequence>(of bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = BlockDigest(.sha256)
        hasher.update(Array(bytes))
        return hasher.finalize()
    }

    /// A digest fed piece by piece (a large file read in chunks by its reader: no I/O here).
    package struct Incremental {
        private var hasher = BlockDigest(.sha256)

        package init() {}

        package mutating func update(_ data: Data) { data.withUnsafeBytes { hasher.update($0) } }

        /// The digest of everything fed so far, as 64 lowercase hexadecimal digits.
        package func hex() -> String { hexString(hasher.finalize()) }
    }
}

/// What SHA-1, MD5 and SHA-256 share: 64-byte blocks, each folded into a state of 32-bit words; the
/// message padded with 0x80, zeros and its length in bits (MD5 little-endian, the SHAs big-endian).
private struct BlockDigest {
    enum Algorithm { case sha1, md5, sha256 }

    let algorithm: Algorithm
    private var state: [UInt32]
    /// Bytes fed that do not yet fill a block (fewer than 64).
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
        switch algorithm {
        case .md5: state = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
        case .sha1: state = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
        case .sha256:
            state = [
                0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
            ]
        }
        pending.reserveCapacity(64)
    }

    mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var rest = bytes[...]
        if !pending.isEmpty {
            let taken = rest.prefix(64 - pending.count)
            pending.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while rest.count >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        pending.append(contentsOf: rest)
    }

    /// The digest of everything fed so far; the hasher itself is left as it was.
    func finalize() -> [UInt8] {
        var copy = self
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for index in 0..<8 {
            let shift = algorithm == .md5 ? index * 8 : (7 - index) * 8
            tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        copy.update(tail)
        return copy.state.flatMap { word -> [UInt8] in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32($0 * 8)) }
            return algorithm == .md5 ? bytes : bytes.reversed()
        }
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        switch algorithm {
        case .md5: compressMD5(block)
        case .sha1: compressSHA1(block)
        case .sha256: compressSHA256(block)
        }
    }

    private mutating func compressMD5(_ block: UnsafeRawBufferPointer) {
        let words = blockWords(block, count: 16, bigEndian: false)
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        for index in 0..<64 {
            var mixed: UInt32
            let word: Int
            switch index {
            case 0..<16: (mixed, word) = ((b & c) | (~b & d), index)
            case 16..<32: (mixed, word) = ((d & b) | (~d & c), (5 * index + 1) % 16)
            case 32..<48: (mixed, word) = (b ^ c ^ d, (3 * index + 5) % 16)
            default: (mixed, word) = (c ^ (b | ~d), (7 * index) % 16)
            }
            mixed = mixed &+ a &+ md5Constants[index] &+ words[word]
            (a, d, c) = (d, c, b)
            b = b &+ rotateLeft(mixed, md5Shifts[(index / 16) * 4 + index % 4])
        }
        add([a, b, c, d])
    }

    private mutating func compressSHA1(_ block: UnsafeRawBufferPointer) {
        var words = blockWords(block, count: 80, bigEndian: true)
        for index in 16..<80 {
            words[index] = rotateLeft(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
        }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for index in 0..<80 {
            let mixed: UInt32
            let constant: UInt32
            switch index {
            case 0..<20: (mixed, constant) = ((b & c) | (~b & d), 0x5a82_7999)
            case 20..<40: (mixed, constant) = (b ^ c ^ d, 0x6ed9_eba1)
            case 40..<60: (mixed, constant) = ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
            default: (mixed, constant) = (b ^ c ^ d, 0xca62_c1d6)
            }
            let next = rotateLeft(a, 5) &+ mixed &+ e &+ constant &+ words[index]
            (e, d, c, b, a) = (d, c, rotateLeft(b, 30), a, next)
        }
        add([a, b, c, d, e])
    }

    private mutating func compressSHA256(_ block: UnsafeRawBufferPointer) {
        var words = blockWords(block, count: 64, bigEndian: true)
        for index in 16..<64 {
            let early = words[index - 15]
            let late = words[index - 2]
            let sigma0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >> 3)
            let sigma1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >> 10)
            words[index] = words[index - 16] &+ sigma0 &+ words[index - 7] &+ sigma1
        }
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        var (e, f, g, h) = (state[4], state[5], state[6], state[7])
        for index in 0..<64 {
            let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
            let choice = (e & f) ^ (~e & g)
            let first = h &+ sum1 &+ choice &+ sha256Constants[index] &+ words[index]
            let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            (h, g, f, e) = (g, f, e, d &+ first)
            (d, c, b, a) = (c, b, a, first &+ sum0 &+ majority)
        }
        add([a, b, c, d, e, f, g, h])
    }

    /// The block's result added into the state, word by word.
    private mutating func add(_ words: [UInt32]) {
        for (index, word) in words.enumerated() { state[index] &+= word }
    }
}

/// The block's 16 words (big- or little-endian), then zeros up to `count` for the words derived from them.
private func blockWords(_ block: UnsafeRawBufferPointer, count: Int, bigEndian: Bool) -> [UInt32] {
    var words = [UInt32](repeating: 0, count: count)
    for index in 0..<16 {
        let raw = block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
        words[index] = bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
    }
    return words
}

private func rotateLeft(_ word: UInt32, _ count: UInt32) -> UInt32 { (word << count) | (word >> (32 - count)) }

private func rotateRight(_ word: UInt32, _ count: UInt32) -> UInt32 { (word >> count) | (word << (32 - count)) }

/// MD5's shift amounts, four per round (RFC 1321, 3.4).
private let md5Shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

/// MD5's table: the integer part of 2^32 × |sin(i + 1)| (RFC 1321, 3.4).
private let md5Constants: [UInt32] = [
    0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
    0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
    0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
    0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
    0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
    0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
    0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
    0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
]

/// SHA-256's round constants: the first 32 bits of the fractional parts of the cube roots of the first
/// 64 primes (FIPS 180-4, 4.2.2).
private let sha256Constants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
]

private func hexString(_ digest: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var result: [UInt8] = []
    for byte in digest {
        result.append(digits[Int(byte >> 4)])
        result.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: result, as: UTF8.self)
}
