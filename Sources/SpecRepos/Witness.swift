import Digests
import Foundation
import Specs
import Support

/// A file or folder that a conclusion was drawn from, as it was when the conclusion was drawn: its
/// `lstat` stamp (see `SpecIndex.Stamp`), or that nothing was there. The conclusion holds for as
/// long as every witness does. A stamp younger than `SpecIndex.racyWindow` cannot vouch alone (a
/// change within the file system's timestamp granularity may leave it as it was): a file's is kept
/// with the SHA-1 of its bytes and the bytes are checked too; a folder's cannot be taken.
package struct Witness: Equatable, Sendable {
    package enum State: Equatable, Sendable {
        case stamped(SpecIndex.Stamp)
        /// A recent file: the stamp and the SHA-1 of its bytes must both match.
        case stampedAndHashed(SpecIndex.Stamp, checksum: String)
        case absent
        /// A folder (a symbolic link to one counts): its content is vouched for by other witnesses.
        case folder
    }

    /// Absolute.
    package let path: String
    package let state: State

    package init(path: String, state: State) {
        self.path = path
        self.state = state
    }

    /// The witness of `path` now; nil when it cannot be one (an `lstat` failing otherwise than for
    /// a missing path, or a folder changed within the racy window).
    package static func take(_ path: String, now: Int64 = SpecIndex.now()) -> Witness? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? Witness(path: path, state: .absent) : nil }
        let stamp = SpecIndex.Stamp(status)
        guard stamp.isRacy(now: now) else { return Witness(path: path, state: .stamped(stamp)) }
        guard stamp.isFile, let data = FileKind.readRegularFile(path) else { return nil }
        return Witness(path: path, state: .stampedAndHashed(stamp, checksum: SHA1.hex(of: data)))
    }

    /// Whether `path` is as witnessed.
    package func holds() -> Bool {
        var status = stat()
        let result = state == .folder ? stat(path, &status) : lstat(path, &status)
        switch state {
        case .absent: return result != 0 && errno == ENOENT
        case .folder: return result == 0 && status.st_mode & S_IFMT == S_IFDIR
        case .stamped(let stamp): return result == 0 && SpecIndex.Stamp(status) == stamp
        case .stampedAndHashed(let stamp, let checksum):
            guard result == 0, SpecIndex.Stamp(status) == stamp, let data = FileKind.readRegularFile(path) else {
                return false
            }
            return SHA1.hex(of: data) == checksum
        }
    }

    /// The stamp, when something was there.
    package var stamp: SpecIndex.Stamp? {
        switch state {
        case .stamped(let stamp), .stampedAndHashed(let stamp, _): stamp
        case .absent, .folder: nil
        }
    }
}

