import Digests
import Foundation
import Specs
import Support

/// What resolving needs from a spec repository's folder, kept between runs in one file per folder
/// (in the compose home, never in the spec repo, whose content anyone on the team can write):
/// per pod, its version folders, and per version read so far, the spec file's SHA-1 (the lock's
/// checksum) and the spec reduced to what resolution reads (name, version, platforms,
/// dependencies, default subspecs, deprecation, nested specs), stored as a binary tree that
/// becomes a `JSONNode` without parsing text.
///
/// **Never a wrong answer.** Every entry carries the `lstat` stamp (device, inode, size, mtime and
/// ctime in nanoseconds) of what it was read from, taken before the read: a pod's listing is used
/// only while its folder and each version folder have their stamps (a version added, removed or
/// renamed, or a spec file added to or removed from a version folder, changes one), and a spec only
/// while its file has its stamp (an edit changes mtime, ctime and usually the size; ctime cannot be
/// set back). A `git checkout` by `repo update` or `publish` rewrites exactly the files that change,
/// so only the pods they touch are read again. Entries whose stamp is younger than a second when
/// recorded are not kept (a change within the file system's timestamp granularity could otherwise
/// go unseen; git calls this "racy"). The file starts with a magic line and the format version and
/// ends with a 64-bit FNV-1a hash of everything before it: a file that is truncated, corrupt or of
/// another version is ignored and rewritten. Only specs that decoded without error are indexed, so
/// every error still comes from reading the file itself.
///
/// Why a binary file of our own rather than JSON or SQLite: the index is read whole at the first
/// lookup and a resolve touches much of what it holds, so one sequential read and a pointer walk
/// over length-prefixed fields beats parsing text, and it needs no new dependency. Reading it only
/// finds where each entry starts (every entry is length-prefixed); an entry is decoded when it is
/// looked up, and one not recorded again is written back as the bytes it was read as.
///
/// Not `Sendable`: one task uses it (like `SpecRepository`, which owns it).
package final class SpecIndex {
    /// Bumped whenever the layout below changes; a file of another version is rebuilt.
    package static let formatVersion: UInt32 = 2
    static let magic = Array("compose spec index\n".utf8)
    /// How old a stamp must be when it is recorded (see "racy" above), in nanoseconds.
    static let racyWindow: Int64 = 1_000_000_000

    /// An `lstat` result: what changes when a file or folder is written, replaced or renamed.
    package struct Stamp: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64
        var isDirectory: Bool
        package var isFile: Bool

        /// `lstat(path)`, nil when it does not exist.
        static func of(_ path: String) -> Stamp? {
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            return Stamp(status)
        }

        /// `lstat` of `name` in the open folder `folder` (no path walk from the root).
        static func of(_ name: String, in folder: Int32) -> Stamp? {
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return Stamp(status)
        }

        init(_ status: stat) {
            let kind = status.st_mode & S_IFMT
            self.init(
                device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
                changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec),
                isDirectory: kind == S_IFDIR, isFile: kind == S_IFREG)
        }

        init(
            device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64, isDirectory: Bool, isFile: Bool
        ) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
            self.isDirectory = isDirectory
            self.isFile = isFile
        }

        /// Whether the stamp is too recent to trust later (written within the racy window of `now`).
        func isRacy(now: Int64) -> Bool {
            max(modified, changed) > now - SpecIndex.racyWindow
        }
    }

    /// A folder of a pod whose name is a version, with the spec file it holds (nil: none).
    struct VersionFolder: Equatable {
        let folder: String
        let stamp: Stamp
        let format: PodspecFormat?

        /// Whether the folder's name reads as `version` (a version is its text, trimmed).
        func spells(_ version: Version) -> Bool {
            folder == version.string || folder.trimmingASCIIWhitespace() == version.string
        }
    }

    /// A pod's folder as listed: its stamp, and its version folders (every real directory whose
    /// name is a version), newest first.
    struct PodListing: Equatable {
        let stamp: Stamp
        let folders: [VersionFolder]
    }

    /// A spec as resolution reads it.
    struct SpecEntry: Equatable {
        let format: PodspecFormat
        let stamp: Stamp
        let checksum: String
        /// The reduced spec in the binary node encoding (a slice of the index file as read: no copy).
        let node: ArraySlice<UInt8>
    }

    /// Where the index is kept.
    package let file: URL
    /// The file as read, and where each entry's fields start and end in it.
    private var bytes: [UInt8] = []
    private var listingRanges: [String: Range<Int>] = [:]
    private var specRanges: [String: Range<Int>] = [:]
    /// Entries recorded since (they replace those of the file).
    private var listings: [String: PodListing] = [:]
    private var specs: [String: SpecEntry] = [:]
    private var loaded = false
    /// Version folder checks left to another thread (see `deferFolderChecks`), and those not yet sent.
    private var checker: FolderStampChecker?
    private var pendingChecks: [FolderStampChecker.Job] = []
    /// Whether something was recorded since the file was read.
    package private(set) var isDirty = false
    /// Counts for tests and `--verbose`: lookups answered from the index, and recorded.
    package private(set) var hits = 0
    package private(set) var recorded = 0

    /// The index of the spec repository folder `root`, kept in `home`'s `index` folder under a
    /// name derived from the folder's real path.
    package convenience init(home: ComposeHome, root: URL) {
        let path = root.resolvingSymlinksInPath().standardizedFileURL.path
        let name = SHA1.hex(of: Data(path.utf8))
        self.init(file: home.url.appendingPathComponent("index", isDirectory: true).appendingPathComponent(name))
    }

    package init(file: URL) {
        self.file = file
    }

    // MARK: Lookups

    /// The version folders of the pod at `podPath` (absolute), when the index has them and nothing
    /// changed: the pod folder and every version folder still have their stamps. With checks
    /// deferred, the version folders that hold a spec file are compared later, on another thread.
    func listing(of name: String, podPath: String) -> PodListing? {
        guard let listing = listing(of: name) else { return nil }
        let folder = open(podPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        var status = stat()
        guard fstat(folder, &status) == 0, Stamp(status) == listing.stamp else { return nil }
        var later: [(path: String, stamp: Stamp)] = []
        for version in listing.folders {
            if checker != nil && version.format != nil {
                later.append((version.folder, version.stamp))
            } else if Stamp.of(version.folder, in: folder) != version.stamp {
                return nil
            }
        }
        if !later.isEmpty { check(FolderStampChecker.Job(subject: .listing(name), folder: podPath, entries: later)) }
        hits += 1
        return listing
    }

    /// Whether checks are being deferred (`deferFolderChecks`).
    var isDeferring: Bool { checker != nil }

    private func check(_ job: FolderStampChecker.Job) {
        pendingChecks.append(job)
        if pendingChecks.count >= 64 {
            checker?.enqueue(pendingChecks)
            pendingChecks = []
        }
    }

    /// With checks deferred: the reduced spec and checksum of the `format` file in `name`'s version
    /// folder `folder` of the pod folder `podPath` (the format a listing used this run recorded),
    /// its file's stamp left to the checker.
    func deferredSpec(name: String, folder: String, format: PodspecFormat, podPath: String, fileName: String)
        -> (checksum: String, node: JSONNode)?
    {
        let key = name + "\u{0}" + folder
        guard isDeferring, let entry = spec(named: key), entry.format == format,
            let node = try? BinaryNode.decode(entry.node)
        else { return nil }
        check(
            FolderStampChecker.Job(
                subject: .spec(key), folder: podPath, entries: [(joinedPath(folder, fileName), entry.stamp)]))
        hits += 1
        return (entry.checksum, node)
    }

    /// From now on, `listing(of:podPath:)` leaves the stamps of version folders that hold a spec
    /// file, and `deferredSpec` those of spec files, to a thread of their own
    /// (`FolderStampChecker`), until `confirmDeferredChecks()`.
    package func deferFolderChecks() {
        guard checker == nil else { return }
        checker = FolderStampChecker()
    }

    /// Waits for the deferred checks and turns deferring off. Answers how many listings and specs
    /// no longer held; their entries are dropped, so the next lookup reads their files anew.
    package func confirmDeferredChecks() -> Int {
        guard let checker else { return 0 }
        checker.enqueue(pendingChecks)
        pendingChecks = []
        self.checker = nil
        let failed = checker.finish()
        for subject in failed {
            switch subject {
            case .listing(let name):
                listings[name] = nil
                listingRanges[name] = nil
            case .spec(let key):
                specs[key] = nil
                specRanges[key] = nil
            }
            isDirty = true
        }
        return failed.count
    }

    /// The checksum of `name`'s spec at `version` and its path, when the index holds it and
    /// nothing it depends on changed: the pod folder (which folders exist), every version folder
    /// spelling that version (which of them holds the spec), and the spec file. Three `lstat`s in
    /// the usual case, no read: what a resolve with nothing to do needs per locked pod.
    /// The stamps compared are returned as witnesses of the answer.
    func checksum(of name: String, version: Version, podPath: String, safe: SafeName)
        -> (path: String, checksum: String, witnesses: [Witness])?
    {
        guard let listing = listing(of: name), Stamp.of(podPath) == listing.stamp else { return nil }
        let spellings = listing.folders.filter { $0.spells(version) }
        guard let chosen = spellings.first(where: { $0.format != nil }), let format = chosen.format,
            spellings.allSatisfy({ Stamp.of(joinedPath(podPath, $0.folder)) == $0.stamp }),
            let entry = spec(named: name + "\u{0}" + chosen.folder), entry.format == format
        else { return nil }
        let path = joinedPath(podPath, chosen.folder, format.fileName(for: safe.string))
        guard Stamp.of(path) == entry.stamp else { return nil }
        hits += 1
        // The folders that decide which file is read: those before the chosen one (no spec file
        // yet) and the chosen one unless it holds the format that wins.
        var witnesses = [Witness(path: podPath, state: .stamped(listing.stamp))]
        for spelling in spellings {
            if spelling.folder != chosen.folder || format != PodspecFormat.readable.first {
                witnesses.append(Witness(path: joinedPath(podPath, spelling.folder), state: .stamped(spelling.stamp)))
            }
            if spelling.folder == chosen.folder { break }
        }
        witnesses.append(Witness(path: path, state: .stamped(entry.stamp)))
        return (path, entry.checksum, witnesses)
    }

    /// The listing the index holds for `name`, when it was taken of a pod folder with exactly `stamp`.
    func listing(of name: String, stamp: Stamp) -> PodListing? {
        guard let listing = listing(of: name), listing.stamp == stamp else { return nil }
        return listing
    }

    /// The checksum the index holds for `name`'s spec in version folder `folder`, when it was read
    /// from a file with exactly `stamp` (its content then is what was hashed): no read needed.
    func checksum(of name: String, folder: String, stamp: Stamp) -> String? {
        guard let entry = spec(named: name + "\u{0}" + folder), entry.stamp == stamp else { return nil }
        return entry.checksum
    }

    func record(_ listing: PodListing, of name: String) {
        let now = Self.now()
        guard !listing.stamp.isRacy(now: now), !listing.folders.contains(where: { $0.stamp.isRacy(now: now) }) else {
            if self.listing(of: name) != nil { isDirty = true }
            listings[name] = nil
            listingRanges[name] = nil
            return
        }
        guard self.listing(of: name) != listing else { return }
        listings[name] = listing
        isDirty = true
        recorded += 1
    }

    /// The reduced spec and checksum of the `format` file in `name`'s version folder `folder`,
    /// when indexed and the file's stamp now is `stamp` (unchanged).
    func spec(name: String, folder: String, format: PodspecFormat, stamp: Stamp) -> (checksum: String, node: JSONNode)?
    {
        guard let entry = spec(named: name + "\u{0}" + folder), entry.format == format, entry.stamp == stamp,
            let node = try? BinaryNode.decode(entry.node)
        else { return nil }
        hits += 1
        return (entry.checksum, node)
    }

    /// Records a spec read from a file whose stamp, taken before the read, was `stamp`.
    func record(name: String, folder: String, format: PodspecFormat, stamp: Stamp, checksum: String, spec: Spec) {
        let key = name + "\u{0}" + folder
        guard stamp.isFile, !stamp.isRacy(now: Self.now()) else {
            if self.spec(named: key) != nil { isDirty = true }
            specs[key] = nil
            specRanges[key] = nil
            return
        }
        let entry = SpecEntry(
            format: format, stamp: stamp, checksum: checksum,
            node: BinaryNode.encode(Self.resolutionNode(of: spec.json))[...])
        guard self.spec(named: key) != entry else { return }
        specs[key] = entry
        isDirty = true
        recorded += 1
    }

    /// The spec object with only what resolution reads, nested specs and platform blocks included.
    /// Decoding it gives the same name, version, platforms, dependencies, default subspecs,
    /// deprecation and nested specs as the whole file.
    package static func resolutionNode(of node: JSONNode) -> JSONNode {
        let kept: Set<String> = [
            "name", "version", "platforms", "dependencies", "default_subspecs", "default_subspec", "deprecated",
            "deprecated_in_favor_of", "test_type",
        ]
        let nested = Set(Spec.Kind.nestedKeys.map { $0.0 })
        var members: [JSONNode.Member] = []
        for member in node.members {
            if kept.contains(member.key) {
                members.append(member)
            } else if nested.contains(member.key), let elements = member.value.arrayValue {
                members.append(
                    JSONNode.Member(
                        key: member.key, value: JSONNode(.array(elements.map { resolutionNode(of: $0) }))))
            } else if Platform.names.contains(Platform.normalized(member.key)) {
                members.append(
                    JSONNode.Member(
                        key: member.key,
                        value: JSONNode(.object(member.value.members.filter { $0.key == "dependencies" }))))
            }
        }
        return JSONNode(.object(members))
    }

    // MARK: The file

    /// The real-time clock in nanoseconds, as stamps count time.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The listing of `name`: recorded in this run, else decoded from the file.
    private func listing(of name: String) -> PodListing? {
        load()
        if let recorded = listings[name] { return recorded }
        guard let range = listingRanges[name] else { return nil }
        var reader = ByteReader(bytes: bytes[range])
        guard let stamp = reader.stamp(), let count = reader.u32(), Int(count) <= reader.remaining else { return nil }
        var folders: [VersionFolder] = []
        folders.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let folder = reader.string(), let folderStamp = reader.stamp(), let format = reader.format() else {
                return nil
            }
            folders.append(VersionFolder(folder: folder, stamp: folderStamp, format: format))
        }
        return reader.isAtEnd ? PodListing(stamp: stamp, folders: folders) : nil
    }

    /// The spec entry under `key` (`name\0folder`): recorded in this run, else decoded from the file.
    private func spec(named key: String) -> SpecEntry? {
        load()
        if let recorded = specs[key] { return recorded }
        guard let range = specRanges[key] else { return nil }
        return Self.specEntry(bytes[range])
    }

    private static func specEntry(_ fields: ArraySlice<UInt8>) -> SpecEntry? {
        var reader = ByteReader(bytes: fields)
        guard let format = reader.format() ?? nil, let stamp = reader.stamp(), let checksum = reader.string(),
            let length = reader.u32(), let node = reader.take(Int(length)), reader.isAtEnd
        else { return nil }
        return SpecEntry(format: format, stamp: stamp, checksum: checksum, node: node)
    }

    private func load() {
        guard !loaded else { return }
        loaded = true
        guard let bytes = FileKind.readRegularFile(file.path), let (listings, specs) = Self.scan(bytes) else { return }
        self.bytes = bytes
        listingRanges = listings
        specRanges = specs
    }

    /// Writes the index when something was recorded (atomically: a temporary file renamed over it).
    /// A failure is not an error of the command: the next run reads the files again.
    package func save() {
        guard isDirty else { return }
        if CacheFile.write(encode(), to: file) { isDirty = false }
    }

    /// The file: the magic line, the format version, then the listings and the spec entries, each a
    /// count of entries, each entry its key and the length of its fields, then the fields; last the
    /// hash of everything before it. Entries not recorded again are copied as read.
    func encode() -> [UInt8] {
        load()
        var out = ByteWriter()
        out.bytes.reserveCapacity(bytes.count + 4096)
        out.bytes += Self.magic
        out.u32(Self.formatVersion)
        // One section: every key, sorted; an entry recorded this run written by `fields`, any other
        // copied as read.
        func section<Entry>(
            _ recorded: [String: Entry], _ read: [String: Range<Int>], fields: (inout ByteWriter, Entry) -> Void
        ) {
            let keys = Set(read.keys).union(recorded.keys).sorted()
            out.u32(UInt32(keys.count))
            for key in keys {
                out.string(key)
                if let entry = recorded[key] {
                    out.lengthPrefixed { fields(&$0, entry) }
                } else {
                    let range = read[key]!
                    out.u32(UInt32(range.count))
                    out.bytes += bytes[range]
                }
            }
        }
        section(listings, listingRanges) { out, listing in
            out.stamp(listing.stamp)
            out.u32(UInt32(listing.folders.count))
            for folder in listing.folders {
                out.string(folder.folder)
                out.stamp(folder.stamp)
                out.format(folder.format)
            }
        }
        section(specs, specRanges) { out, entry in
            out.format(entry.format)
            out.stamp(entry.stamp)
            out.string(entry.checksum)
            out.u32(UInt32(entry.node.count))
            out.bytes += entry.node
        }
        out.u64(FNV1a.hashWords(out.bytes[...]))
        return out.bytes
    }

    /// Whether `file` is an index this version of compose reads: whole, with a matching hash, and
    /// every entry decoding.
    package static func isReadable(_ file: URL) -> Bool {
        guard let bytes = FileKind.readRegularFile(file.path), let (listings, specs) = scan(bytes) else { return false }
        let index = SpecIndex(file: file)
        index.bytes = bytes
        index.listingRanges = listings
        index.specRanges = specs
        index.loaded = true
        return listings.keys.allSatisfy { index.listing(of: $0) != nil }
            && specs.values.allSatisfy { specEntry(bytes[$0]) != nil }
    }

    /// Where each entry's fields are, when the file is whole (magic, version, hash, structure).
    static func scan(_ bytes: [UInt8]) -> (listings: [String: Range<Int>], specs: [String: Range<Int>])? {
        guard bytes.count >= magic.count + 12, bytes.starts(with: magic) else { return nil }
        var hashReader = ByteReader(bytes: bytes, position: bytes.count - 8)
        guard let stored = hashReader.u64(), stored == FNV1a.hashWords(bytes[..<(bytes.count - 8)]) else { return nil }
        var reader = ByteReader(bytes: bytes, position: magic.count, end: bytes.count - 8)
        guard reader.u32() == formatVersion else { return nil }
        func entries() -> [String: Range<Int>]? {
            guard let count = reader.u32(), Int(count) <= reader.remaining else { return nil }
            var ranges: [String: Range<Int>] = [:]
            ranges.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let key = reader.string(), let length = reader.u32(), let fields = reader.take(Int(length)) else {
                    return nil
                }
                ranges[key] = fields.startIndex..<fields.endIndex
            }
            return ranges
        }
        guard let listings = entries(), let specs = entries(), reader.isAtEnd else { return nil }
        return (listings, specs)
    }
}

