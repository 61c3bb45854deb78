version = File.read(File.join(__dir__, 'VERSION')).strip
package = JSON.parse(File.read('package.json'))

Pod::Spec.new do |s|
  s.name         = package['name']
  s.version      = version
  s.summary      = package['description']
  s.homepage     = package['homepage']
  s.license      = package['license']
  s.authors      = package['author']
  s.platforms    = { :ios => '13.0' }
  s.source       = { :git => "#{package['homepage']}.git", :tag => "v#{s.version}" }
  s.source_files = Dir.glob('Sources/**/*.swift').reject { |f| f.include?('Generated') }
  s.resources    = File.exist?('Resources') ? 'Resources/**/*' : []
end
