import Support
import Testing

@testable import Install
@testable import PackageManifests
@testable import Specs

@Suite struct InstallNotesTests {
    /// Notes that differ only inside backticks are one kind: said once for every pod it applies to;
    /// a kind of one pod, and a note of no pod, stay as they are, in their places.
    @Test func notesOfOneKindBecomeOneLineNamingEveryPod() {
        let notes = [
            "COMPOSE_PAY_USE_BINARY is set, but no locked component is named so.",
            "zeta: zeta/Core: `prepare_command` is not run: SwiftPM builds the files as they are at the tag.",
            "Beta: Beta: the resource bundle `B` becomes the target's own bundle: read its files through `Bundle.module`.",
            "Alpha: Alpha/UI: the resource bundle `A` becomes the target's own bundle: read its files through `Bundle.module`.",
            "Alpha: Alpha: the resource bundle `A2` becomes the target's own bundle: read its files through `Bundle.module`.",
            "Beta: `prepare_command` is not run: SwiftPM builds the files as they are at the tag.",
            "Solo: its Package.swift names products in a way that can only be read by running it.",
        ].map { Finding(severity: .note, ruleID: "r", message: $0) }
        #expect(
            InstallNotes.grouped(notes).map(\.message) == [
                "COMPOSE_PAY_USE_BINARY is set, but no locked component is named so.",
                "Beta, zeta: `prepare_command` is not run: SwiftPM builds the files as they are at the tag. (--verbose says it for each)",
                "Alpha, Beta: the resource bundle `…` becomes the target's own bundle: read its files through `Bundle.module`. (--verbose says it for each)",
                "Solo: its Package.swift names products in a way that can only be read by running it.",
            ])
        let one = [
            Finding(
                severity: .note, ruleID: "r",
                message: "Pay: Pay: the resource bundle `P` becomes the target's own bundle.")
        ]
        #expect(InstallNotes.grouped(one) == one)
        // A line said for several pods keeps its rule; notes of two rules are never one kind.
        #expect(Set(InstallNotes.grouped(notes).map(\.ruleID)) == ["r"])
        let twoRules = [
            Finding(severity: .note, ruleID: "a", message: "Pay: same words."),
            Finding(severity: .note, ruleID: "b", message: "Kit: same words."),
        ]
        #expect(InstallNotes.grouped(twoRules) == twoRules)
    }

    /// A manifest without a product named like the module or the pod: the product building the
    /// module's target, else the only product (its target's module imported), else none.
    @Test func aProductNamedUnlikeTheModuleIsLinkedWhereItIsTheOneThatBuildsIt() throws {
        let spec = try Spec(json: Array(#"{"name": "SSZipArchive", "version": "2.4.3"}"#.utf8), label: "s.json")
        let naming = try PodModule(spec: spec)
        func product(_ name: String, _ targets: [String]) -> ManifestSummary.Product {
            .init(name: name, targets: targets, line: 1)
        }
        #expect(
            LinkedProduct.renamed(
                naming: naming, among: [product("Zip", ["SSZipArchive", "Minizip"]), product("Other", ["Other"])],
                unsafeFlags: []) == LinkedProduct(name: "Zip", module: "SSZipArchive"))
        #expect(
            LinkedProduct.renamed(naming: naming, among: [product("ZipArchive", ["Zip-Archive"])], unsafeFlags: [])
                == LinkedProduct(name: "ZipArchive", module: "Zip_Archive"))
        #expect(
            LinkedProduct.renamed(
                naming: naming, among: [product("ZipArchive", ["A"]), product("Other", ["B"])], unsafeFlags: []) == nil)
        #expect(LinkedProduct.renamed(naming: naming, among: [product("Z", ["A", "B"])], unsafeFlags: []) == nil)
    }
}