/// FNV-1a, 64 bits: the index file's integrity check (not a defence against tampering: the file
/// lives in the user's own compose home).
enum FNV1a {
    static func hash(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The same mixing over 8-byte little-endian words (the tail byte by byte): eight times fewer
    /// steps, for the spec index, which is tens of megabytes on a large repo.
    static func hashWords(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                hash ^= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
                hash &*= 0x0000_0100_0000_01b3
            }
            for byte in raw[(words * 8)...] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        return hash
    }
}

/// A `JSONNode` as bytes: a tag (0 null, 1 false, 2 true, 3 number, 4 string, 5 array, 6 object),
/// then for numbers and strings the UTF-8 text, for arrays the elements, for objects the members
/// (key, value), each count and length a little-endian 32-bit number. Positions are not kept.
enum BinaryNode {
    struct Malformed: Error {}

    static func encode(_ node: JSONNode) -> [UInt8] {
        var out = ByteWriter()
        write(node, into: &out)
        return out.bytes
    }

    private static func write(_ node: JSONNode, into out: inout ByteWriter) {
        switch node.value {
        case .null: out.bytes.append(0)
        case .bool(let b): out.bytes.append(b ? 2 : 1)
        case .number(let n):
            out.bytes.append(3)
            out.string(n)
        case .string(let s):
            out.bytes.append(4)
            out.string(s)
        case .array(let elements):
            out.bytes.append(5)
            out.u32(UInt32(elements.count))
            for element in elements { write(element, into: &out) }
        case .object(let members):
            out.bytes.append(6)
            out.u32(UInt32(members.count))
            for member in members {
                out.string(member.key)
                write(member.value, into: &out)
            }
        }
    }

