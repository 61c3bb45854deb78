# Writes a git fast-import stream for a spec repo of NAMES × VERSIONS specs
# (Name/version/Name.podspec.json), one commit, to standard output.
#
#   ruby bench/spec-repo-fast-import.rb 20000 5 | git -C BARE.git fast-import --quiet
require 'json'

names, versions = Integer(ARGV.fetch(0)), Integer(ARGV.fetch(1))
out = $stdout
out.binmode
mark = 0
files = []
names.times do |n|
  name = format('Pod%05d', n)
  versions.times do |v|
    version = "1.#{v}.0"
    spec = JSON.pretty_generate(
      'name' => name, 'version' => version, 'summary' => "#{name}, a generated component.",
      'homepage' => "https://git.example.com/ios/#{name}", 'license' => { 'type' => 'MIT' },
      'authors' => { 'Bench' => 'bench@example.invalid' },
      'source' => { 'git' => "https://git.example.com/ios/#{name}.git", 'tag' => version },
      'platforms' => { 'ios' => '13.0' }, 'source_files' => "Sources/#{name}/**/*.swift"
    ) + "\n"
    mark += 1
    out.write("blob\nmark :#{mark}\ndata #{spec.bytesize}\n#{spec}\n")
    files << [mark, "#{name}/#{version}/#{name}.podspec.json"]
  end
end
message = "#{names * versions} generated specs\n"
out.write("commit refs/heads/main\ncommitter Bench <bench@example.invalid> 1700000000 +0000\n")
out.write("data #{message.bytesize}\n#{message}")
files.each { |m, path| out.write("M 100644 :#{m} #{path}\n") }
out.write("\n")
