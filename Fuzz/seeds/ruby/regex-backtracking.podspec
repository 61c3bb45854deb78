Pod::Spec.new do |s|
  s.name = "Fuzz"
  s.version = "1.0.0"
  s.summary = ("a" * 1000 + "!") =~ /a*a*a*a*b/ ? "x" : "y"
end
