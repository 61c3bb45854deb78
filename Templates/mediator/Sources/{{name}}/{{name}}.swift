import {{core}}

/// What {{component}} offers to other components. {{component}} implements it and registers the
/// implementation at start-up; other components reach it only through `ServiceRegistry.{{componentAccessor}}`.
public protocol {{component}}Service: Sendable {
    /// A sample call; replace it with {{component}}'s real services.
    func greeting(for user: String) -> String
}

/// The typed calls other components make to {{component}}, without importing {{component}}.
/// Each returns `.failure(.notAvailable("{{component}}"))` when {{component}} is not linked or not started.
public struct {{component}}Calls: Sendable {
    let registry: ServiceRegistry

    public func greeting(for user: String) -> Result<String, MediatorError> {
        registry.resolve({{component}}Service.self, component: "{{component}}").map { $0.greeting(for: user) }
    }
}

extension ServiceRegistry {
    /// Calls to {{component}}: `ServiceRegistry.shared.{{componentAccessor}}.greeting(for: "Ann")`.
    public var {{componentAccessor}}: {{component}}Calls { {{component}}Calls(registry: self) }
}
