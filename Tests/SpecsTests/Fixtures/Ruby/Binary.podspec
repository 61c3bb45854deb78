# A prebuilt SDK shipped as an xcframework, in the style of vendor SDKs.
VERSION = '11.4.0'.freeze
sdk_name = "AdsSDK"

Pod::Spec.new do |s|
  s.name = sdk_name
  s.version = VERSION
  s.summary = %q{Ads SDK for iOS}
  s.description = %Q{Monetise #{sdk_name} apps with banner, interstitial and rewarded ads.}
  s.homepage = "https://developers.example.com/#{s.name.downcase}"
  s.license = { :type => 'Copyright', :text => 'Copyright 2024 Example LLC. All rights reserved.' }
  s.author = 'Example'
  s.source = { :http => "https://dl.example.com/ads/#{s.version}/AdsSDK.zip", :sha256 => 'abc123' }
  s.ios.deployment_target = '12.0'
  s.vendored_frameworks = 'Frameworks/AdsSDK.xcframework'
  s.preserve_path = 'Frameworks/AdsSDK.xcframework'
  s.libraries = 'c++', 'z', 'sqlite3'
  s.frameworks = %w[AudioToolbox AVFoundation CoreTelephony StoreKit]
  s.weak_framework = 'AppTrackingTransparency'
  s.xcconfig = { 'OTHER_LDFLAGS' => '-ObjC' }
  s.cocoapods_version = '>= 1.10.0'
end
