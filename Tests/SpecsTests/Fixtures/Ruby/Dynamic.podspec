# Ruby the way real podspecs write it: conditions, loops over platform proxies, chained proxy
# assignments, string methods with arguments, hashes merged, lambdas with parameters.
PLATFORMS = { :ios => '12.0', :osx => '10.13', :tvos => '12.0' }
base_flags = { 'SWIFT_VERSION' => '5.0' }
name = String.new('Dynamic')

sources_of = lambda do |folder, extensions = %w[swift h m]|
  extensions.map { |ext| "#{folder}/**/*.#{ext}" }
end

Pod::Spec.new do |s|
  s.name         = name
  s.version      = '3.2.1'
  s.summary      = 'A pod written with Ruby beyond literals.'
  s.description  = <<-DESC.gsub(/^\s+/, '').gsub("\n", ' ').strip
    Conditions, loops
    and string methods.
  DESC
  s.homepage     = 'https://github.com/example/dynamic'
  s.license      = { :type => 'MIT', :file => 'LICENSE' }
  s.author       = { 'Example' => 'dev@example.com' }
  s.source       = { :git => s.homepage + '.git', :tag => "v#{s.version}" }
  s.swift_versions = ['5.0', '5.9'].select { |v| v.split('.').first.to_i >= 5 }

  s.ios.deployment_target = PLATFORMS[:ios]
  s.osx.deployment_target = PLATFORMS[:osx]
  s.tvos.deployment_target = PLATFORMS[:tvos]
  s.visionos.deployment_target = '1.0' if s.respond_to?(:visionos)
  s.watchos.deployment_target = '6.0' unless s.respond_to?(:no_such_platform)

  s.pod_target_xcconfig = base_flags.merge('OTHER_SWIFT_FLAGS' => '-DDYNAMIC')
  s.default_subspecs = %w[Core]

  s.subspec 'Core' do |ss|
    ss.source_files = sources_of.call('Sources/Core')
    ss.ios.frameworks = ss.tvos.frameworks = 'UIKit'
    [ss.ios, ss.tvos].each do |p|
      p.resource_bundles = { 'Dynamic' => ['Resources/*.xcassets'] }
    end
  end

  %w[Networking Storage].each_with_index do |part, index|
    s.subspec part do |ss|
      ss.source_files = sources_of.("Sources/#{part}", ['swift'])
      ss.dependency 'Dynamic/Core'
      ss.dependency 'Alamofire', '~> 5.0' if part == 'Networking'
      ss.osx.exclude_files = "Sources/#{part}/UIKit*.swift" unless index > 0
    end
  end

  s.test_spec 'Tests' do |t|
    t.source_files = 'Tests/**/*.swift'
    t.requires_app_host = ENV.fetch('DYNAMIC_APP_HOST', 'no') == 'yes'
  end
end
