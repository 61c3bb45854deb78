import XCTest
@testable import {{name}}

private protocol GreetingService {
    func greeting(for user: String) -> String
}

private struct EnglishGreeting: GreetingService {
    func greeting(for user: String) -> String { "Hello \(user)" }
}

final class ServiceRegistryTests: XCTestCase {
    func testAnUnregisteredServiceIsNotAvailable() {
        let registry = ServiceRegistry()
        let result = registry.resolve(GreetingService.self, component: "Greeting").map { $0.greeting(for: "Ann") }
        XCTAssertEqual(result, .failure(.notAvailable("Greeting")))
    }

    func testARegisteredServiceAnswers() {
        let registry = ServiceRegistry()
        registry.register(GreetingService.self, EnglishGreeting())
        let result = registry.resolve(GreetingService.self, component: "Greeting").map { $0.greeting(for: "Ann") }
        XCTAssertEqual(result, .success("Hello Ann"))
        registry.unregister(GreetingService.self)
        XCTAssertEqual(registry.resolve(GreetingService.self, component: "Greeting").map { _ in 0 }, .failure(.notAvailable("Greeting")))
    }
}
