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

    /// The words of the command `command` in `root`'s tree: `["compose", "lib", "create"]`.
    static func path(to command: ParsableCommand.Type, in root: ParsableCommand.Type) -> [String]? {
        let name = root.configuration.commandName ?? "compose"
        if ObjectIdentifier(command) == ObjectIdentifier(root) { return [name] }
        for subcommand in root.configuration.subcommands {
            if let rest = path(to: command, in: subcommand) { return [name] + rest }
        }
        return nil
    }

    /// A usage error found while `command` ran (a value missing, two options that do not go together),
    /// told as argument-parser tells one found while parsing: the message, then the usage of that
    /// command, not the root's.
    static func usageError(_ message: String, of command: ParsableCommand.Type, in root: ParsableCommand.Type)
        -> String
    {
        let name = (path(to: command, in: root) ?? [root.configuration.commandName ?? "compose"])
            .joined(separator: " ")
        var usage = root.usageString(for: command)
        if !usage.hasPrefix("Usage:") { usage = "Usage: " + usage }
        return "Error: \(message)\n\(usage)\n  See '\(name) --help' for more information."
    }

    /// argument-parser's "Unknown option '--foo'. Did you mean '--color'?" suggests any option up to three
    /// edits away, which for a short word is any option at all. A suggestion more than two edits away, or
    /// as far as the word is long, is replaced by where the command's options are listed.
    static func unknownOption(_ message: String, words: [String], in root: ParsableCommand.Type) -> String {
        let pattern = /Unknown option '(?<given>[^']+)'(\. Did you mean '(?<suggested>[^']+)'\?)?/
        guard let match = message.firstMatch(of: pattern) else { return message }
        let given = String(match.output.given)
        if let suggested = match.output.suggested {
            let bare = given.drop { $0 == "-" }
            let edits = distance(String(bare).lowercased(), String(suggested.drop { $0 == "-" }))
            if edits <= 2 && edits < bare.count / 2 + 1 { return message }
        }
        var command = root
        var path = [root.configuration.commandName ?? "compose"]
        for word in words where !word.hasPrefix("-") {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word })
            else { break }
            command = next
            path.append(word)
        }
        let name = path.joined(separator: " ")
        return message.replacingCharacters(
            in: match.range, with: "Unknown option '\(given)'; `\(name) --help` lists the options it takes")
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
        (
            ["try"],
            "`pod try` has no compose equivalent: compose builds no demo project. Clone the component and open its Example, or add it to a Podfile and run `compose install`"
        ),
        (
            ["clean"],
            "`pod clean` has no compose equivalent: `compose deintegrate` takes CocoaPods out of the project, and `compose cache clean --all` empties compose's caches (a Composed/ folder can be removed by hand; `compose install` writes it again)"
        ),
        (
            ["setup"],
            "`pod setup` has no compose equivalent: compose needs no setup. `compose repo add NAME URL` adds a spec repo"
        ),
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
