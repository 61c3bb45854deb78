import Foundation
import Specs
import Testing

/// The digests compose computes itself (Specs/Digests.swift), against the published test vectors and
/// against coreutils: each expected value below is what `md5sum`, `sha1sum` and `sha256sum` print for
/// the same bytes.
@Suite("Digests")
struct DigestTests {
    /// `length` bytes, each `(index × 7 + length) mod 256`: lengths on both sides of the 55/56/64-byte
    /// edges where the padding spills into a second block.
    static func pattern(_ length: Int) -> [UInt8] { (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + length) } }

    @Test(arguments: [
        (
            0, "d41d8cd98f00b204e9800998ecf8427e", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        ),
        (
            55, "f1289732253518750e22b62a571a1748", "63ac9708fb581dd150d3647549f9e0cb51dcf1df",
            "81afe5b788dc2ce138ff83d9b20164db75a94d75d2b2432eea4a0ef605088c72"
        ),
        (
            56, "179e3b9fa272a23e2a8b32bde1015414", "5a0c4d0eb2f15e05bbbff6b8dada9ae767fc03f0",
            "2aba54f0ac632420a2b502431408866e40e1d5e430df4cd822642c78ab2eb9c1"
        ),
        (
            63, "dd785945d1d6b87eca0d276dbb8756fd", "d94ff3ad53f9b9327704b812ee9c1f3abbba3d48",
            "733d3d4ee79ee67145bf73da13588f6f235d37414fc64b14a2f00f1762792f5e"
        ),
        (
            64, "e3ab394ce4eb7da020a27d2e2443143c", "5f55a35e13f1865e7ffc22dca1275b1a49b0ff56",
            "79322907b3e9d013d7dc2c2f256674dbf733045cde01df3539271c6f5605feb8"
        ),
        (
            65, "28a6b0f918d9aea03e979a1657d8d0f6", "d7f8931010f8342a97383e1410a58c47d057708b",
            "d85c007c6eb440f085afa2b84f6f2bce4658b240e9f62cb1364bf0485a57e720"
        ),
        (
            119, "d49720530a386a3191eac0dc840dd1bd", "774001b5ad1f46b40c48e1b94cb092c593ead25b",
            "6c87eedf096b345de205b702e5223b73b447a3207791ded3ea007ba15ed6736e"
        ),
        (
            120, "8a440004b569286a42c722295ce1c5a6", "6ebf3111dc761f11b13f29df0484848785385973",
            "42500cf6a1e3936d6b9e0bcfe296d654b63255e525487d3634d0b15fde591c4d"
        ),
        (
            128, "52cc29caecfd9380a2261a80c58e6787", "0a44ac02432f6ead67d86fcb70a4d8ce589e50ec",
            "489d55fea9a73af36b6dd0be7b4117d8e5683386d39544e8a44c99a87f368707"
        ),
        (
            1000, "c3b2968d34e038455d14c8827156e193", "7461968a9edb9b418224f1acb305d2feeaa10ba5",
            "6b0df76627243d095b0c4400cb658b7e804dd03461cc03aee8fc8fe0bcada168"
        ),
    ])
    func digestsMatchCoreutils(length: Int, md5: String, sha1: String, sha256: String) {
        let bytes = Self.pattern(length)
        #expect(MD5.hex(of: bytes) == md5)
        #expect(SHA1.hex(of: bytes) == sha1)
        #expect(SHA256Digest.hex(of: bytes) == sha256)
        #expect(SHA256Digest.bytes(of: bytes).map { String(format: "%02x", $0) }.joined() == sha256)
    }

    @Test func publishedVectors() {
        // FIPS 180-4's examples and RFC 1321's test suite.
        #expect(SHA256Digest.hex(of: "abc".utf8) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA1.hex(of: "abc".utf8) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(MD5.hex(of: "abc".utf8) == "900150983cd24fb0d6963f7d28e17f72")
        let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8
        #expect(SHA256Digest.hex(of: twoBlocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA1.hex(of: twoBlocks) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(MD5.hex(of: "message digest".utf8) == "f96b697d7cb7938d525a2f31aaf161d0")
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256Digest.hex(of: million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA1.hex(of: million) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// A large file is hashed a chunk at a time: any cut of the bytes gives the digest of the whole.
    @Test func incrementalDigestOfUnevenChunksIsTheWholeDigest() {
        let bytes = Self.pattern(1000)
        for chunkLengths in [[1], [63, 1, 64, 2], [200], [1000], [13, 70, 130]] {
            var digest = SHA256Digest.Incremental()
            var start = 0
            var turn = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunkLengths[turn % chunkLengths.count])
                digest.update(Data(bytes[start..<end]))
                start = end
                turn += 1
            }
            #expect(digest.hex() == SHA256Digest.hex(of: bytes), "chunks of \(chunkLengths)")
        }
        #expect(SHA256Digest.Incremental().hex() == SHA256Digest.hex(of: [UInt8]()))
    }
}
