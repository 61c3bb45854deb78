import Foundation
import Git
import Specs
import Support

/// What `compose search` shows of every pod of one added spec repo (its name, newest version and
/// summary, or why that spec could not be read), kept in the compose home beside the clone's spec
/// index (`index/<hash of the clone's path>.search`), so that a search reads one file per repo and
/// no spec: the search part of the spec index, in a file of its own because the resolver's file
/// (the reduced specs, tens of megabytes on a large repo) is read whole and a search needs none of it.
///
/// **Fresh by git, not by stamps.** Checking a stamp per pod costs more than a search of 100,000
/// pods may take, so the entries are kept with the state of the clone they were read from: HEAD's
/// commit, the git index file (its `lstat` stamp and its last 32 bytes, git's checksum of it) and
/// the layout (`Specs/`, the shard prefix lengths). Everything compose does to a clone (publish,
/// deprecate, `repo update`, the recovery of an interrupted publish) goes through commits and the
/// git index. When both are unchanged the entries are answered as they are; when HEAD moved, only
/// the pods whose files differ between the recorded commit and HEAD (one tree diff) are read
/// again; anything else (the git index alone changed, the layout changed, the recorded commit is
/// gone, an unreadable or older file) reads every pod's newest spec. An edit of a clone's files by
/// hand that git has not seen (neither staged nor committed) is not seen by search until then;
/// `info` reads the pod's own files and sees it at once.
///
/// **Untrusted text.** Summaries and names come from spec files anyone may write: every field is
/// length-prefixed (no separator to forge), the file ends with a hash of the rest and is checked
/// whole before use, and a summary longer than `summaryLimit` bytes is not kept (the flag says to
/// read it from the spec when a search needs it). For matching, each entry whose name and summary
/// are printable ASCII is also kept lowercased in one buffer, `name NUL summary NUL`, searched
/// with a byte search: those bytes cannot hold a NUL. Any other entry (a control character, a byte
/// outside ASCII, a long summary) and any query that is not printable ASCII are matched the way
/// search always matched, on the decoded text, so the answer is the same either way.
package final class SearchIndex {
    /// Bumped whenever the layout below changes; a file of another version is rebuilt.
    package static let formatVersion: UInt32 = 1
    static let magic = Array("compose search index\n".utf8)
    /// The longest summary kept, in UTF-8 bytes (CocoaPods asks for 140 characters).
    package static let summaryLimit = 1024

    /// One pod as search shows it.
    package struct Entry: Equatable, Sendable {
        package let name: String
        package let version: String
        package let summary: String?
        /// Why the newest spec could not be read (`file:line:col: message`); nil when it was.
        package let unreadable: String?
        /// The summary was longer than `summaryLimit`: not kept, read from the spec when needed.
        package let summaryLeftOut: Bool
    }

    /// The state of the clone the entries were read from.
    struct Key: Equatable {
        /// HEAD's commit; empty on an unborn branch.
        var commit: String
        /// The git index file's stamp and last 32 bytes; empty when there is none.
        var gitIndex: [UInt8]
        var specsPrefix: String
        var prefixLengths: [Int]

        func sameLayout(as other: Key) -> Bool {
            specsPrefix == other.specsPrefix && prefixLengths == other.prefixLengths
        }
    }

    /// How an index was brought up to date, for `--verbose` and the tests.
    package enum Freshness: Equatable, Sendable {
        /// HEAD and the git index as recorded: nothing read.
        case unchanged
        /// HEAD moved: the pods the commits in between changed were read again.
        case updated(podsRead: Int)
        /// Every pod's newest spec read.
        case rebuilt(podsRead: Int)
    }

    package let file: URL
    private var key: Key?
    /// The file as read; entry `i`'s record is `bytes[recordStarts[i]..<recordStarts[i + 1]]`, its
    /// lowercased text `bytes[textStarts[i]..<textStarts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var recordStarts: [Int] = [0]
    private var textStarts: [Int] = [0]
    /// Entries matched on their decoded text (see above).
    private var undecided: [Int] = []

    package init(file: URL) {
        self.file = file
    }

    /// The search index of the clone at `root`, kept in `home`'s `index` folder beside its spec index.
    package convenience init(home: ComposeHome, root: URL) {
        self.init(file: URL(fileURLWithPath: SpecIndex(home: home, root: root).file.path + ".search"))
    }

    /// The number of entries.
    package var count: Int { recordStarts.count - 1 }

    // MARK: Searching

    /// The entries whose name or summary contains `needle` (already lowercased), in name order:
    /// `decided` matched by their lowercased bytes, `undecided` for the caller to match on their
    /// text (`Entry`, after reading a summary left out). An empty needle decides every plain entry.
    package func candidates(for needle: String) -> (decided: [Int], undecided: [Int]) {
        guard let pattern = Self.plainLowercased(needle) else { return ([], Array(0..<count)) }
        if pattern.isEmpty {
            let undecided = Set(self.undecided)
            return ((0..<count).filter { !undecided.contains($0) }, self.undecided)
        }
        var decided: [Int] = []
        let start = textStarts[0]
        let end = textStarts[count]
        bytes.withUnsafeBufferPointer { buffer in
            pattern.withUnsafeBufferPointer { needle in
                guard let base = buffer.baseAddress, let needleBase = needle.baseAddress else { return }
                var position = start
                while position < end {
                    guard let offset = Self.find(needleBase, needle.count, in: base, from: position, to: end) else {
                        break
                    }
                    // The entry holding `offset`: the last whose text starts at or before it.
                    var low = 0
                    var high = count - 1
                    while low < high {
                        let middle = (low + high + 1) / 2
                        if textStarts[middle] <= offset { low = middle } else { high = middle - 1 }
                    }
                    decided.append(low)
                    position = textStarts[low + 1]
                }
            }
        }
        return (decided, undecided)
    }

    /// Where the `count` bytes at `needle` first occur in `base[start..<end]`: `memchr` for the first
    /// byte, `memcmp` for the rest.
    private static func find(
        _ needle: UnsafePointer<UInt8>, _ count: Int, in base: UnsafePointer<UInt8>, from start: Int, to end: Int
    ) -> Int? {
        var position = start
        while end - position >= count {
            guard let hit = memchr(base + position, Int32(needle[0]), end - position - count + 1) else { return nil }
            let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if memcmp(base + offset, needle, count) == 0 { return offset }
            position = offset + 1
        }
        return nil
    }

    /// Entry `position`, decoded; nil when its record does not decode (a file of this version
    /// always does: it was checked when read).
    package func entry(at position: Int) -> Entry? {
        Self.decodeEntry(bytes[recordStarts[position]..<recordStarts[position + 1]])
    }

    /// The name of every entry, in order.
    package func names() -> [String] {
        (0..<count).compactMap { position in
            var reader = ByteReader(bytes: bytes[recordStarts[position]..<recordStarts[position + 1]])
            return reader.string()
        }
    }

    // MARK: Keeping it fresh

    /// This index brought up to date with the clone at `root` (see the type's notes), and written
    /// back when something was read. Nil when `root` is not the top of a git working tree: then
    /// nothing vouches for the entries and search reads the specs.
    package func refresh(root: URL) -> Freshness? {
        let layout = SpecRepoLayout(root: root)
        guard let (current, repository) = Self.currentKey(of: root, layout: layout) else { return nil }
        load()
        if key == current { return .unchanged }
        let reader = SpecRepository(root: root)
        var changed: [String: Entry?] = [:]
        let freshness: Freshness
        if let key, key.sameLayout(as: current), key.commit != current.commit, let from = ObjectID(hex: key.commit),
            let to = ObjectID(hex: current.commit), let paths = try? repository.changedPaths(from: from, to: to)
        {
            for name in Set(paths.compactMap { layout.podName(holding: $0) }) {
                changed[name] = .some(Self.read(name, in: reader))
            }
            freshness = .updated(podsRead: changed.count)
            rewrite(key: current, replacing: changed, keepingOthers: true)
        } else {
            for name in reader.podNames() { changed[name] = .some(Self.read(name, in: reader)) }
            freshness = .rebuilt(podsRead: changed.count)
            rewrite(key: current, replacing: changed, keepingOthers: false)
        }
        _ = CacheFile.write(bytes, to: file)
        return freshness
    }

    /// The entry of `name` read from its newest spec in `repository`; nil when it has no version.
    package static func read(_ name: String, in repository: SpecRepository) -> Entry? {
        guard let newest = repository.newestVersion(of: name) else { return nil }
        let read = Result { () throws(SpecRepoError) in try repository.spec(name: name, version: newest) }
        let summary = try? read.get().summary
        let leftOut = (summary?.utf8.count ?? 0) > summaryLimit
        return Entry(
            name: name, version: newest.string, summary: leftOut ? nil : summary,
            unreadable: SpecCatalog.unreadable(read), summaryLeftOut: leftOut)
    }

    /// The clone's state now, with the repository it was read from; nil when `root` is not the top
    /// of a git working tree or HEAD cannot be read.
    static func currentKey(of root: URL, layout: SpecRepoLayout) -> (Key, Repository)? {
        guard let repository = try? Repository.open(at: root), repository.workingDirectory != nil else { return nil }
        let commit: ObjectID?
        do {
            commit = try repository.headCommit()
        } catch {
            return nil
        }
        var gitIndex = ByteWriter()
        let indexPath = repository.gitDirectory.appendingPathComponent("index").path
        if let stamp = SpecIndex.Stamp.of(indexPath), stamp.isFile {
            gitIndex.stamp(stamp)
            gitIndex.bytes += tail(of: indexPath, count: 32)
        }
        let key = Key(
            commit: commit?.hex ?? "", gitIndex: gitIndex.bytes, specsPrefix: layout.specsPrefix,
            prefixLengths: layout.prefixLengths)
        return (key, repository)
    }

    /// The last `count` bytes of the file at `path` (fewer when it is shorter; none when unreadable).
    private static func tail(of path: String, count: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [] }
        let length = min(count, Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: length)
        let read = buffer.withUnsafeMutableBytes {
            pread(descriptor, $0.baseAddress, length, off_t(status.st_size) - off_t(length))
        }
        return read == length ? buffer : []
    }

    // MARK: The file

    /// `bytes` made anew for `key`: the entries of `replacing` (nil: the pod is gone) and, when
    /// `keepingOthers`, every entry read before that is not replaced, copied as read.
    private func rewrite(key: Key, replacing: [String: Entry?], keepingOthers: Bool) {
        var kept: [(name: String, position: Int?)] = []
        if keepingOthers {
            for (position, name) in names().enumerated() where replacing[name] == nil {
                kept.append((name, position))
            }
        }
        for (name, entry) in replacing where entry != nil { kept.append((name, nil)) }
        kept.sort { $0.name < $1.name }

        var records = ByteWriter()
        var texts: [UInt8] = []
        var recordStarts: [Int] = []
        var textStarts: [Int] = []
        var undecided: [Int] = []
        let wasUndecided = Set(self.undecided)
        for (position, item) in kept.enumerated() {
            recordStarts.append(records.bytes.count)
            textStarts.append(texts.count)
            if let old = item.position {
                records.bytes += bytes[self.recordStarts[old]..<self.recordStarts[old + 1]]
                texts += bytes[self.textStarts[old]..<self.textStarts[old + 1]]
                if wasUndecided.contains(old) { undecided.append(position) }
            } else if let entry = replacing[item.name] ?? nil {
                Self.encode(entry, into: &records)
                if let text = Self.searchText(of: entry) {
                    texts += text
                } else {
                    texts.append(0)
                    undecided.append(position)
                }
            }
        }

        var out = ByteWriter()
        out.bytes += Self.magic
        out.u32(Self.formatVersion)
        out.string(key.commit)
        out.u32(UInt32(key.gitIndex.count))
        out.bytes += key.gitIndex
        out.string(key.specsPrefix)
        out.u32(UInt32(key.prefixLengths.count))
        for length in key.prefixLengths { out.u32(UInt32(length)) }
        out.u32(UInt32(kept.count))
        for start in recordStarts { out.u32(UInt32(start)) }
        for start in textStarts { out.u32(UInt32(start)) }
        out.u32(UInt32(undecided.count))
        for position in undecided { out.u32(UInt32(position)) }
        out.u32(UInt32(records.bytes.count))
        out.bytes += records.bytes
        out.u32(UInt32(texts.count))
        out.bytes += texts
        out.u64(FNV1a.hashWords(out.bytes[...]))
        adopt(out.bytes)
    }

    /// Reads the file (once); an unreadable, corrupt or other-version file leaves the index empty.
    private var loaded = false
    private func load() {
        guard !loaded else { return }
        loaded = true
        if let bytes = FileKind.readRegularFile(file.path) { adopt(bytes) }
    }

    /// Takes `bytes` as the index when they are a whole file of this version; else leaves it empty.
    @discardableResult
    private func adopt(_ bytes: [UInt8]) -> Bool {
        guard let parsed = Self.parse(bytes) else { return false }
        self.bytes = bytes
        key = parsed.key
        recordStarts = parsed.recordStarts
        textStarts = parsed.textStarts
        undecided = parsed.undecided
        loaded = true
        return true
    }

    private struct Parsed {
        let key: Key
        let recordStarts: [Int]
        let textStarts: [Int]
        let undecided: [Int]
    }

    /// The header and tables of `bytes`, with absolute offsets, when the file is whole (magic,
    /// version, hash) and every offset is in order and in bounds.
    private static func parse(_ bytes: [UInt8]) -> Parsed? {
        guard bytes.count >= magic.count + 12, bytes.starts(with: magic) else { return nil }
        var hashReader = ByteReader(bytes: bytes, position: bytes.count - 8)
        guard let stored = hashReader.u64(), stored == FNV1a.hashWords(bytes[..<(bytes.count - 8)]) else { return nil }
        var reader = ByteReader(bytes: bytes, position: magic.count, end: bytes.count - 8)
        guard reader.u32() == formatVersion, let commit = reader.string(), let indexLength = reader.u32(),
            let gitIndex = reader.take(Int(indexLength)), let specsPrefix = reader.string(),
            let lengthCount = reader.u32(), Int(lengthCount) <= reader.remaining / 4
        else { return nil }
        var prefixLengths: [Int] = []
        for _ in 0..<lengthCount {
            guard let length = reader.u32() else { return nil }
            prefixLengths.append(Int(length))
        }
        guard let count = reader.u32().map(Int.init), count <= reader.remaining / 8 else { return nil }
        func offsets(_ count: Int) -> [Int]? {
            var result: [Int] = []
            result.reserveCapacity(count + 1)
            for _ in 0..<count {
                guard let value = reader.u32() else { return nil }
                result.append(Int(value))
            }
            return result
        }
        guard var recordStarts = offsets(count), var textStarts = offsets(count),
            let undecidedCount = reader.u32().map(Int.init), undecidedCount <= reader.remaining / 4,
            let undecided = offsets(undecidedCount), undecided.allSatisfy({ $0 < count }),
            let recordsLength = reader.u32().map(Int.init)
        else { return nil }
        let recordsStart = reader.position
        guard reader.take(recordsLength) != nil, let textsLength = reader.u32().map(Int.init) else { return nil }
        let textsStart = reader.position
        guard reader.take(textsLength) != nil, reader.isAtEnd else { return nil }
        recordStarts.append(recordsLength)
        textStarts.append(textsLength)
        // Starts strictly increase (no entry is empty) and end at each area's length.
        for index in 0..<count {
            guard recordStarts[index] < recordStarts[index + 1], textStarts[index] < textStarts[index + 1] else {
                return nil
            }
        }
        guard recordStarts.first == 0, textStarts.first == 0 else { return nil }
        let key = Key(
            commit: commit, gitIndex: Array(gitIndex), specsPrefix: specsPrefix, prefixLengths: prefixLengths)
        return Parsed(
            key: key, recordStarts: recordStarts.map { $0 + recordsStart },
            textStarts: textStarts.map { $0 + textsStart },
            undecided: undecided)
    }

    /// A record: name, version, flags (1 summary, 2 unreadable, 4 summary left out), then the
    /// summary and the reason when flagged.
    private static func encode(_ entry: Entry, into out: inout ByteWriter) {
        out.string(entry.name)
        out.string(entry.version)
        out.bytes.append(
            (entry.summary != nil ? 1 : 0) | (entry.unreadable != nil ? 2 : 0) | (entry.summaryLeftOut ? 4 : 0))
        if let summary = entry.summary { out.string(summary) }
        if let unreadable = entry.unreadable { out.string(unreadable) }
    }

    private static func decodeEntry(_ record: ArraySlice<UInt8>) -> Entry? {
        var reader = ByteReader(bytes: record)
        guard let name = reader.string(), let version = reader.string(), let flags = reader.byte(), flags < 8 else {
            return nil
        }
        var summary: String?
        var unreadable: String?
        if flags & 1 != 0 {
            guard let text = reader.string() else { return nil }
            summary = text
        }
        if flags & 2 != 0 {
            guard let text = reader.string() else { return nil }
            unreadable = text
        }
        guard reader.isAtEnd else { return nil }
        return Entry(
            name: name, version: version, summary: summary, unreadable: unreadable, summaryLeftOut: flags & 4 != 0)
    }

    /// `name NUL summary NUL`, lowercased, when both are printable ASCII and the summary was kept;
    /// nil otherwise (the entry is matched on its text).
    private static func searchText(of entry: Entry) -> [UInt8]? {
        guard !entry.summaryLeftOut, let name = plainLowercased(entry.name),
            let summary = plainLowercased(entry.summary ?? "")
        else { return nil }
        return name + [0] + summary + [0]
    }

    /// `text` in ASCII lowercase when every byte is printable ASCII (space to `~`): then a byte
    /// search finds what `lowercased().contains` finds. Nil otherwise.
    static func plainLowercased(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            out.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
        }
        return out
    }
}
