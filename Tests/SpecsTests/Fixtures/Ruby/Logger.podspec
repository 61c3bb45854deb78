Pod::Spec.new do |s|
  s.name     = 'Logger'
  s.version  = '3.8.0'
  s.license  = 'BSD'
  s.summary  = 'A fast & simple, yet powerful & flexible logging framework for macOS, iOS, tvOS and watchOS.'
  s.homepage = 'https://github.com/example/Logger'
  s.author   = { 'Example Author' => 'author@example.com' }
  s.source   = { :git => 'https://github.com/example/Logger.git',
                 :tag => "#{s.version}" }

  s.description = 'It is similar in concept to other popular logging frameworks such as log4j, ' \
                  'yet is designed specifically for objective-c.'

  s.requires_arc = true

  s.swift_version = '5.5'

  s.ios.deployment_target     = '11.0'
  s.osx.deployment_target     = '10.13'
  s.watchos.deployment_target = '4.0'
  s.tvos.deployment_target    = '11.0'

  s.preserve_paths = 'README.md', 'Sources/Logger/Supporting Files/Logger.modulemap'
  s.module_map = 'Sources/Logger/Supporting Files/Logger.modulemap'
  s.default_subspecs = 'Core'
  s.resource_bundles = { 'Logger' => ['Sources/Logger/PrivacyInfo.xcprivacy'] }

  s.subspec 'Core' do |ss|
    ss.source_files = 'Sources/Logger/**/*.{h,m}'
    ss.private_header_files = 'Sources/Logger/LoggerPrivate.h'
  end

  s.subspec 'Swift' do |ss|
    ss.ios.deployment_target = '11.0'
    ss.tvos.deployment_target = '11.0'
    ss.osx.deployment_target = '10.13'
    ss.watchos.deployment_target = '4.0'
    ss.dependency 'Logger/Core'
    ss.source_files = 'Sources/LoggerSwift/**/*.swift'
  end
end
