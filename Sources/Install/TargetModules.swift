import Project
import Support

/// The module behind each Composefile target's product. The product is named exactly like the
/// target (`Rocket.Chat`, `Habitica UI Tests`: SwiftPM takes any string as a product name, and the
/// Xcode project links the product by that name); the module must be a C99 identifier, so it is
/// derived as Xcode derives `PRODUCT_MODULE_NAME` from a product name: every character that is not
/// an ASCII letter, digit or `_` becomes `_`, and a leading digit gets `_` before it
/// (`DogeChatWatch Watch App` → `DogeChatWatch_Watch_App`, `9Lives` → `_9Lives`).
///
/// Two targets that would meet on one module, or a target that would take a component's module or
/// a module of the toolchain (`Swift`, `Foundation` …), are told apart deterministically: a target
/// whose name already is that identifier keeps it, the others in name order get `_2`, `_3` … (with
/// a note). Modules are compared ignoring case: `Targets/App` and `Targets/app` are one folder on a
/// case-insensitive disk.
package struct TargetModules: Sendable, Equatable {
    /// Target name → module.
    package let modules: [String: String]
    /// One note per target whose module got a suffix, at the target's line: why, and what to do.
    package let notes: [Finding]

    /// Modules the toolchain or the SDKs own: a target module of that name would shadow them.
    static let systemModules = [
        "Swift", "Foundation", "Dispatch", "XCTest", "Testing", "Darwin", "Glibc", "Musl", "ObjectiveC",
        "CoreFoundation", "UIKit", "AppKit", "SwiftUI", "WatchKit", "Combine", "PackageDescription", "_Concurrency",
    ]

    /// `reserved`: module names already taken (by the components) → who takes them, for the note.
    package init(targets: [InstallInputs.Target], reserved: [String: String] = [:]) {
        var owner: [String: String] = [:]
        for name in Self.systemModules { owner[name.lowercased()] = "a module of the Swift toolchain" }
        for (module, who) in reserved { owner[module.lowercased()] = who }
        var modules: [String: String] = [:]
        var notes: [Finding] = []
        let sorted = targets.sorted { $0.name < $1.name }
        // A name that is its own module keeps it first, so `App_Tests` stays `App_Tests` beside `App Tests`.
        for target in sorted where Self.identifier(for: target.name) == target.name {
            guard owner[target.name.lowercased()] == nil else { continue }
            modules[target.name] = target.name
            owner[target.name.lowercased()] = "the target '\(target.name)'"
        }
        for target in sorted where modules[target.name] == nil {
            let base = Self.identifier(for: target.name)
            var module = base
            var suffix = 2
            while owner[module.lowercased()] != nil {
                module = "\(base)_\(suffix)"
                suffix += 1
            }
            if module != base {
                notes.append(
                    Finding(
                        severity: .note, ruleID: InstallRule.targetModuleRenamed,
                        message:
                            "the target '\(target.name)' gets the module \(module) behind its product '\(target.name)', because \(base) is \(owner[base.lowercased()]!). Its product keeps its name; rename the target to keep modules apart if code imports \(module) by name.",
                        location: target.location.map(Finding.Location.init(parsing:))))
            }
            modules[target.name] = module
            owner[module.lowercased()] = "the target '\(target.name)'"
        }
        self.modules = modules
        self.notes = notes
    }

    /// The C99 identifier Xcode's `c99extidentifier` makes of `name`, kept to ASCII: `Rocket.Chat` →
    /// `Rocket_Chat`, `Extensions-Share` → `Extensions_Share`, `2048` → `_2048`, `Café` → `Caf_`.
    package static func identifier(for name: String) -> String {
        var result = ""
        for character in name {
            if character.isASCII, character.isLetter || character.isNumber || character == "_" {
                result.append(character)
            } else {
                result.append("_")
            }
        }
        if result.isEmpty || result.first!.isNumber { result = "_" + result }
        return result
    }
}

extension ComposedPackage {
    /// Whether `manifest`, a `Composed/Package.swift` install wrote, offers the library product
    /// `name` (as the manifest writer spells it).
    package static func offersProduct(_ name: String, in manifest: String) -> Bool {
        manifest.contains(".library(name: \(literal(name)), targets: [")
    }
}
