import Specs

/// The modules only Apple's SDKs have, and what the full lint says of a component that imports one on a
/// host without them (an iOS component on Linux): it was not built here, and the command that builds it
/// on macOS.
enum AppleSDK {
    /// Modules of Apple's SDKs that Swift on Linux does not have (Foundation, Dispatch, XCTest and
    /// Observation it has).
    static let modules: Set<String> = [
        "Accelerate", "ActivityKit", "AppIntents", "AppKit", "ARKit", "AudioToolbox", "AuthenticationServices",
        "AVFoundation", "AVKit", "Charts", "CloudKit", "Combine", "Contacts", "CoreAudio", "CoreBluetooth",
        "CoreData", "CoreGraphics", "CoreHaptics", "CoreImage", "CoreLocation", "CoreML", "CoreMedia", "CoreMotion",
        "CoreNFC", "CoreSpotlight", "CoreTelephony", "CoreText", "CoreVideo", "CryptoKit", "Darwin", "EventKit",
        "GameController", "GameKit", "HealthKit", "HomeKit", "ImageIO", "Intents", "LocalAuthentication", "MapKit",
        "MessageUI", "Metal", "MetalKit", "MobileCoreServices", "NaturalLanguage", "Network", "ObjectiveC", "os",
        "OSLog", "PassKit", "Photos", "PhotosUI", "QuartzCore", "RealityKit", "SafariServices", "SceneKit",
        "Security", "Speech", "SpriteKit", "StoreKit", "SwiftData", "SwiftUI", "SystemConfiguration", "UIKit",
        "UniformTypeIdentifiers", "UserNotifications", "Vision", "WatchConnectivity", "WatchKit", "WebKit",
        "WidgetKit",
    ]

    /// The Apple modules a failed `swift build` could not find, when they are its only errors (sorted);
    /// nil when any other error is among them: then the component has a problem of its own.
    static func missingModules(in diagnostics: [CompilerDiagnostic]) -> [String]? {
        let errors = diagnostics.filter { $0.severity == .error }
        var missing = Set<String>()
        for error in errors {
            guard error.message.hasPrefix("no such module '"), error.message.hasSuffix("'") else { return nil }
            let module = String(error.message.dropFirst("no such module '".count).dropLast())
            guard modules.contains(module) else { return nil }
            missing.insert(module)
        }
        return missing.isEmpty ? nil : missing.sorted()
    }

    /// The command that builds `product` on macOS for the platforms the spec declares (every Apple platform
    /// but macOS through xcodebuild's generic destinations; macOS through `swift build`); iOS when the
    /// spec declares none.
    static func macOSCommand(spec: Spec, product: String) -> String {
        let declared = spec.platforms?.map { Platform.normalized($0.name) } ?? ["ios"]
        let destinations = declared.filter { $0 != "osx" && Platform.displayNames[$0] != nil }
            .map { "-destination 'generic/platform=\(Platform.displayName($0))'" }
        var commands: [String] = []
        if !destinations.isEmpty {
            commands.append("`xcodebuild build -scheme \(product) \(destinations.joined(separator: " "))`")
        }
        if declared.contains("osx") || commands.isEmpty { commands.append("`swift build`") }
        return commands.joined(separator: " and ")
    }

    /// One line: which modules this host lacks, that nothing was built, and the command for macOS.
    static func notBuiltMessage(spec: Spec, modules: [String], product: String, reference: String) -> String {
        #if os(Linux)
            let host = "this Linux host"
        #else
            let host = "`swift build` on this host"
        #endif
        let listed = modules.map { "`\($0)`" }.joined(separator: ", ")
        return "\(spec.name) imports \(listed), which only Apple's SDKs have and \(host) lacks, so it was not "
            + "built here. On macOS, in a checkout of \(reference): \(macOSCommand(spec: spec, product: product))"
    }
}
