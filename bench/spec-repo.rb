# Turns a compose-bench graph into a spec repo on disk (Name/version/Name.podspec.json) and an app
# project whose Composefile lists the graph's top-level requirements, for timing the whole
# `compose resolve` command.
#
#   ruby bench/spec-repo.rb GRAPH.txt OUT_DIR      → OUT_DIR/specs, OUT_DIR/App/Composefile
require 'fileutils'
require 'json'

graph, out = ARGV.fetch(0), ARGV.fetch(1)
FileUtils.rm_rf(out)
top = []
File.foreach(graph) do |line|
  fields = line.chomp.split("\t", -1)
  if fields[0] == 'T'
    top << [fields[1], fields[2].split(',')]
    next
  end
  name, version = fields[1], fields[2]
  dependencies = {}
  fields[3].split('|').each do |d|
    dep, reqs = d.split('=', 2)
    dependencies[dep] = reqs.split(',')
  end
  spec = {
    'name' => name, 'version' => version, 'summary' => "#{name}, a generated component.",
    'homepage' => "https://git.example.com/ios/#{name}", 'license' => { 'type' => 'MIT' },
    'authors' => { 'Bench' => 'bench@example.invalid' },
    'source' => { 'git' => "https://git.example.com/ios/#{name}.git", 'tag' => version },
    'platforms' => { 'ios' => '13.0' }, 'source_files' => "Sources/#{name}/**/*.swift",
    'dependencies' => dependencies
  }
  dir = File.join(out, 'specs', name, version)
  FileUtils.mkdir_p(dir)
  File.write(File.join(dir, "#{name}.podspec.json"), JSON.pretty_generate(spec))
end
FileUtils.mkdir_p(File.join(out, 'App'))
pods = top.map { |name, reqs| "  pod '#{name}', #{reqs.map { |r| "'#{r}'" }.join(', ')}" }
File.write(File.join(out, 'App', 'Composefile'), <<~RUBY)
  source '../specs'
  platform :ios, '15.0'

  target 'App' do
  #{pods.join("\n")}
  end
RUBY
