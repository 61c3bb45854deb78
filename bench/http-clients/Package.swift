// swift-tools-version:6.0
// Benchmark of the two HTTP clients compose could use for HTTP spec sources (docs/DESIGN.md):
// Foundation's URLSession (what compose uses) and AsyncHTTPClient. A separate package, so that
// compose itself does not depend on AsyncHTTPClient. Run by bench/cdn.sh.
import PackageDescription

let package = Package(
    name: "http-clients",
    dependencies: [.package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0")],
    targets: [
        .executableTarget(
            name: "http-clients",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")])
    ]
)
