# The oracle of bench/xcode-corpus/check.sh: CocoaPods' own Xcodeproj gem and cocoapods-deintegrate,
# run from their release trees (put on -I by check.sh; nothing of theirs lives in this repository).
# Every command prints one JSON object on standard output.
#
#   ruby oracle.rb roundtrip  P.xcodeproj DIR    open a copy of P in DIR (same name), save it:
#                                                byte-identical?
#   ruby oracle.rb deintegrate P.xcodeproj DIR   cocoapods-deintegrate's Deintegrator on a copy of P
#                                                in DIR, saved; then what still mentions Pods
#   ruby oracle.rb leftovers  P.xcodeproj                  what in P still mentions CocoaPods
#   ruby oracle.rb check BEFORE.xcodeproj AFTER.xcodeproj  AFTER as `compose integrate` must leave it
require 'fileutils'
require 'json'
require 'set'

# The gem calls Atomos.atomic_write only when saving; the atomos gem itself is not needed for that.
module Atomos
  def self.atomic_write(dest, _tmpdir = nil)
    tmp = "#{dest}.oracle-tmp"
    File.open(tmp, 'w') { |f| yield f }
    File.rename(tmp, dest)
  end
end
$LOADED_FEATURES << 'atomos.rb'
require 'xcodeproj'

# What cocoapods-deintegrate's Deintegrator takes from CocoaPods itself: a quiet UI and a sandbox
# that does not exist (so it removes no Pods folder).
module Pod
  module UI
    def self.section(*)
      yield if block_given?
    end

    def self.puts(*) end

    def self.path(path)
      path.to_s
    end
  end

  module Config
    module Mixin
      Sandbox = Struct.new(:root)
      ConfigStub = Struct.new(:sandbox)
      def config
        ConfigStub.new(Sandbox.new(Pathname.new('/nonexistent/oracle-Pods')))
      end
    end
  end
end
require 'cocoapods/deintegrator'

# Copies FROM's project.pbxproj into DIR/<FROM's name> (the name is the project's name in comments).
def copy_project(from, dir)
  to = File.join(dir, File.basename(from))
  FileUtils.rm_rf(to)
  FileUtils.mkdir_p(to)
  FileUtils.cp(File.join(from, 'project.pbxproj'), File.join(to, 'project.pbxproj'))
  to
end

def ms_since(start)
  ((Process.clock_gettime(Process::CLOCK_MONOTONIC) - start) * 1000).round(1)
end

# A script or setting that uses CocoaPods: a PODS_ variable or a path through a Pods folder (not the
# word CocoaPods in a comment or URL).
MENTIONS_PODS = %r{PODS_|(^|[^A-Za-z])Pods(/|\b)}.freeze

# What in PROJECT still mentions CocoaPods, by kind, with up to 3 examples each.
def leftovers(project)
  found = Hash.new { |h, k| h[k] = [] }
  project.targets.each do |target|
    target.build_phases.each do |phase|
      next unless phase.isa == 'PBXShellScriptBuildPhase'
      name = phase.name.to_s
      if name.start_with?('[CP')
        found['cp_phase'] << "#{target.name}: #{name}"
      elsif phase.shell_script.to_s =~ MENTIONS_PODS
        found['user_script_with_pods'] << "#{target.name}: #{name}"
      end
    end
    target.frameworks_build_phases&.files&.each do |bf|
      found['pods_library_linked'] << "#{target.name}: #{bf.display_name}" if bf.display_name =~ /Pods/
    end
    target.build_configurations.each do |config|
      ref = config.base_configuration_reference
      if ref && (ref.path.to_s + ref.name.to_s) =~ /Pods/
        found['pods_base_configuration'] << "#{target.name}/#{config.name}: #{ref.display_name}"
      end
      config.build_settings.each do |key, value|
        found['setting_with_pods'] << "#{target.name}/#{config.name}: #{key}" if Array(value).join(' ') =~ MENTIONS_PODS
      end
    end
  end
  project.build_configurations.each do |config|
    config.build_settings.each do |key, value|
      found['setting_with_pods'] << "project/#{config.name}: #{key}" if Array(value).join(' ') =~ MENTIONS_PODS
    end
  end
  project.objects.each do |object|
    case object.isa
    when 'PBXFileReference'
      if (object.path.to_s + ' ' + object.name.to_s) =~ /(^|\/| )(libPods|Pods[-_.])/ || object.path.to_s =~ /Pods\.xcodeproj/
        found['pods_file_reference'] << (object.name || object.path).to_s
      end
    when 'PBXGroup'
      found['pods_group'] << (object.name || object.path).to_s if (object.name || object.path).to_s == 'Pods'
    end
  end
  found.transform_values { |v| { 'count' => v.size, 'examples' => v.uniq.first(3) } }
end

def roundtrip(path, dir)
  copy = copy_project(path, dir)
  start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  project = Xcodeproj::Project.open(copy)
  opened = ms_since(start)
  project.save
  original = File.binread(File.join(path, 'project.pbxproj'))
  saved = File.binread(File.join(copy, 'project.pbxproj'))
  a = original.lines
  b = saved.lines
  first = a.each_index.find { |i| a[i] != b[i] }
  {
    'identical' => original == saved, 'bytes' => original.bytesize, 'open_ms' => opened,
    'targets' => project.native_targets.size,
    'object_version' => project.object_version,
    'first_difference' => first && { 'line' => first + 1, 'original' => a[first].to_s.strip[0, 160], 'gem' => b[first].to_s.strip[0, 160] },
    'differing_lines' => (a - b).size,
  }
