import Digests
import Foundation
import SpecRepos
import Specs
import Support

extension ResolveService {
    /// Where the checksum of the Composefile whose own notes were last said is kept, per project.
    var notedFile: URL {
        composeHome.appendingPathComponent("noted", isDirectory: true).appendingPathComponent(projectKey)
    }

    /// The notes of `project` to say now. The Composefile's own (hooks skipped, options ignored) are
    /// said once per change of its bytes, not on every resolve, update or install: they are left out
    /// when they were said for these very bytes (recorded in `$COMPOSE_HOME/noted/`). Every other note
    /// (the platform, the lock, the sources) is said each time.
    func notesToSay(_ project: LoadedProject) -> [Finding] {
        let own = Set(project.composefile.notes)
        guard !own.isEmpty else { return project.notes }
        let checksum = Array(SHA1.hex(of: project.composefileBytes).utf8)
        if FileKind.readRegularFile(notedFile.path) == checksum { return project.notes.filter { !own.contains($0) } }
        _ = CacheFile.write(checksum, to: notedFile)
        return project.notes
    }

    /// `notes` without the Composefile's own: what the record of a resolve with nothing to do keeps,
    /// since a run answered from it follows one that said them for the same bytes.
    func notesToRecord(_ notes: [Finding], of project: LoadedProject) -> [Finding] {
        let own = Set(project.composefile.notes)
        return notes.filter { !own.contains($0) }
    }
}
