import Foundation
import XcodeProject

/// The Podfile `compose init` writes, in the shape `pod init` writes: a platform line from the
/// project's deployment target, a `target` block per application or extension target (sorted by
/// name, as `pod init` sorts them) with `use_frameworks!`, and each test target nested in the block
/// of the target it tests, with `inherit! :search_paths`.
package enum PodfileTemplate {
    /// The Podfile for the one `.xcodeproj` in `folder`, or a commented skeleton when there is none.
    package static func podfile(for folder: URL) throws(IntegrationError) -> String {
        let names = IntegrationPlan.projectNames(in: folder)
        guard names.count <= 1 else {
            throw .severalProjects(folder: folder.path, names: names)
        }
        guard let name = names.first else { return skeleton }
        let file = folder.appendingPathComponent(name).appendingPathComponent("project.pbxproj")
        var info = stat()
        if lstat(folder.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw .symbolicLink(path: name)
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .xcode(.readFailed(path: file.path, message: error.localizedDescription))
        }
        let document: PBXProjDocument
        do {
            document = try PBXProjDocument(data: data, path: "\(name)/project.pbxproj")
        } catch {
            throw .xcode(error)
        }
        return podfile(document)
    }

    /// What `pod init` writes where there is no project: a platform line and a target to fill in.
    package static let skeleton = """
        # Uncomment the next line to define a global platform for your project
        # platform :ios, '15.0'

        # target 'App' do
        #   # Comment the next line if you don't want to use dynamic frameworks
        #   use_frameworks!
        #
        #   # Pods for App
        #   # pod 'Name', '~> 1.0'
        # end

        """

    static let testTypes: Set<String> = [
        "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing",
    ]

    static let platforms: [(sdk: String, name: String, key: String)] = [
        ("iphoneos", "ios", "IPHONEOS_DEPLOYMENT_TARGET"), ("macosx", "osx", "MACOSX_DEPLOYMENT_TARGET"),
        ("appletvos", "tvos", "TVOS_DEPLOYMENT_TARGET"), ("watchos", "watchos", "WATCHOS_DEPLOYMENT_TARGET"),
        ("xros", "visionos", "XROS_DEPLOYMENT_TARGET"),
    ]

    /// The Podfile for `document`'s native targets.
    package static func podfile(_ document: PBXProjDocument) -> String {
        let native = document.targets.filter { $0.isa == "PBXNativeTarget" }
            .compactMap { target -> (name: String, type: String, settings: [PBXDictionary])? in
                // A name with a control character would break the Podfile's line: such a target is left out.
                guard let name = target.body.string("name"), !name.unicodeScalars.contains(where: { $0.value < 32 })
                else { return nil }
                let settings = document.buildConfigurations(of: target).compactMap {
                    $0.body["buildSettings"]?.dictionaryValue
                }
                return (name, target.body.string("productType") ?? "", settings)
            }
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
        let projectSettings =
            document.projectObject.map {
                document.buildConfigurations(of: $0).compactMap { $0.body["buildSettings"]?.dictionaryValue }
            } ?? []
        let tests = native.filter { testTypes.contains($0.type) }
        let apps = native.filter { !testTypes.contains($0.type) }
        var text = platformLine(projectSettings + native.flatMap(\.settings)) + "\n"
        var placed = Set<String>()
        for app in apps {
            let own = tests.filter { test in
                if let host = test.settings.lazy.compactMap({ $0.string("TEST_TARGET_NAME") }).first {
                    return host == app.name
                }
                return test.name.lowercased().hasPrefix(app.name.lowercased()) && !placed.contains(test.name)
            }
            placed.formUnion(own.map(\.name))
            text += "\ntarget \(quoted(app.name)) do\n"
            text += "  # Comment the next line if you don't want to use dynamic frameworks\n  use_frameworks!\n"
            text += "\n  # Pods for \(app.name)\n"
            for test in own {
                text +=
                    "\n  target \(quoted(test.name)) do\n    inherit! :search_paths\n    # Pods for testing\n  end\n"
            }
            text += "\nend\n"
        }
        for test in tests where !placed.contains(test.name) {
            text += "\ntarget \(quoted(test.name)) do\n  # Pods for testing\nend\n"
        }
        return text
    }

    /// `platform :ios, '15.0'` from the first deployment target found (the project's, else a target's).
    static func platformLine(_ settings: [PBXDictionary]) -> String {
        for entry in platforms {
            if let version = settings.lazy.compactMap({ $0.string(entry.key) }).first, isVersion(version) {
                return "# The project's deployment target\nplatform :\(entry.name), '\(version)'"
            }
        }
        return "# Uncomment the next line to define a global platform for your project\n# platform :ios, '15.0'"
    }

    static func isVersion(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// A Ruby single-quoted string: `\` and `'` escaped, as `pod init` escapes a target's name.
    static func quoted(_ name: String) -> String {
        "'" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
