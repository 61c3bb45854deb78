# Resolves a compose-bench graph with Molinillo 0.8.0 (the resolver of CocoaPods >= 1.11, vendored
# in Ruby 3.1's bundler), driven the way CocoaPods drives it: possibilities sorted oldest to newest
# (the newest is tried first), dependencies sorted activated-first then fewest possibilities.
#
#   ruby bench/molinillo.rb GRAPH.txt [RUNS]
#
# Requirements use Gem::Requirement. The generated graphs contain only release versions written
# with three segments (1.2.0) and requirements written `~> M.m`, `>= M.m`, `= M.m.p`, where
# Gem::Version and Pod::Version agree (they differ only on prereleases, `-` and `+metadata`, and
# on the string tie-break between spellings such as 1.0 and 1.0.0).
# MOLINILLO_LIB names the lib folder of a Molinillo checkout; bench/run.sh fetches 0.8.0 into
# bench/out/molinillo where Ruby's bundler vendors another version (Debian's ruby 3.1.2 has 0.7.0).
fetched = File.join(__dir__, 'out', 'molinillo', 'lib')
lib = ENV['MOLINILLO_LIB'] || (File.exist?(File.join(fetched, 'molinillo.rb')) ? fetched : nil)
if lib
  require File.join(lib, 'molinillo')
  M = ::Molinillo
else
  module Bundler; end
  require 'bundler/vendor/molinillo/lib/molinillo'
  M = Bundler::Molinillo
end
abort "Molinillo #{M::VERSION} found, 0.8.0 wanted: set MOLINILLO_LIB" unless M::VERSION == '0.8.0'

Spec = Struct.new(:name, :version, :dependencies) do
  def to_s; "#{name} (#{version})"; end
end

Dep = Struct.new(:name, :requirement) do
  def to_s; "#{name} (#{requirement})"; end
end

class GraphProvider
  include M::SpecificationProvider

  attr_reader :top

  def initialize(path)
    @specs = Hash.new { |h, k| h[k] = [] }
    @top = []
    File.foreach(path) do |line|
      fields = line.chomp.split("\t", -1)
      if fields[0] == 'T'
        @top << Dep.new(fields[1], Gem::Requirement.new(fields[2].split(',')))
      else
        deps = fields[3].split('|').map do |d|
          name, reqs = d.split('=', 2)
          Dep.new(name, Gem::Requirement.new(reqs.split(',')))
        end
        @specs[fields[1]] << Spec.new(fields[1], Gem::Version.new(fields[2]), deps)
      end
    end
    @specs.each_value { |list| list.sort_by!(&:version) }
    @search = {}
  end

  def search_for(dependency)
    @search[[dependency.name, dependency.requirement]] ||=
      @specs[dependency.name].select { |s| dependency.requirement.satisfied_by?(s.version) }
  end

  def dependencies_for(specification)
    specification.dependencies
  end

  def requirement_satisfied_by?(requirement, _activated, spec)
    requirement.requirement.satisfied_by?(spec.version)
  end

  def name_for(dependency)
    dependency.name
  end

  def name_for_explicit_dependency_source
    'Composefile'
  end

  def name_for_locking_dependency_source
    'Compose.lock'
  end

  def sort_dependencies(dependencies, activated, conflicts)
    dependencies.sort_by do |d|
      name = name_for(d)
      [activated.vertex_named(name).payload ? 0 : 1, conflicts[name] ? 0 : 1, search_for(d).count]
    end
  end

  def allow_missing?(_dependency)
    false
  end
end

class QuietUI
  include M::UI
  def output; $stderr; end
  def before_resolution; end
  def after_resolution; end
  def indicate_progress; end
  def debug?; false; end
end

path = ARGV.fetch(0)
runs = (ARGV[1] || '3').to_i
provider = GraphProvider.new(path)
times = []
result = nil
packages = 0
runs.times do
  start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  begin
    graph = M::Resolver.new(provider, QuietUI.new).resolve(provider.top, M::DependencyGraph.new)
    result = 'solved'
    packages = graph.vertices.count { |_, v| v.payload }
  rescue M::ResolverError => e
    result = 'unsatisfiable'
    File.write(ENV['MOLINILLO_EXPLAIN'], e.message) if ENV['MOLINILLO_EXPLAIN']
  end
  times << Process.clock_gettime(Process::CLOCK_MONOTONIC) - start
end
times.sort!
printf("{\"result\": \"%s\", \"packages\": %d, \"median_ms\": %.3f, \"min_ms\": %.3f, \"runs\": %d}\n",
       result, packages, times[times.size / 2] * 1000, times[0] * 1000, times.size)
