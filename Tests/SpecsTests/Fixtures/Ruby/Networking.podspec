# frozen_string_literal: true

Pod::Spec.new do |s|
  s.name = 'Networking'
  s.version = '5.8.1'
  s.license = 'MIT'
  s.summary = 'Elegant HTTP Networking in Swift'
  s.homepage = 'https://github.com/example/Networking'
  s.social_media_url = 'https://twitter.com/example'
  s.authors = { 'Networking Software Foundation' => 'info@example.org' }
  s.source = { :git => 'https://github.com/example/Networking.git', :tag => s.version }
  s.documentation_url = 'https://example.github.io/Networking/'

  s.ios.deployment_target = '10.0'
  s.osx.deployment_target = '10.12'
  s.tvos.deployment_target = '10.0'
  s.watchos.deployment_target = '3.0'

  s.swift_versions = ['5.5', '5.6', '5.7', '5.8']

  s.source_files = 'Source/*.swift'

  s.frameworks = 'CFNetwork'
end
