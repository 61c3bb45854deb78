import {{core}}
import {{mediator}}

/// {{name}}'s implementation of {{name}}Service. Other components reach it through {{mediator}}.
struct {{name}}ServiceImplementation: {{name}}Service {
    func greeting(for user: String) -> String {
        "Hello \(user), from {{name}}."
    }
}

/// Starts {{name}}: call `{{name}}Component.start()` once at app start-up, before other
/// components call `ServiceRegistry.shared.{{componentAccessor}}`.
public enum {{name}}Component {
    public static func start(in registry: ServiceRegistry = .shared) {
        registry.register({{name}}Service.self, {{name}}ServiceImplementation())
    }
}
