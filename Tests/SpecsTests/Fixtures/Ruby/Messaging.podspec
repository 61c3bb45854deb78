@version = '4.2.0'
base_dir = 'Messaging/Sources/'

Pod::Spec.new do |s|
  s.name             = 'Messaging'
  s.version          = @version
  s.summary          = 'Push messages ' + "for iOS and tvOS"
  s.description      = <<-DESC
    Delivers messages to the app: payloads of bytes, '\0' terminated strings
    and \x41SCII\101 text are all passed through.
  DESC
  s.homepage         = 'https://example.com/messaging'
  s.license          = { :type => 'Apache-2.0', :file => 'LICENSE' }
  s.authors          = 'Example Inc.'
  s.source           = {
    :git => 'https://github.com/example/messaging.git',
    :tag => 'CocoaPods-' + s.version.to_s
  }

  s.platform         = :ios, :tvos
  s.ios.deployment_target = '13.0'
  s.tvos.deployment_target = '13.0'
  s.cocoapods_version = '>= 1.12.0'
  s.prefix_header_file = false

  headers = [base_dir + 'Public/*.h']
  headers += [base_dir + 'Interop/*.h']
  s.source_files = [
    base_dir + '**/*.[mh]',
    'Interop/Messaging/*.h',
  ]
  s.public_header_files = headers
  s.pod_target_xcconfig = {
    'GCC_C_LANGUAGE_STANDARD' => 'c99',
    'GCC_PREPROCESSOR_DEFINITIONS' => 'MESSAGING_VERSION=' + s.version.to_s,
    'HEADER_SEARCH_PATHS' => '"${PODS_TARGET_SRCROOT}"'
  }
  s.ios.framework = 'UserNotifications'
  s.dependency 'CoreKit', '~> 11.0'
  s.dependency 'Utilities/Reachability', '~> 8.0'

  s.test_spec 'unit' do |unit_tests|
    unit_tests_dir = 'Messaging/Tests/Unit/'
    unit_tests.scheme = { :code_coverage => true }
    unit_tests.platforms = {:ios => '13.0', :tvos => '13.0'}
    unit_tests.source_files = [unit_tests_dir + '*.[mh]'] + [unit_tests_dir + 'Fakes/*.swift']
    unit_tests.requires_app_host = true
    unit_tests.dependency 'OCMock'
  end
end
