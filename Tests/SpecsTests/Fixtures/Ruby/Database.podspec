Pod::Specification.new do |s|
  s.name     = 'Database'
  s.version  = '2.24.1'
  s.license  = 'MIT'
  s.summary  = 'A Cocoa / Objective-C wrapper around SQLite'
  s.homepage = 'https://github.com/example/database'
  s.author   = { 'Example' => 'db@example.com' }
  s.source   = { :git => 'https://github.com/example/database.git', :tag => "#{s.version}" }
  s.requires_arc = true
  s.ios.deployment_target = '12.0'
  s.osx.deployment_target = '10.13'
  s.cocoapods_version = '>= 1.12.0'
  s.default_subspec = 'standard'

  s.subspec 'standard' do |ss|
    ss.library = 'sqlite3'
    ss.source_files = 'src/db/DB*.{h,m}'
    ss.exclude_files = 'src/db.m'
    ss.resource_bundles = { 'DB' => ['src/db/PrivacyInfo.xcprivacy'] }
  end

  s.subspec 'FTS' do |ss|
    ss.source_files = 'src/extra/fts3/*.{h,m}'
    ss.dependency 'Database/standard'
  end

  # build the latest stable version of sqlite3
  s.subspec 'standalone' do |ss|
    ss.xcconfig = { 'OTHER_CFLAGS' => '$(inherited) -DDB_SQLITE_STANDALONE' }
    ss.dependency 'sqlite3', '~> 3.46'
    ss.source_files = 'src/db/DB*.{h,m}'
    ss.exclude_files = 'src/db.m'
  end

  s.subspec 'SQLCipher' do |ss|
    ss.dependency 'SQLCipher', '~> 4.6'
    ss.source_files = 'src/db/DB*.{h,m}'
    ss.xcconfig = { 'OTHER_CFLAGS' => '$(inherited) -DSQLITE_HAS_CODEC -DHAVE_USLEEP=1',
                    'HEADER_SEARCH_PATHS' => 'SQLCipher' }
  end
end