end

def deintegrate(path, dir)
  copy = copy_project(path, dir)
  project = Xcodeproj::Project.open(copy)
  before = project.objects_by_uuid.keys.to_set
  start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  Pod::Deintegrator.new.deintegrate_project(project)
  took = ms_since(start)
  project.save
  project = Xcodeproj::Project.open(copy)
  { 'removed_objects' => (before - project.objects_by_uuid.keys.to_set).size, 'ms' => took, 'leftovers' => leftovers(project) }
end

# The project's objects by id as the gem's plist reader reads them (the object model itself rewrites
# some settings by objectVersion, e.g. LD_RUNPATH_SEARCH_PATHS into a list past 46, which would count
# as a change of bytes that did not change).
def raw_objects(project)
  Xcodeproj::Plist.read_from_path(File.join(project, 'project.pbxproj'))['objects']
end

def pods_related?(hash, name_of)
  text = [hash['name'], hash['path'], name_of.call(hash['fileRef'])].compact.join(' ')
  text =~ /Pods|\[CP/ || (hash['isa'] == 'PBXGroup' && %w[Frameworks Pods].include?(hash['name'] || hash['path']))
end

ALLOWED_CHANGES = {
  'PBXNativeTarget' => %w[buildPhases packageProductDependencies],
  'PBXAggregateTarget' => %w[buildPhases],
  'PBXFrameworksBuildPhase' => %w[files],
  'PBXCopyFilesBuildPhase' => %w[files],
  'PBXGroup' => %w[children],
  'PBXProject' => %w[packageReferences],
  'XCBuildConfiguration' => %w[baseConfigurationReference],
}.freeze
ADDED_KINDS = %w[XCLocalSwiftPackageReference XCSwiftPackageProductDependency PBXBuildFile PBXFrameworksBuildPhase PBXFileReference PBXGroup].freeze

# AFTER as `compose integrate` must leave BEFORE: every CocoaPods-integrated target free of CocoaPods,
# with one new product dependency linked in its frameworks phase; everything else unchanged (the
# objects by id before and after, minus what was removed or added: a remaining object may change only
# its build phases, the files of a build phase, a group's children, its package lists or its base
# configuration).
def check(before_path, after_path)
  before = Xcodeproj::Project.open(before_path)
  after = Xcodeproj::Project.open(after_path)
  b = raw_objects(before_path)
  a = raw_objects(after_path)
  name_of = ->(uuid) { uuid && b[uuid] && (b[uuid]['name'] || b[uuid]['path']) }
  removed = b.keys - a.keys
  added = a.keys - b.keys
  unexpected = []
  removed.each do |uuid|
    unexpected << "removed #{b[uuid]['isa']} #{uuid} #{b[uuid]['name'] || b[uuid]['path']}" unless pods_related?(b[uuid], name_of)
  end
  added.each do |uuid|
    unexpected << "added #{a[uuid]['isa']} #{uuid}" unless ADDED_KINDS.include?(a[uuid]['isa'])
  end
  changed = 0
  (a.keys & b.keys).each do |uuid|
    next if a[uuid] == b[uuid]
    changed += 1
    keys = (a[uuid].keys | b[uuid].keys).reject { |k| a[uuid][k] == b[uuid][k] }
    extra = keys - ALLOWED_CHANGES.fetch(a[uuid]['isa'], [])
    unexpected << "changed #{a[uuid]['isa']} #{uuid} (#{a[uuid]['name'] || a[uuid]['path']}): #{extra.join(', ')}" unless extra.empty?
  end
  integrated = before.native_targets.select do |t|
    t.shell_script_build_phases.any? { |p| p.name.to_s.start_with?('[CP') } ||
      t.build_configurations.any? { |c| c.base_configuration_reference&.display_name.to_s =~ /^Pods/ }
  end
  old_deps = before.objects.select { |o| o.isa == 'XCSwiftPackageProductDependency' }.map(&:uuid).to_set
  linked = 0
  problems = []
  integrated.each do |bt|
    t = after.native_targets.find { |x| x.uuid == bt.uuid }
    unless t
      problems << "#{bt.name}: target gone"
      next
    end
    new_deps = t.package_product_dependencies.reject { |d| old_deps.include?(d.uuid) }
    if new_deps.size != 1
      problems << "#{t.name}: #{new_deps.size} new product dependencies"
      next
    end
    dep = new_deps.first
    phase = t.frameworks_build_phases
    if phase && phase.files.any? { |f| f.product_ref == dep }
      linked += 1
    else
      problems << "#{t.name}: #{dep.product_name} not linked in its frameworks phase"
    end
  end
  {
    'opens' => true, 'integrated_targets' => integrated.size, 'linked_targets' => linked,
    'removed' => removed.size, 'added' => added.size, 'changed' => changed,
    'unexpected' => unexpected.first(20), 'unexpected_count' => unexpected.size,
    'target_problems' => problems.first(20), 'leftovers' => leftovers(after),
    'object_version' => after.object_version,
  }
rescue StandardError => e
  { 'opens' => false, 'error' => "#{e.class}: #{e.message.lines.first.to_s.strip}" }
end

command, *args = ARGV
result =
  case command
  when 'roundtrip' then roundtrip(*args)
  when 'deintegrate' then deintegrate(*args)
  when 'leftovers' then { 'leftovers' => leftovers(Xcodeproj::Project.open(args[0])) }
  when 'check' then check(*args)
  else abort "usage: oracle.rb roundtrip|deintegrate|leftovers|check PROJECT [PROJECT]"
  end
puts JSON.generate(result)
