Pod::Spec.new do |s|
  s.name = "Fuzz"
  s.version = "1.0.0"
  s.summary = ("a" * 100_000).gsub(/a*?b|a/, "c")[0, 10]
end
