=begin
A business component in the style of a team's private pods:
test specs, app specs, per-platform dependencies and an xcconfig.
=end
Pod::Spec.new do |spec|
  spec.name         = 'Payments'
  spec.version      = '2.3.0-beta.1'
  spec.summary      = 'Checkout and payment flows.'
  spec.description  = <<-DESC.strip
    Checkout, wallets and receipts.
      Indented second line stays indented.
  DESC
  spec.homepage     = 'https://git.example.com/ios/payments'
  spec.license      = { type: 'Proprietary', text: 'Copyright 2024 Example' }
  spec.authors      = ['Platform Team', { 'Jane Doe' => 'jane@example.com' }]
  spec.source       = { git: 'https://git.example.com/ios/payments.git', tag: "v#{spec.version}" }
  spec.platform     = :ios, '13.0'
  spec.swift_versions = %w[5.7 5.9]
  spec.static_framework = true
  spec.module_name  = 'PaymentsKit'

  spec.source_files = 'Sources/Payments/**/*.swift'
  spec.resources    = %w(Resources/*.xcassets Resources/*.strings)
  spec.dependency 'Networking', '~> 5.8', '>= 5.8.1'
  spec.dependency 'Logger'
  spec.dependency 'DebugMenu', configurations: ['Debug']
  spec.ios.dependency 'Wallet', '~> 1.0'
  spec.ios.weak_frameworks = 'PassKit'
  spec.pod_target_xcconfig = { 'SWIFT_ACTIVE_COMPILATION_CONDITIONS' => '$(inherited) PAYMENTS' }
  spec.user_target_xcconfig = { 'OTHER_LDFLAGS' => '-ObjC' }
  spec.info_plist = { 'PaymentsVersion' => spec.version.to_s }

  spec.test_spec 'UnitTests' do |test_spec|
    test_spec.source_files = 'Tests/Unit/**/*.swift'
    test_spec.dependency 'Quick', '~> 7.0'
    test_spec.dependency 'Nimble'
  end

  spec.test_spec 'UITests' do |ui|
    ui.test_type = :ui
    ui.requires_app_host = true
    ui.app_host_name = 'Payments/Demo'
    ui.source_files = 'Tests/UI/**/*.swift'
    ui.dependency 'Payments/Demo'
  end

  spec.app_spec 'Demo' do |app|
    app.source_files = 'Demo/**/*.swift'
    app.scheme = { :launch_arguments => ['-demo'], :environment_variables => { 'MODE' => 'demo' } }
  end

  spec.test_spec do |t|
    t.source_files = 'Tests/Default/*.swift'
  end
end
