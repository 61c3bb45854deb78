import Specs

/// The license's type and file as written: a string is the type.
private func license(in file: SpecFile) -> (member: JSONNode.Member, type: JSONNode?, fileNode: JSONNode?)? {
    guard let member = file.root.member("license") else { return nil }
    switch member.value.value {
    case .string: return (member, member.value, nil)
    case .object: return (member, member.value["type"], member.value["file"])
    default: return nil
    }
}

/// CocoaPods: a license object names its type.
struct LicenseTypeMissingRule: LintRule {
    static let description = RuleDescription(
        identifier: "license-type-missing", severity: .warning, origin: .cocoapods,
        summary: "A license object has a `type`.",
        triggering: [.spec(["license": #"{ "file": "LICENSE" }"#])],
        nonTriggering: [.valid, .spec(["license": #""MIT""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let license = license(in: file), license.type == nil else { return [] }
        return [finding("Missing license type.", at: license.member.keyLocation, in: file)]
    }
}

/// CocoaPods: the license type is not blank.
struct LicenseTypeInvalidRule: LintRule {
    static let description = RuleDescription(
        identifier: "license-type-invalid", severity: .warning, origin: .cocoapods,
        summary: "The license type is not blank.",
        triggering: [.spec(["license": #"{ "type": " " }"#]), .spec(["license": #""\n""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let license = license(in: file), let type = license.type?.stringValue,
            type.allSatisfy({ $0 == " " || $0 == "\n" })
        else { return [] }
        return [finding("Invalid license type.", at: license.member.keyLocation, in: file)]
    }
}

/// CocoaPods: the license type is not the template's `MIT (example)`.
struct LicenseTypeSampleRule: LintRule {
    static let description = RuleDescription(
        identifier: "license-type-sample", severity: .error, origin: .cocoapods,
        summary: "The license type is not the template's `MIT (example)`.",
        triggering: [.spec(["license": #"{ "type": "MIT (example)" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let license = license(in: file), let type = license.type?.stringValue, type.contains("(example)") else {
            return []
        }
        return [finding("Sample license type.", at: license.member.keyLocation, in: file)]
    }
}

/// CocoaPods: the license file is plain text (no extension, .txt, .md, .markdown).
struct LicenseFileTypeRule: LintRule {
    static let description = RuleDescription(
        identifier: "license-file-type", severity: .error, origin: .cocoapods,
        summary: "The license file has no extension or .txt, .md, .markdown.",
        triggering: [.spec(["license": #"{ "type": "MIT", "file": "MIT.pdf" }"#])],
        nonTriggering: [.valid, .spec(["license": #"{ "type": "MIT", "file": "LICENSE.md" }"#])])

    /// Ruby's `File.extname`: from the last dot of the last component, unless it is the first character.
    static func extensionName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[dot...])
    }

    func check(_ file: SpecFile) -> [Finding] {
        guard let license = license(in: file), let path = license.fileNode?.stringValue else { return [] }
        let ext = Self.extensionName(path).lowercased()
        guard !["", ".", ".txt", ".md", ".markdown"].contains(ext) else { return [] }
        return [finding("Invalid file type", at: license.member.keyLocation, in: file)]
    }
}

/// CocoaPods (analyzer): a license object has only type, file and text.
struct LicenseKeysRule: LintRule {
    static let keys: Set<String> = ["type", "file", "text"]
    static let description = RuleDescription(
        identifier: "license-keys", severity: .warning, origin: .cocoapods,
        summary: "A license object has only `type`, `file` and `text`.",
        triggering: [.spec(["license": #"{ "type": "MIT", "name": "MIT" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let member = file.root.member("license") else { return [] }
        return member.value.members.filter { !Self.keys.contains($0.key) }.map {
            finding("Unrecognized `\($0.key)` key for `license` attribute.", at: $0.keyLocation, in: file)
        }
    }
}
