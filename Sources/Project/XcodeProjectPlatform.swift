import Foundation
import Specs

/// The platform of the app when its Podfile declares none, as CocoaPods infers it from the Xcode
/// target: read from the `project.pbxproj` (an old-style text plist) of the `.xcodeproj` beside the
/// Podfile, its build settings `SDKROOT` (macosx, iphoneos, appletvos, watchos, xros) and the
/// platform's `*_DEPLOYMENT_TARGET` (the lowest one found).
package struct XcodeProjectPlatform: Sendable, Equatable {
    /// A podspec platform name: `ios`, `osx`, `tvos`, `watchos` or `visionos`.
    package let name: String
    package let deploymentTarget: Version?
    /// The project file it was read from, relative to the project folder (`App.xcodeproj/project.pbxproj`).
    package let file: String

    /// SDKROOT value → podspec platform and the build setting of its deployment target.
    static let sdks: [String: (platform: String, setting: String)] = [
        "macosx": ("osx", "MACOSX_DEPLOYMENT_TARGET"),
        "iphoneos": ("ios", "IPHONEOS_DEPLOYMENT_TARGET"),
        "appletvos": ("tvos", "TVOS_DEPLOYMENT_TARGET"),
        "watchos": ("watchos", "WATCHOS_DEPLOYMENT_TARGET"),
        "xros": ("visionos", "XROS_DEPLOYMENT_TARGET"),
    ]

    /// What the Xcode projects in `folder` say, as an answer or as the reason there is none.
    package enum Inference: Sendable, Equatable {
        /// No `.xcodeproj` with a readable `project.pbxproj` in the folder.
        case noProject
        case found(XcodeProjectPlatform)
        /// The projects name no SDK, or several (`platforms` sorted); the Podfile must say which.
        case undecided(file: String, platforms: [String])
    }

    /// The paths `infer(in:)` reads: `folder` (a project added to it), each `.xcodeproj` in it and
    /// its `project.pbxproj`.
    package static func lookedAt(in folder: URL) -> [String] {
        [folder.path]
            + projects(in: folder).flatMap {
                [folder.appendingPathComponent($0).path, folder.appendingPathComponent($0 + "/project.pbxproj").path]
            }
    }

    static func projects(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".xcodeproj") }.sorted()
    }

    /// Reads every `*.xcodeproj/project.pbxproj` directly in `folder` (sorted by name) and answers when
    /// together they build for exactly one platform.
    package static func infer(in folder: URL) -> Inference {
        let projects = projects(in: folder)
        var platforms: Set<String> = []
        var settings: [String: [String]] = [:]
        var files: [String] = []
        for project in projects {
            let file = project + "/project.pbxproj"
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                data.count <= 64 << 20
            else { continue }
            files.append(file)
            for (key, value) in buildSettings(in: String(decoding: data, as: UTF8.self)) {
                if key == "SDKROOT" {
                    if let sdk = sdks[value.lowercased()] { platforms.insert(sdk.platform) }
                } else {
                    settings[key, default: []].append(value)
                }
            }
        }
        guard let first = files.first else { return .noProject }
        guard platforms.count == 1, let name = platforms.first,
            let setting = sdks.values.first(where: { $0.platform == name })?.setting
        else { return .undecided(file: first, platforms: platforms.sorted()) }
        let target = (settings[setting] ?? []).compactMap { try? Version($0) }.min()
        return .found(XcodeProjectPlatform(name: name, deploymentTarget: target, file: first))
    }

    /// `KEY = value;` assignments of a pbxproj, values unquoted: `SDKROOT = macosx;`,
    /// `"MACOSX_DEPLOYMENT_TARGET" = "12.0";`. Only the settings this reader needs are kept.
    static func buildSettings(in text: String) -> [(key: String, value: String)] {
        let wanted = Set(["SDKROOT"] + sdks.values.map(\.setting))
        var result: [(String, String)] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            guard wanted.contains(key) else { continue }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            value = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            result.append((key, value))
        }
        return result
    }
}
