import XCTest
import {{core}}
import {{mediator}}
@testable import {{name}}

final class {{name}}Tests: XCTestCase {
    func testBeforeStartTheMediatorSaysNotAvailable() {
        let registry = ServiceRegistry()
        XCTAssertEqual(registry.{{componentAccessor}}.greeting(for: "Ann"), .failure(.notAvailable("{{name}}")))
    }

    func testAfterStartCallsThroughTheMediatorReach{{name}}() {
        let registry = ServiceRegistry()
        {{name}}Component.start(in: registry)
        XCTAssertEqual(registry.{{componentAccessor}}.greeting(for: "Ann"), .success("Hello Ann, from {{name}}."))
    }
}
