name = 'Strings'
Pod::Spec.new do |s|
  s.name = name
  s.version = "0.4"
  s.summary = '  Escapes: \'single\' and \\ backslash  '
  s.description = "Tab\tnewline\nunicode \u00e9 \u{1F600} and \"quotes\" #{name} \#{not}"
  s.homepage = 'https://example.com/strings'
  s.license = :mit
  s.authors = { name: 'Strings Team' }
  s.source = { :git => 'https://example.com/strings.git', :tag => "#{s.name}-#{s.version}" }
  s.platforms = { :ios => '11.0', :macos => '10.14' }
  s.source_files = [
    'Sources/**/*.swift',   # the sources
    'Sources/**/*.h',
  ]
  s.readme = <<~README.squish
    See   the
    README file.
  README
  s.changelog = <<-'RAW'.chomp
    Not #{interpolated}\n
  RAW
  s.requires_arc = false
  s.header_dir = 'strings'
  s.deprecated_in_favor_of = 'Text'
  s.deprecated = true
  s.prepare_command = <<-CMD
    echo "prepare"
    touch Generated.swift
  CMD
  s.on_demand_resources = { 'Tag' => 'Resources/*.png' }
  s.screenshots = ['https://example.com/1.png', 'https://example.com/2.png']
end
