import Foundation
import Git
import SpecRepos

/// The README of each component at the tag (or commit) its newest spec names, read from the bare
/// mirror the component source cache keeps (`$COMPOSE_HOME/cache/git`, the one `install` uses):
/// a tag already mirrored costs no network. A repository that cannot be reached, or has no such
/// tag, is said so on the page; the export goes on.
package enum Readmes {
    /// The file names looked for at the repository's root, in order.
    static let names = ["README.md", "README.markdown", "README", "README.txt", "Readme.md", "readme.md"]
    /// The most of a README shown.
    static let limit = 256 * 1024
    /// The largest README read at all: its size is read from the git object header first, and a
    /// larger one is not read (the page says its size instead).
    package static let maximumFileSize = 8 * 1_048_576

    /// `catalogue` with each entry's `readme` filled, `lanes` repositories at a time.
    /// A README over `maximumFileSize` bytes is not read.
    package static func fetch(
        into catalogue: inout Catalogue, cache: SourceCache, lanes: Int = 8,
        maximumFileSize: Int = Readmes.maximumFileSize
    ) {
        let entries = catalogue.entries
        let results = Results(count: entries.count)
        let next = Results.Counter()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(lanes, entries.count)) {
            group.enter()
            let thread = Thread {
                while let index = next.take(below: entries.count) {
                    results.set(index, readme(of: entries[index], cache: cache, maximumFileSize: maximumFileSize))
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        for index in catalogue.entries.indices { catalogue.entries[index].readme = results.value(index) }
    }

    static func readme(of entry: CatalogueEntry, cache: SourceCache, maximumFileSize: Int = Readmes.maximumFileSize)
        -> Readme
    {
        guard let url = entry.gitURL, let tag = entry.tag, !url.isEmpty, !tag.isEmpty else { return .noSource }
        let reference: SourceReference =
            tag.utf8.count == 40 && tag.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 || $0 >= 97 && $0 <= 102 })
            ? .commit(tag) : .tag(tag)
        do {
            let fetched = try cache.ensure(url: url, reference: reference)
            let repository = try Repository.open(at: fetched.repository)
            for name in names {
                if let size = try repository.fileSize(name, at: fetched.commit), size > maximumFileSize {
                    return .text(
                        file: name,
                        contents:
                            "\(name) is \(byteCount(size)), over the \(byteCount(maximumFileSize)) a catalogue page reads; it is not shown."
                    )
                }
                guard let data = try repository.readFile(name, at: fetched.commit) else { continue }
                var text = String(decoding: data.prefix(limit), as: UTF8.self)
                if data.count > limit { text += "\n[…]" }
                return .text(file: name, contents: text)
            }
            return .missing
        } catch SourceCacheError.fetchFailed(let url, _) {
            // libgit2's words name folders of the machine that wrote the site: the page says less.
            return .unreachable("\(url) could not be fetched when the site was written.")
        } catch let error as SourceCacheError {
            return .unreachable(error.description + ".")
        } catch {
            return .unreachable("its files at \(tag) could not be read.")
        }
    }

    /// One slot per entry, filled from several threads.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Readme]

        init(count: Int) { values = Array(repeating: .notFetched, count: count) }

        func set(_ index: Int, _ value: Readme) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }

        func value(_ index: Int) -> Readme {
            lock.lock()
            defer { lock.unlock() }
            return values[index]
        }

        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var next = 0

            func take(below count: Int) -> Int? {
                lock.lock()
                defer { lock.unlock() }
                guard next < count else { return nil }
                next += 1
                return next - 1
            }
        }
    }
}