/// A conclusion kept between runs with what it depends on: a few facts (strings the writer
/// chooses: the tool's version, notes to repeat) and the witnesses it was drawn from. One file,
/// written atomically, starting with a magic line and the format version and ending with the
/// FNV-1a hash of everything before it (a truncated, corrupt or older file reads as none). A record
/// read from a file is checked where it lies in the bytes read: no `String` per witness (a record
/// of 45,000 witnesses is 3 MB), each path kept with a NUL after it for `fstatat`.
package struct WitnessedRecord: Equatable, Sendable {
    package static let formatVersion: UInt32 = 2
    static let magic = Array("compose witnessed record\n".utf8)
    static let noBase = UInt32.max

    package var facts: [String: [String]]
    /// Folders most witnesses lie in (a spec repo, the project): each is opened once when the
    /// record is checked and its witnesses looked up from there, a shorter walk than from `/`.
    package var bases: [String]
    /// The record's bytes (made by `encode` or read) and where each witness starts in them.
    private let bytes: [UInt8]
    private let offsets: [Int]

    package init(facts: [String: [String]], witnesses: [Witness], bases: [String] = []) {
        self.facts = facts
        self.bases = bases
        (bytes, offsets) = Self.encode(facts: facts, witnesses: witnesses, bases: bases)
    }

    private init(facts: [String: [String]], bases: [String], bytes: [UInt8], offsets: [Int]) {
        self.facts = facts
        self.bases = bases
        self.bytes = bytes
        self.offsets = offsets
    }

    package var witnessCount: Int { offsets.count }

    /// The witnesses, decoded (for reading a record, not for checking it).
    package var witnesses: [Witness] { offsets.map { witness(at: $0) } }

    /// Per witness: the index of the longest base its path lies in (nil: none), and the number of
    /// bytes of its path that base and the `/` after it take.
    static func located(_ witnesses: [Witness], in bases: [String]) -> [(base: Int, skipping: Int)?] {
        let prefixes = bases.enumerated().map { (index: $0.offset, prefix: $0.element + "/") }
            .sorted { $0.prefix.utf8.count > $1.prefix.utf8.count }
        return witnesses.map { witness in
            prefixes.first { witness.path.hasPrefix($0.prefix) }.map { ($0.index, $0.prefix.utf8.count) }
        }
    }

    /// Whether every witness still holds. Thousands of `lstat`s are spread over the cores (each
    /// share stops at its first witness that does not hold).
    package func holds() -> Bool {
        let folders = bases.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { for folder in folders where folder >= 0 { close(folder) } }
        let record = self
        @Sendable func check(_ range: Range<Int>) -> Bool {
            record.bytes.withUnsafeBufferPointer { buffer in
                range.allSatisfy { record.holds(at: record.offsets[$0], in: buffer, folders: folders) }
            }
        }
        // The first few alone first: the writer puts the project's own files there, the likeliest
        // to have changed.
        let count = offsets.count
        let first = min(count, 8)
        guard check(0..<first) else { return false }
        // One share per core; the others on dedicated threads (not a shared pool, whose threads
        // the caller may be using: Dispatch then runs the shares one after the other).
        let shares = min(ProcessInfo.processInfo.activeProcessorCount, count / 512)
        guard shares > 1 else { return check(first..<count) }
        let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: shares)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        let group = DispatchGroup()
        for share in 1..<shares {
            group.enter()
            Thread.detachNewThread {
                slots[share] = check((count * share / shares)..<(count * (share + 1) / shares))
                group.leave()
            }
        }
        slots[0] = check(first..<(count / shares))
        group.wait()
        return results.allSatisfy { $0 }
    }

    /// Whether the witness at `offset` holds, read in place: its path (NUL-terminated in the
    /// bytes) looked up below its base's open folder. A recent file's bytes, and a base that did
    /// not open, go through `Witness.holds` on the decoded witness.
    private func holds(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>, folders: [Int32]) -> Bool {
        let raw = UnsafeRawPointer(buffer.baseAddress!) + offset
        let base = raw.loadUnaligned(as: UInt32.self).littleEndian
        let length = Int(raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian)
        let kind = raw.load(fromByteOffset: 8 + length + 1, as: UInt8.self)
        let folder = base == Self.noBase ? AT_FDCWD : folders[Int(base)]
        guard kind != 2, folder >= 0 || folder == AT_FDCWD else { return witness(at: offset).holds() }
        var status = stat()
        let path = (raw + 8).assumingMemoryBound(to: CChar.self)
        let result = fstatat(folder, path, &status, kind == 3 ? 0 : AT_SYMLINK_NOFOLLOW)
        switch kind {
        case 0: return result != 0 && errno == ENOENT
        case 3: return result == 0 && status.st_mode & S_IFMT == S_IFDIR
        default:
            var reader = ByteReader(bytes: bytes[(offset + 8 + length + 2)...])
            return result == 0 && reader.stamp() == SpecIndex.Stamp(status)
        }
    }

    /// The witness at `offset`, decoded.
    private func witness(at offset: Int) -> Witness {
        var reader = ByteReader(bytes: bytes[offset...])
        let base = reader.u32()!
        let relative = reader.string()!
        _ = reader.byte()  // the NUL
        let path = base == Self.noBase ? relative : joinedPath(bases[Int(base)], relative)
        switch reader.byte()! {
        case 0: return Witness(path: path, state: .absent)
        case 3: return Witness(path: path, state: .folder)
        case 1: return Witness(path: path, state: .stamped(reader.stamp()!))
        default:
            let stamp = reader.stamp()!
            return Witness(path: path, state: .stampedAndHashed(stamp, checksum: reader.string()!))
        }
    }

    /// The record in `file`; nil when there is none or it is not one this version reads whole.
    package static func read(_ file: URL) -> WitnessedRecord? {
        guard let bytes = FileKind.readRegularFile(file.path) else { return nil }
        guard let (facts, bases, offsets) = decode(bytes) else { return nil }
        return WitnessedRecord(facts: facts, bases: bases, bytes: bytes, offsets: offsets)
    }

    /// Writes the record to `file` (a temporary file renamed over it). A failure is not reported:
    /// the record only saves work.
    package func write(to file: URL) {
        CacheFile.write(bytes, to: file)
    }

    /// The record's bytes, and where each witness starts in them.
    static func encode(facts: [String: [String]], witnesses: [Witness], bases: [String]) -> (
        bytes: [UInt8], offsets: [Int]
    ) {
        var out = ByteWriter()
        out.bytes += Self.magic
        out.u32(Self.formatVersion)
        out.u32(UInt32(facts.count))
        for key in facts.keys.sorted() {
            out.string(key)
            out.u32(UInt32(facts[key]!.count))
            for value in facts[key]! { out.string(value) }
        }
        out.u32(UInt32(bases.count))
        for base in bases { out.string(base) }
        out.u32(UInt32(witnesses.count))
        var offsets: [Int] = []
        for (witness, place) in zip(witnesses, located(witnesses, in: bases)) {
            offsets.append(out.bytes.count)
            out.u32(place.map { UInt32($0.base) } ?? Self.noBase)
            out.string(String(decoding: witness.path.utf8.dropFirst(place?.skipping ?? 0), as: UTF8.self))
            out.bytes.append(0)
            switch witness.state {
            case .absent: out.bytes.append(0)
            case .folder: out.bytes.append(3)
            case .stamped(let stamp):
                out.bytes.append(1)
                out.stamp(stamp)
            case .stampedAndHashed(let stamp, let checksum):
                out.bytes.append(2)
                out.stamp(stamp)
                out.string(checksum)
            }
        }
        out.u64(FNV1a.hash(out.bytes))
        return (out.bytes, offsets)
    }

    /// The facts, the bases and where each witness starts, every length checked against the
    /// bytes; nil when anything is out of place.
    static func decode(_ bytes: [UInt8]) -> (facts: [String: [String]], bases: [String], offsets: [Int])? {
        guard bytes.count >= magic.count + 12, bytes.starts(with: magic) else { return nil }
        var hashReader = ByteReader(bytes: bytes, position: bytes.count - 8)
        guard let stored = hashReader.u64(), stored == FNV1a.hash(bytes[..<(bytes.count - 8)]) else { return nil }
        var reader = ByteReader(bytes: bytes, position: magic.count, end: bytes.count - 8)
        guard reader.u32() == formatVersion, let factCount = reader.u32() else { return nil }
        var facts: [String: [String]] = [:]
        for _ in 0..<factCount {
            guard let key = reader.string(), let count = reader.u32(), count <= reader.remaining else { return nil }
            var values: [String] = []
            for _ in 0..<count {
                guard let value = reader.string() else { return nil }
                values.append(value)
            }
            facts[key] = values
        }
        guard let baseCount = reader.u32(), baseCount <= reader.remaining else { return nil }
        var bases: [String] = []
        for _ in 0..<baseCount {
            guard let base = reader.string() else { return nil }
            bases.append(base)
        }
        guard let witnessCount = reader.u32(), witnessCount <= reader.remaining else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(Int(witnessCount))
        for _ in 0..<witnessCount {
            offsets.append(reader.position)
            // The path's bytes are checked to hold no NUL (it ends at the one after it).
            guard let base = reader.u32(), base == noBase || base < baseCount, let length = reader.u32(),
                let path = reader.take(Int(length)), !path.isEmpty, !path.contains(0), reader.byte() == 0,
                let kind = reader.byte()
            else { return nil }
            switch kind {
            case 0, 3: continue
            case 1: guard reader.stamp() != nil else { return nil }
            case 2: guard reader.stamp() != nil, reader.string() != nil else { return nil }
            default: return nil
            }
        }
        guard reader.isAtEnd else { return nil }
        return (facts, bases, offsets)
    }
}
