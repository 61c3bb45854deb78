Pod::Spec.new do |s|
  s.name             = "Reactive"
  s.version          = "6.6.0"
  s.summary          = "Reactive Programming in Swift"
  s.description      = <<-DESC
Reactive is a Swift implementation of Reactive Extensions.

* Composable
* Declarative
                        DESC
  s.homepage         = "https://github.com/example/Reactive"
  s.license          = 'MIT'
  s.author           = { "Example" => "reactive@example.com" }
  s.source           = { :git => "https://github.com/example/Reactive.git", :tag => s.version.to_s }

  s.requires_arc          = true

  s.ios.deployment_target = '9.0'
  s.osx.deployment_target = '10.10'
  s.watchos.deployment_target = '3.0'
  s.tvos.deployment_target = '9.0'
  s.visionos.deployment_target = "1.0" if s.respond_to?(:visionos)
  s.source_files          = 'Reactive/**/*.swift', 'Platform/**/*.swift'
  s.exclude_files         = 'Reactive/Platform/**/*.swift'
  s.swift_version = '5.1'
end
