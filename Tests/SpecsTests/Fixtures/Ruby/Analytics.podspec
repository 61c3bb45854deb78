version = '10.2.0'

Pod::Spec.new do |s|
  s.name             = 'Analytics'
  s.version          = version
  s.summary          = 'Analytics for iOS'

  s.description      = <<-DESC
                       Analytics for iOS and macOS apps.
                       Collects events and ships them in batches.
                       DESC

  s.homepage         = 'https://example.com/analytics'
  s.license          = { :type => 'Apache-2.0', :file => 'LICENSE' }
  s.authors          = 'Example Inc.'
  s.source           = {
    :git => 'https://github.com/example/analytics-ios.git',
    :tag => 'CocoaPods-' + version
  }
end
