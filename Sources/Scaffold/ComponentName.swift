import Specs

/// Checks that `name` can name a component: a folder, a SwiftPM package, product and module, and a
/// spec. Only ASCII Swift identifiers pass, so nothing can escape the output folder (`..`, `/`),
/// hide (a leading `.`) or need quoting.
package func validateComponentName(_ name: String) throws(ScaffoldError) {
    func refuse(_ reason: String) -> ScaffoldError { .invalidName(name, reason: reason) }
    if let reason = SafeName.problem(with: name, as: .component) { throw refuse(reason) }
    guard name.unicodeScalars.count <= 64 else { throw refuse("it is longer than 64 characters") }
    let scalars = Array(name.unicodeScalars)
    func isLetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }
    func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    guard isLetter(scalars[0]) else { throw refuse("it must start with a letter (A-Z, a-z)") }
    guard scalars.allSatisfy({ isLetter($0) || isDigit($0) || $0 == "_" }) else {
        throw refuse("only letters A-Z and a-z, digits and '_' are allowed")
    }
    if swiftKeywords.contains(name) { throw refuse("it is a Swift keyword") }
    if reservedNames.contains(name) { throw refuse("it is the name of a module every Swift program may import") }
}

private let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "static", "struct",
    "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as",
    "catch", "false", "is", "nil", "rethrows", "super", "self", "Self", "throw", "throws", "true", "try",
    "Any", "Type", "some", "any",
]

private let reservedNames: Set<String> = [
    "Swift", "Foundation", "Dispatch", "XCTest", "Testing", "Darwin", "Glibc", "Musl", "UIKit", "AppKit",
    "SwiftUI", "Combine", "PackageDescription", "_Concurrency",
]

/// `Pay` → `pay`, `URLKit` → `urlKit`: the accessor a mediator adds to `ServiceRegistry`.
func lowerCamel(_ name: String) -> String {
    let characters = Array(name)
    var upperRun = 0
    while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
    if upperRun == 0 { return name }
    // Lower the whole leading run, except its last letter when a lowercase letter follows (URLKit).
    let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
    return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
}
