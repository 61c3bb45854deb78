Pod::Spec.new do |s|
  s.name         = 'Components'
  s.version      = '1.0.0'
  s.summary      = "A UI kit.\n"
  s.homepage     = 'https://example.com'
  s.license      = { :type => 'MIT' }
  s.authors      = { 'A' => 'a@example.com', 'B' => 'b@example.com' }
  s.source       = { :git => 'https://example.com/c.git', :tag => s.version.to_s, :submodules => true }
  s.ios.deployment_target = '14.0'
  s.osx.deployment_target = '11.0'
  s.prefix_header_contents = '#import <UIKit/UIKit.h>'
  s.requires_arc = true
  s.compiler_flags = '-DCOMPONENTS=1'
  s.script_phase = { :name => 'Lint', :script => 'echo lint', :execution_position => :before_compile }

  s.subspec 'Foundation' do |f|
    f.source_files = 'Foundation/**/*.{h,m,swift}'
    f.osx.exclude_files = 'Foundation/UIKit/**/*'
    f.subspec 'Collections' do |c|
      c.ios.deployment_target = '15.0'
      c.source_files = 'Foundation/Collections/**/*.swift'
      c.dependency "#{s.name}/Foundation/Text"
    end
    f.subspec 'Text' do |t|
      t.platform = :ios
      t.source_files = 'Foundation/Text/**/*.swift'
    end
  end

  s.subspec('Buttons') { |b|
    b.source_files = 'Buttons/*.swift'
    b.dependency 'Components/Foundation'
    b.ios.resource = 'Buttons/Assets.xcassets'
  }

  s.subspec 'Theme' do |t|
    t.source_files = 'Theme/*.swift'
    t.osx.deployment_target = '12.0'
    t.ios.deployment_target = '14.0'
  end
end
