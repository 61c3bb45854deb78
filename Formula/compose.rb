# A Homebrew formula that builds compose from a release tag, in the form of homebrew-core's SwiftLint and
# XcodeGen formulas. This repository is its own tap (docs/releasing.md):
#   brew tap OWNER/compose https://github.com/OWNER/compose
#   brew install OWNER/compose/compose
# OWNER is the account the repository is published under; a release bumps `tag:` (docs/releasing.md).
class Compose < Formula
  desc "CocoaPods private spec repositories on SwiftPM: lint, publish, resolve, install"
  homepage "https://github.com/OWNER/compose"
  url "https://github.com/OWNER/compose.git", tag: "0.13.0"
  head "https://github.com/OWNER/compose.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "libgit2"
  depends_on macos: :ventura

  uses_from_macos "swift" => :build
  uses_from_macos "curl"
  uses_from_macos "zlib"

  def install
    args = if OS.mac?
      ["--disable-sandbox"]
    else
      ["--static-swift-stdlib"]
    end
    system "swift", "build", *args, "--configuration", "release", "--product", "compose"
    bin.install ".build/release/compose"
    generate_completions_from_executable(bin/"compose", "--generate-completion-script")
    # The manual page, as `make man` makes it: compose's own help, written as mdoc by compose-manual.
    system "swift", "build", *args, "--configuration", "release", "--product", "compose-manual"
    dump = Utils.safe_popen_read(bin/"compose", "--experimental-dump-help")
    page = Utils.safe_popen_write(".build/release/compose-manual", "--date", time.strftime("%F")) do |pipe|
      pipe.write dump
    end
    (buildpath/"compose.1").write page
    man1.install "compose.1"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/compose --version")

    (testpath/"specs/Kit/1.0.0").mkpath
    (testpath/"specs/Kit/1.0.0/Kit.podspec.json").write <<~JSON
      {
        "name": "Kit",
        "version": "1.0.0",
        "summary": "A component of the app, as a spec repository indexes it.",
        "homepage": "https://git.example.com/ios/Kit",
        "license": { "type": "MIT", "file": "LICENSE" },
        "authors": { "iOS Team": "ios-team@example.com" },
        "source": { "git": "https://git.example.com/ios/Kit.git", "tag": "1.0.0" },
        "platforms": { "ios": "13.0" },
        "swift_versions": ["5.9"],
        "source_files": "Sources/Kit/**/*.swift"
      }
    JSON
    assert_match "Passed.", shell_output("#{bin}/compose repo lint #{testpath}/specs")

    (testpath/"App/Composefile").write <<~RUBY
      source '../specs'
      platform :ios, '15.0'
      target 'App' do
        pod 'Kit', '~> 1.0'
      end
    RUBY
    system bin/"compose", "resolve", "--project", testpath/"App"
    assert_match "Kit (1.0.0)", (testpath/"App/Compose.lock").read
  end
end
