Pod::Spec.new do |s|
  s.name = 'ImageKit'
  s.version = '5.19.1'
  s.platform = :ios, '12.0'
  s.license = 'MIT'
  s.summary = 'Asynchronous image downloader with cache support with an UIImageView category.'
  s.homepage = 'https://github.com/example/ImageKit'
  s.author = { 'Example Author' => 'image@example.com' }
  s.source = { :git => 'https://github.com/example/ImageKit.git', :tag => s.version.to_s }

  s.description = 'This library provides a category for UIImageView with support for remote '      \
                  'images coming from the web. It provides an UIImageView category adding web '    \
                  'image and cache management to the Cocoa Touch framework.'

  s.ios.deployment_target = '12.0'
  s.tvos.deployment_target = '12.0'
  s.osx.deployment_target = '10.13'
  s.watchos.deployment_target = '5.0'
  s.visionos.deployment_target = '1.0'

  s.requires_arc = true
  s.framework = 'ImageIO'

  s.pod_target_xcconfig = {
    'SUPPORTS_MACCATALYST' => 'YES',
    'DERIVE_MACCATALYST_PRODUCT_BUNDLE_IDENTIFIER' => 'NO'
  }

  s.default_subspec = 'Core'

  s.subspec 'Core' do |core|
    core.source_files = 'ImageKit/Core/*.{h,m}', 'WebImage/ImageKit.h', 'ImageKit/Private/*.{h,m}'
    core.exclude_files = 'ImageKit/MapKit/*.{h,m}'
    core.private_header_files = 'ImageKit/Private/*.h'
    core.resource_bundles = {'ImageKit' => ['WebImage/PrivacyInfo.xcprivacy']}
  end

  s.subspec 'MapKit' do |mk|
    mk.osx.deployment_target = '10.13'
    mk.ios.deployment_target = '12.0'
    mk.tvos.deployment_target = '12.0'
    mk.source_files = 'ImageKit/MapKit/*.{h,m}'
    mk.framework = 'MapKit'
    mk.dependency 'ImageKit/Core'
  end
end
