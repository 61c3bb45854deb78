Pod::Spec.new do |s|
  s.name             = 'Crash'
  s.version          = '10.2.0'
  s.summary          = 'Crash reporting'
  s.description      = <<~DESC
    Crash reporting that keeps working
      when the app does not.
  DESC
  s.homepage         = 'https://example.com/crash'
  s.license          = { :type => 'Apache-2.0', :file => 'LICENSE' }
  s.authors          = 'Example Inc.'
  s.source           = {
    :git => 'https://github.com/example/crash-ios.git',
    :tag => 'Crash-' + s.version.to_s
  }
end
