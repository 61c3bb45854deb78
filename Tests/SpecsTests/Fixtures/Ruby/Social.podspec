# In the style of large vendor SDKs: one pod, many subspecs, shared locals.
sdk_version = '17.4.0'
min_ios = '12.0'
frameworks = %w[Foundation UIKit]

Pod::Spec.new do |s|
  s.name = 'Social'
  s.version = sdk_version
  s.summary = 'Official Social SDK for iOS to access Social Platform features'
  s.description = <<-DESC
                   The Social SDK for iOS enables you to use Social Platform features
                   such as Login, Sharing and Graph API.
                   DESC
  s.homepage = 'https://developers.example.com/docs/ios/'
  s.license = {
    :type => 'Copyright',
    :text => <<-LICENSE
      Copyright (c) Example, Inc. and its affiliates.
      All rights reserved.
    LICENSE
  }
  s.author = 'Example'
  s.platform = :ios, min_ios
  s.source = { :git => 'https://github.com/example/social-ios-sdk.git', :tag => "v#{sdk_version}" }
  s.ios.weak_frameworks = 'Accelerate', 'Security', 'CoreGraphics'
  s.requires_arc = true
  s.default_subspecs = 'CoreKit', 'LoginKit', 'ShareKit'
  s.swift_version = '5.0'

  s.subspec 'Basics' do |ss|
    ss.dependency 'Social/Core', "#{sdk_version}"
    ss.ios.vendored_frameworks = 'XCFrameworks/SocialBasics.xcframework'
    ss.frameworks = frameworks
  end

  s.subspec 'CoreKit' do |ss|
    ss.dependency 'Social/Basics', sdk_version
    ss.ios.vendored_frameworks = 'XCFrameworks/SocialCoreKit.xcframework'
    ss.libraries = 'c++', 'stdc++'
  end

  s.subspec 'LoginKit' do |ss|
    ss.dependency 'Social/CoreKit', sdk_version
    ss.ios.vendored_frameworks = 'XCFrameworks/SocialLoginKit.xcframework'
  end

  s.subspec 'ShareKit' do |ss|
    ss.dependency 'Social/CoreKit'
    ss.ios.vendored_frameworks = 'XCFrameworks/SocialShareKit.xcframework'
  end
end
