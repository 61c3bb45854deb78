import Foundation
import Git

extension ComponentScaffolder {
    /// The first commit of a new component with libgit2: `git init` (branch `main`), add everything,
    /// commit as `author` (or git's configured identity when `author` is nil), `origin` = the git URL.
    package static func gitFirstCommit(author: Signature?) -> @Sendable (URL, String) throws -> Void {
        { folder, url in
            let repository = try Repository.create(at: folder, initialBranch: "main")
            try repository.add(["."])
            let name = folder.lastPathComponent
            try repository.commit(message: "Create \(name) with compose lib create", author: author)
            try repository.addRemote("origin", url: url)
        }
    }
}
