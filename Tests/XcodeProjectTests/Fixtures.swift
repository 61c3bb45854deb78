import Foundation

@testable import XcodeProject

/// The fixture projects: `CocoaPods46`, `CocoaPods54`, `CocoaPods60` are one app (targets `My App`,
/// `Extensions-Share`, `Rocket.Chat`, `My App UITests`) as `pod install` leaves it, in three project
/// formats. Every object CocoaPods made has an id starting with `5A`.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let families = ["CocoaPods46", "CocoaPods54", "CocoaPods60"]

    static func projectData(_ family: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent("\(family)/App.xcodeproj/project.pbxproj"))
    }

    static func document(_ family: String) throws -> PBXProjDocument {
        try PBXProjDocument(data: projectData(family), path: "\(family)/App.xcodeproj/project.pbxproj")
    }

    /// A copy of the fixture `family` in a new temporary folder; returns the folder.
    static func copy(_ family: String, name: String = #function) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent(
            "XcodeProjectTests-\(name.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let destination = target.appendingPathComponent(family)
        try FileManager.default.copyItem(at: folder.appendingPathComponent(family), to: destination)
        return destination
    }

    /// Every object's text by id.
    static func texts(_ document: PBXProjDocument) -> [String: String] {
        Dictionary(uniqueKeysWithValues: document.objects.map { ($0.id, $0.text) })
    }

    /// The targets and products every test links: each app target its own product.
    static let appTargets = [
        LocalPackageLink.TargetProduct(target: "My App", product: "My App"),
        LocalPackageLink.TargetProduct(target: "Extensions-Share", product: "Extensions-Share"),
        LocalPackageLink.TargetProduct(target: "Rocket.Chat", product: "Rocket.Chat"),
    ]
}
