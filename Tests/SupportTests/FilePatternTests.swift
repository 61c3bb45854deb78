import Testing

@testable import Support

@Suite struct FilePatternTests {
    @Test(arguments: [
        ("Sources/Pay/**/*.swift", "Sources/Pay/Pay.swift", true),
        ("Sources/Pay/**/*.swift", "Sources/Pay/Sub/Deep/File.swift", true),
        ("Sources/Pay/**/*.swift", "Sources/Other/Pay.swift", false),
        ("Sources/Pay/*.swift", "Sources/Pay/Sub/File.swift", false),
        ("Classes/*.{h,m}", "Classes/A.m", true),
        ("Classes/*.{h,m}", "Classes/A.swift", false),
        ("Classes/{Core,UI}/**/*.{h,m}", "Classes/UI/View/A.h", true),
        ("Sources/?ay/*.swift", "Sources/Pay/A.swift", true),
        ("Sources/[PQ]ay/*.swift", "Sources/Qay/A.swift", true),
        ("**/*.swift", "A.swift", true),
        ("Sources", "Sources", true),
    ])
    func matching(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(FilePattern(pattern).matches(path) == expected)
    }

    @Test func braceExpansion() {
        #expect(FilePattern.expandBraces("a/{b,c}/*.{h,m}").sorted() == ["a/b/*.h", "a/b/*.m", "a/c/*.h", "a/c/*.m"])
    }
}
