Pod::Spec.new do |s|
  s.name         = 'Environment'
  s.version      = '4.1.0'
  s.summary      = 'A pod that changes with the environment'
  s.homepage     = 'https://example.com/environment'
  s.license      = 'MIT'
  s.author       = 'Example'
  s.source       = { :git => 'https://example.com/environment.git', :tag => s.version.to_s }
  s.ios.deployment_target = '13.0'
  if ENV['USE_FRAMEWORKS']
    s.static_framework = false
  else
    s.static_framework = true
  end
end
