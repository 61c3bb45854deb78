Pod::Spec.new do |s|
  s.name = "Fuzz"
  s.version = "1.0.0"
  a = [1]
  27.times { a = [a, a] }
  s.summary = a.flatten.size.to_s
end
