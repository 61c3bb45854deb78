import Foundation
import SwiftParser
import SwiftSyntax

/// What a Package.swift declares, read by parsing it (never by running it): the component's code is
/// untrusted by `compose install` and `compose publish`, and a parse costs microseconds where
/// `swift package dump-package` costs a compiler run. Calls are found wherever they are written
/// (multi-line `.library(`, `.package(` spread over lines, in `#if` branches, behind comments); a
/// name written as a string literal or as a top-level `let` bound to one is read, anything else is
/// listed in `unreadable`.
package struct ManifestSummary: Sendable, Equatable {
    package struct Product: Sendable, Equatable {
        package let name: String
        /// The targets it lists, as far as they are literals.
        package let targets: [String]
        /// 1-based line of the `.library(` call.
        package let line: Int
    }

    package struct Dependency: Sendable, Equatable {
        /// SwiftPM's identity: the URL's or path's last component without `.git`, lowercased; a
        /// registry identity (`scope.name`) as written, lowercased.
        package let identity: String
        /// The URL, path or registry identity as written.
        package let shown: String
        package let line: Int
    }

    package struct Target: Sendable, Equatable {
        package let name: String
        /// `target`, `executableTarget`, `testTarget`, `binaryTarget`, `systemLibrary`, `macro`, `plugin`.
        package let kind: String
        package let line: Int
        /// The line of its first `unsafeFlags(`, when it has one.
        package var unsafeFlagsLine: Int? = nil
    }

    package var products: [Product] = []
    package var dependencies: [Dependency] = []
    package var targets: [Target] = []
    /// What could not be read without running the manifest, one phrase each (`the name of a product
    /// at line 12`): a product missing from `products` may be one of these.
    package var unreadable: [String] = []
    /// `// swift-tools-version:5.9` → `5.9`, when the first line says.
    package var toolsVersion: String?
    /// Lines of `unsafeFlags(` written outside any target call (in a `let` a target may use).
    package var unsafeFlagsElsewhere: [Int] = []

    /// Whether every product's name was read.
    package var isComplete: Bool { unreadable.isEmpty }

    package init(source: String) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "Package.swift", tree: tree)
        let visitor = ManifestVisitor(converter: converter, constants: Self.constants(in: tree))
        visitor.walk(tree)
        products = visitor.products
        dependencies = visitor.dependencies
        targets = visitor.targets
        unreadable = visitor.unreadable
        unsafeFlagsElsewhere = visitor.unsafeFlagsElsewhere
        toolsVersion = Self.toolsVersion(in: source)
    }

    /// The library product names.
    package var productNames: [String] { products.map(\.name) }

    /// Where the package's code uses `unsafeFlags`, one phrase each (`target 'Keychain' (line 12)`):
    /// every target but test targets (a product's targets and the targets they depend on, which are
    /// not read), and any `unsafeFlags(` outside a target, which a target may use through a constant.
    /// SwiftPM refuses such a package as a dependency pinned by version unless its tools version is
    /// 6.2 or later; empty when it has none or its tools version allows them.
    package var unsafeFlagsRefusedByVersion: [String] {
        if let toolsVersion {
            let parts = toolsVersion.split(separator: ".").map { Int($0) ?? 0 }
            if (parts.first ?? 0, parts.count > 1 ? parts[1] : 0) >= (6, 2) { return [] }
        }
        let inTargets = targets.compactMap { target -> String? in
            guard target.kind != "testTarget", let line = target.unsafeFlagsLine else { return nil }
            return "target '\(target.name)' (line \(line))"
        }
        return inTargets + unsafeFlagsElsewhere.map { "line \($0)" }
    }

    /// Top-level `let name = "text"` (and `var`) bindings to a plain string literal.
    static func constants(in tree: SourceFileSyntax) -> [String: String] {
        var found: [String: String] = [:]
        for item in tree.statements {
            guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer.flatMap({ plainString($0.value) })
                else { continue }
                found[name] = value
            }
        }
        return found
    }

    static func toolsVersion(in source: String) -> String? {
        guard let first = source.split(separator: "\n", maxSplits: 1).first,
            let range = first.range(of: "swift-tools-version:")
        else { return nil }
        let rest = first[range.upperBound...].trimmingCharacters(in: .whitespaces)
        let version = rest.prefix { $0.isNumber || $0 == "." }
        return version.isEmpty ? nil : String(version)
    }
}

/// The text of a string literal without interpolation, else nil.
func plainString(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
        guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
        text += plain.content.text
    }
    return text
}

private final class ManifestVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    let constants: [String: String]
    var products: [ManifestSummary.Product] = []
    var dependencies: [ManifestSummary.Dependency] = []
    var targets: [ManifestSummary.Target] = []
    var unreadable: [String] = []
    var unsafeFlagsElsewhere: [Int] = []

    static let targetKinds: Set<String> = [
        "target", "executableTarget", "testTarget", "binaryTarget", "systemLibrary", "macro", "plugin",
    ]

    init(converter: SourceLocationConverter, constants: [String: String]) {
        self.converter = converter
        self.constants = constants
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let function = member.declName.baseName.text
        let line = converter.location(for: call.positionAfterSkippingLeadingTrivia).line
        func argument(_ label: String) -> ExprSyntax? {
            call.arguments.first { $0.label?.text == label }?.expression
        }
        func text(_ expression: ExprSyntax?) -> String? {
            guard let expression else { return nil }
            if let plain = plainString(expression) { return plain }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                return constants[reference.baseName.text]
            }
            return nil
        }
        switch function {
        case "library":
            guard argument("name") != nil else { break }
            guard let name = text(argument("name")) else {
                unreadable.append("the name of the library product at line \(line)")
                break
            }
            let listed =
                argument("targets")?.as(ArrayExprSyntax.self)?.elements.compactMap { text($0.expression) } ?? []
            products.append(.init(name: name, targets: listed, line: line))
        case "package":
            if let written = text(argument("url")) ?? text(argument("path")) {
                var last = written.split(separator: "/").last.map(String.init) ?? written
                if last.hasSuffix(".git") { last.removeLast(4) }
                dependencies.append(.init(identity: last.lowercased(), shown: written, line: line))
            } else if let id = text(argument("id")) {
                dependencies.append(.init(identity: id.lowercased(), shown: id, line: line))
            }
        case let kind where Self.targetKinds.contains(kind):
            if let name = text(argument("name")) {
                let unsafe = call.arguments.tokens(viewMode: .sourceAccurate).first {
                    $0.tokenKind == .identifier("unsafeFlags")
                }
                targets.append(
                    .init(
                        name: name, kind: kind, line: line,
                        unsafeFlagsLine: unsafe.map {
                            converter.location(for: $0.positionAfterSkippingLeadingTrivia).line
                        }))
            }
        case "unsafeFlags":
            if !isInsideTarget(call) { unsafeFlagsElsewhere.append(line) }
        default:
            break
        }
        return .visitChildren
    }

    /// Whether `node` is written inside the arguments of a target call (`.target(…)`).
    func isInsideTarget(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let call = current.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                Self.targetKinds.contains(member.declName.baseName.text)
            {
                return true
            }
            parent = current.parent
        }
        return false
    }
}
