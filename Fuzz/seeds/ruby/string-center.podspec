Pod::Spec.new do |s|
  s.name = "Fuzz"
  s.version = "1.0.0"
  s.summary = "a".center(10**9)
end