    static func decode(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> JSONNode {
        var reader = ByteReader(bytes: bytes)
        let node = try read(&reader, depth: 0)
        guard reader.isAtEnd else { throw Malformed() }
        return node
    }

    private static func read(_ reader: inout ByteReader, depth: Int) throws(Malformed) -> JSONNode {
        guard depth < 64, let tag = reader.byte() else { throw Malformed() }
        switch tag {
        case 0: return JSONNode(.null)
        case 1: return JSONNode(.bool(false))
        case 2: return JSONNode(.bool(true))
        case 3:
            guard let text = reader.string() else { throw Malformed() }
            return JSONNode(.number(text))
        case 4:
            guard let text = reader.string() else { throw Malformed() }
            return JSONNode(.string(text))
        case 5:
            guard let count = reader.u32(), Int(count) <= reader.remaining else { throw Malformed() }
            var elements: [JSONNode] = []
            elements.reserveCapacity(Int(count))
            for _ in 0..<count { elements.append(try read(&reader, depth: depth + 1)) }
            return JSONNode(.array(elements))
        case 6:
            guard let count = reader.u32(), Int(count) <= reader.remaining else { throw Malformed() }
            var members: [JSONNode.Member] = []
            members.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let key = reader.string() else { throw Malformed() }
                members.append(JSONNode.Member(key: key, value: try read(&reader, depth: depth + 1)))
            }
            return JSONNode(.object(members))
        default:
            throw Malformed()
        }
    }
}

struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func string(_ text: String) {
        u32(UInt32(text.utf8.count))
        bytes += text.utf8
    }

    /// Writes what `body` writes, preceded by its length.
    mutating func lengthPrefixed(_ body: (inout ByteWriter) -> Void) {
        let start = bytes.count
        u32(0)
        body(&self)
        let length = UInt32(bytes.count - start - 4).littleEndian
        withUnsafeBytes(of: length) { bytes.replaceSubrange(start..<(start + 4), with: $0) }
    }

    mutating func stamp(_ stamp: SpecIndex.Stamp) {
        u64(stamp.device)
        u64(stamp.inode)
        u64(UInt64(bitPattern: stamp.size))
        u64(UInt64(bitPattern: stamp.modified))
        u64(UInt64(bitPattern: stamp.changed))
        bytes.append((stamp.isDirectory ? 1 : 0) | (stamp.isFile ? 2 : 0))
    }

    mutating func format(_ format: PodspecFormat?) {
        switch format {
        case nil: bytes.append(0)
        case .json: bytes.append(1)
        case .ruby: bytes.append(2)
        }
    }
}

/// Bounds-checked reading: every method returns nil past the end instead of trapping.
struct ByteReader {
    let bytes: ArraySlice<UInt8>
    var position: Int
    var end: Int

