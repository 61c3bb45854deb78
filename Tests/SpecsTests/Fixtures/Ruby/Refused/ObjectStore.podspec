Pod::Spec.new do |s|
  s.name                    = 'ObjectStore'
  s.version                 = `sh build.sh get-version`.strip
  s.summary                 = 'An embedded object objectstore.'
  s.homepage                = 'https://example.com/objectstore'
  s.source                  = { :git => 'https://github.com/example/objectstore.git', :tag => "v#{s.version}" }
  s.author                  = { 'Example' => 'help@example.com' }
  s.license                 = { :type => 'Apache 2.0', :file => 'LICENSE' }
  s.source_files            = 'Database/*.{m,mm}'
  s.ios.deployment_target   = '12.0'
end
