import Foundation

/// Why a call through a mediator did not reach its component.
public enum MediatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No implementation of the component's service is registered: the component is not linked
    /// into this app, or it has not been started (`<Component>Component.start()`).
    case notAvailable(String)

    public var description: String {
        switch self {
        case .notAvailable(let component):
            return "\(component) is not available: it is not linked into this app or has not been started."
        }
    }
}

/// The registry through which components call each other without importing each other.
///
/// A mediator package declares a service protocol (`PayService`) and typed calls on this registry
/// (`registry.pay.checkout(...)`); the business component registers its implementation at start-up
/// (`registry.register(PayService.self, PayServiceImplementation())`). A lookup of a service
/// nobody registered returns `MediatorError.notAvailable` instead of crashing.
public final class ServiceRegistry: @unchecked Sendable {
    /// The registry of the running app.
    public static let shared = ServiceRegistry()

    private let lock = NSLock()
    private var services: [ObjectIdentifier: Any] = [:]

    /// A new, empty registry (tests use their own instead of `shared`).
    public init() {}

    /// Registers `implementation` as the provider of `service`, replacing an earlier one.
    public func register<Service>(_ service: Service.Type, _ implementation: Service) {
        lock.lock()
        defer { lock.unlock() }
        services[ObjectIdentifier(service)] = implementation
    }

    /// Removes the provider of `service`, if any.
    public func unregister<Service>(_ service: Service.Type) {
        lock.lock()
        defer { lock.unlock() }
        services[ObjectIdentifier(service)] = nil
    }

    /// The provider of `service`, or `.notAvailable(component)` when none is registered.
    public func resolve<Service>(_ service: Service.Type, component: String) -> Result<Service, MediatorError> {
        lock.lock()
        defer { lock.unlock() }
        guard let implementation = services[ObjectIdentifier(service)] as? Service else {
            return .failure(.notAvailable(component))
        }
        return .success(implementation)
    }
}
