// swift-tools-version:5.9
import PackageDescription

// Other components are SwiftPM packages in git repositories of their own, named by URL here and
// pinned to the versions of Compose.lock by `compose install`.
let package = Package(
    name: "{{name}}",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "{{name}}", targets: ["{{name}}"]),
    ],
    dependencies: [
        .package(url: "{{{coreURL}}}", from: "{{coreVersion}}"),
    ],
    targets: [
        .target(name: "{{name}}", dependencies: [
            .product(name: "{{core}}", package: "{{core}}"),
        ]),
        .testTarget(name: "{{name}}Tests", dependencies: ["{{name}}"]),
    ]
)
