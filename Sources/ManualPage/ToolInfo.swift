/// The part of swift-argument-parser's ToolInfo JSON (`--experimental-dump-help`, serialization version 0)
/// that the manual page reads.
struct ToolInfo: Decodable {
    /// The part every version has, read first.
    struct Header: Decodable {
        var serializationVersion: Int
    }

    var serializationVersion: Int
    var command: CommandInfo
}

struct CommandInfo: Decodable {
    var superCommands: [String]?
    var commandName: String
    var aliases: [String]?
    var abstract: String?
    var discussion: String?
    var defaultSubcommand: String?
    var subcommands: [CommandInfo]?
    var arguments: [ArgumentInfo]?
}

struct ArgumentInfo: Decodable {
    enum Kind: String, Decodable {
        case positional, option, flag
    }

    struct Name: Decodable {
        enum Kind: String, Decodable {
            case long, short, longWithSingleDash
        }

        var kind: Kind
        var name: String

        /// As `Fl` prints it (`Fl -name` is `--name`, `Fl n` is `-n`).
        var flag: String { kind == .long ? "-" + name : name }
    }

    var kind: Kind
    var shouldDisplay: Bool
    var isOptional: Bool
    var isRepeating: Bool
    var names: [Name]?
    var preferredName: Name?
    var valueName: String?
    /// The values an argument takes, when they are a fixed list (the JSON's name for `allValueStrings`).
    var allValues: [String]?
    var allValueDescriptions: [String: String]?
    var abstract: String?
    var discussion: String?

    /// `Ar NAME`, with `...` when the argument repeats.
    var value: Macro { Macro("Ar", (valueName ?? "") + (isRepeating ? "..." : "")) }

    /// How the synopsis writes it: the preferred name (a long one when there is one) and the value.
    var synopsis: Macro {
        guard kind != .positional else { return value }
        let name = preferredName ?? names?.first { $0.kind != .short } ?? names?.first
        let flag = name.map { [Macro.Argument.word($0.flag)] } ?? []
        return Macro("Fl", kind == .option ? flag + [.macro(value)] : flag)
    }

    /// How the description's item writes it: every name, short ones first, separated by commas, then
    /// the value.
    var descriptionTitle: Macro {
        guard kind != .positional else { return value }
        let all = (names ?? []).filter { $0.kind == .short } + (names ?? []).filter { $0.kind != .short }
        let flags = all.enumerated().flatMap { index, name in
            index == 0 ? [Macro.Argument.word(name.flag)] : [.word(","), .word(name.flag)]
        }
        return Macro("Fl", kind == .option ? flags + [.macro(value)] : flags)
    }
}
