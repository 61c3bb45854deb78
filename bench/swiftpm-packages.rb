# Turns a compose-bench graph into local SwiftPM packages with git tags, plus a root package whose
# dependencies are the graph's top-level requirements, so that `swift package resolve` solves the
# same problem. Only `~> M.m` requirements (SwiftPM `from: "M.m.0"`) and `>= M.m` are translated.
#
#   ruby bench/swiftpm-packages.rb GRAPH.txt OUT_DIR
require 'fileutils'

graph, out = ARGV.fetch(0), ARGV.fetch(1)
FileUtils.rm_rf(out)
FileUtils.mkdir_p(out)
versions = Hash.new { |h, k| h[k] = [] }
top = []
File.foreach(graph) do |line|
  fields = line.chomp.split("\t", -1)
  if fields[0] == 'T'
    top << [fields[1], fields[2]]
  else
    deps = fields[3].split('|').map { |d| d.split('=', 2) }
    versions[fields[1]] << [fields[2], deps]
  end
end

def requirement(text)
  case text
  when /\A~> (\d+)\.(\d+)\z/ then "from: \"#{$1}.#{$2}.0\""
  when /\A>= (\d+)\.(\d+)\z/ then "\"#{$1}.#{$2}.0\"..<\"1000.0.0\""
  when /\A= (\d+)\.(\d+)\.(\d+)\z/ then "exact: \"#{$1}.#{$2}.#{$3}\""
  else raise "cannot translate #{text}"
  end
end

def manifest(name, deps, out)
  packages = deps.map { |d, r| "        .package(url: \"file://#{out}/#{d}\", #{requirement(r)})," }.join("\n")
  products = deps.map { |d, _| ".product(name: \"#{d}\", package: \"#{d}\")" }.join(', ')
  <<~SWIFT
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(
        name: "#{name}",
        products: [.library(name: "#{name}", targets: ["#{name}"])],
        dependencies: [
    #{packages}
        ],
        targets: [.target(name: "#{name}", dependencies: [#{products}])]
    )
  SWIFT
end

git = %w[git -c user.name=bench -c user.email=bench@example.invalid -c init.defaultBranch=main]
versions.each do |name, list|
  dir = File.join(out, name)
  FileUtils.mkdir_p(File.join(dir, 'Sources', name))
  File.write(File.join(dir, 'Sources', name, "#{name}.swift"), "public let version = 0\n")
  system(*git, 'init', '-q', dir) or abort
  list.each do |version, deps|
    File.write(File.join(dir, 'Package.swift'), manifest(name, deps, out))
    system(*git, '-C', dir, 'add', '-A') or abort
    system(*git, '-C', dir, 'commit', '-q', '--allow-empty', '-m', version) or abort
    system(*git, '-C', dir, 'tag', version) or abort
  end
end
root = File.join(out, 'App')
FileUtils.mkdir_p(File.join(root, 'Sources', 'App'))
File.write(File.join(root, 'Sources', 'App', 'App.swift'), "public let app = 0\n")
File.write(File.join(root, 'Package.swift'), manifest('App', top, out))
