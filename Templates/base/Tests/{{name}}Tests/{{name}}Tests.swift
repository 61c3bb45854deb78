import XCTest
@testable import {{name}}

final class {{name}}Tests: XCTestCase {
    func testGreetingNamesTheUser() {
        XCTAssertEqual({{name}}Info.greeting(for: "Ann"), "Hello Ann, from {{name}}.")
    }

    func testVersionIsTheReleasedOne() {
        XCTAssertEqual({{name}}Info.version, "{{version}}")
    }
}
