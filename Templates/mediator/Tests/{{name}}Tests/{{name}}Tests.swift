import XCTest
import {{core}}
@testable import {{name}}

private struct Stub{{component}}: {{component}}Service {
    func greeting(for user: String) -> String { "stub \(user)" }
}

final class {{name}}Tests: XCTestCase {
    func testWithout{{component}}TheCallIsNotAvailable() {
        XCTAssertEqual(ServiceRegistry().{{componentAccessor}}.greeting(for: "Ann"), .failure(.notAvailable("{{component}}")))
    }

    func testTheCallReachesTheRegisteredImplementation() {
        let registry = ServiceRegistry()
        registry.register({{component}}Service.self, Stub{{component}}())
        XCTAssertEqual(registry.{{componentAccessor}}.greeting(for: "Ann"), .success("stub Ann"))
    }
}
