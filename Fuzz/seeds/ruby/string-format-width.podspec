Pod::Spec.new do |s|
  s.name = "Fuzz"
  s.version = "1.0.0"
  s.summary = format('%0100000000d', 1)
end
