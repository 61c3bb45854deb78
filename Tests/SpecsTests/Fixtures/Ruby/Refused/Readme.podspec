Pod::Spec.new do |s|
  s.name         = 'Readme'
  s.version      = '1.2.0'
  s.summary      = 'A description read from the README'
  s.description  = File.read('README.md')
  s.homepage     = 'https://example.com/readme'
  s.license      = 'MIT'
  s.author       = 'Example'
  s.source       = { :git => 'https://example.com/readme.git', :tag => s.version.to_s }
end