    init(bytes: [UInt8], position: Int, end: Int? = nil) {
        self.bytes = bytes[...]
        self.position = position
        self.end = end ?? bytes.count
    }

    /// Reads `bytes` (a slice: positions are its own indices).
    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
        end = bytes.endIndex
    }

    var isAtEnd: Bool { position == end }
    var remaining: Int { end - position }

    mutating func byte() -> UInt8? {
        guard position < end else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(bytes[position + i]) << (8 * UInt32(i)) }
        position += 4
        return value
    }

    mutating func u64() -> UInt64? {
        guard remaining >= 8 else { return nil }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return value
    }

    /// The next `count` bytes, sharing the storage read (no copy).
    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, remaining >= count else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func string() -> String? {
        guard let length = u32(), let raw = take(Int(length)) else { return nil }
        return String(validating: raw, as: UTF8.self)
    }

    mutating func stamp() -> SpecIndex.Stamp? {
        guard let device = u64(), let inode = u64(), let size = u64(), let modified = u64(), let changed = u64(),
            let flags = byte()
        else { return nil }
        return SpecIndex.Stamp(
            device: device, inode: inode, size: Int64(bitPattern: size), modified: Int64(bitPattern: modified),
            changed: Int64(bitPattern: changed), isDirectory: flags & 1 != 0, isFile: flags & 2 != 0)
    }

    /// nil past the end; `.some(nil)` for "no spec file".
    mutating func format() -> PodspecFormat?? {
        switch byte() {
        case 0: return .some(nil)
        case 1: return .some(.json)
        case 2: return .some(.ruby)
        default: return nil
        }
    }
}
