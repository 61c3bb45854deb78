// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "{{name}}",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "{{name}}", targets: ["{{name}}"]),
    ],
    targets: [
        .target(name: "{{name}}"),
        .testTarget(name: "{{name}}Tests", dependencies: ["{{name}}"]),
    ]
)
