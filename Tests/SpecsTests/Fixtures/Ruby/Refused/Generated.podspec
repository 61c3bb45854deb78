Pod::Spec.new do |s|
  s.name         = 'Generated'
  s.version      = '0.9.0'
  s.summary      = 'Sources listed by a glob at lint time'
  s.homepage     = 'https://example.com/generated'
  s.license      = { :type => 'MIT', :file => 'LICENSE' }
  s.author       = 'Example'
  s.source       = { :git => 'https://example.com/generated.git', :tag => s.version.to_s }
  s.ios.deployment_target = '13.0'
  s.source_files = Dir.glob('Sources/**/*.swift').reject { |f| f.include?('Tests') }
end
