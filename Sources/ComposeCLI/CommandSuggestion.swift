import ArgumentParser

/// The nearest command to a mistyped one: `compose lnit` → `compose lint`.
enum CommandSuggestion {
    /// Walks `arguments` down `root`'s subcommands; at the first word that names none of the
    /// subcommands where one was expected, the command line with that word replaced by the closest
    /// subcommand name (at most two edits away), or nil.
    static func nearest(to arguments: [String], in root: ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "compose"]
        for word in arguments {
            if word.hasPrefix("-") { return nil }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            let named = subcommands.map { ($0, $0.configuration.commandName ?? "") }
            if let match = named.first(where: { $0.1 == word }) {
                command = match.0
                path.append(word)
                continue
            }
            let scored = named.map { ($0.1, distance(word.lowercased(), $0.1)) }.filter {
                $0.1 <= 2 && $0.1 < $0.0.count
            }
            guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
            return (path + [best.0]).joined(separator: " ")
        }
        return nil
    }

    /// CocoaPods' words for what compose does, as a team's scripts and fingers carry them.
    static let cocoaPodsWords: [(words: [String], advice: String)] = [
        (["repo", "push"], "`pod repo push REPO` is `compose publish REPO` (run in the component's folder)"),
        (["lib", "lint"], "`pod lib lint` is `compose lint` (run in the component's folder)"),
        (["spec", "lint"], "`pod spec lint` is `compose lint` (it builds the component at its tag)"),
        (["trunk", "push"], "`pod trunk push` is `compose publish REPO`, to your own spec repo"),
        (["spec", "create"], "`pod spec create` is `compose lib create NAME`"),
        (["ipc", "spec"], "`pod ipc spec` is `compose spec convert`"),
        (["repo", "update"], "`pod repo update` is `compose repo update`"),
    ]

    /// What compose calls the CocoaPods command `arguments` start with, or nil.
    static func cocoaPods(_ arguments: [String]) -> String? {
        let words = arguments.filter { !$0.hasPrefix("-") }
        return cocoaPodsWords.first { Array(words.prefix($0.words.count)) == $0.words }?.advice
    }

    /// Edits (insert, delete, replace, swap two neighbours) turning `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
