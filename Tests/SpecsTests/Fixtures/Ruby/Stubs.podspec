Pod::Spec.new do |s|
  s.name         = "Stubs"
  s.version      = "9.1.0"
  s.summary      = "Stub your network requests easily."
  s.description  = <<-DESC.gsub(/^ +\|/,'')
                    |A class to stub network requests easily:
                    |test your apps with fake network data.
                    DESC
  s.homepage     = "https://github.com/example/Stubs"
  s.license      = "MIT"
  s.author       = "Example"
  s.source       = { :git => "https://github.com/example/Stubs.git", :tag => s.version.to_s }
  s.ios.deployment_target = '12.0'
  s.source_files = "Sources/**/*.{h,m}"
end
