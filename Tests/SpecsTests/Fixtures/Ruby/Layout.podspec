Pod::Spec.new do |s|
  s.name         = "Layout"
  s.version      = "1.6.0"
  s.summary      = "Harness the power of AutoLayout NSLayoutConstraints with a simplified, chainable and expressive syntax."
  s.homepage     = "https://github.com/example/Layout"
  s.license      = { :type => "MIT", :file => "LICENSE" }
  s.author       = { "Example" => "layout@example.com" }
  s.social_media_url = "https://twitter.com/layout"

  s.ios.deployment_target  = "12.0"
  s.osx.deployment_target  = "10.13"
  s.tvos.deployment_target = "12.0"

  s.source       = { :git => "https://github.com/example/Layout.git", :tag => "#{s.version}" }
  s.source_files = "Sources/**/*.swift"
  s.resource_bundles = {'Layout_Privacy' => ['Sources/PrivacyInfo.xcprivacy']}

  s.ios.frameworks = "UIKit", "Foundation"
  s.osx.frameworks = "AppKit", "Foundation"
  s.tvos.frameworks = "UIKit", "Foundation"

  s.swift_version = "5.0"
end
