Pod::Spec.new do |s|
  s.name = "Fuzz"
  s.version = "1.0.0"
  s.summary = ("a" * 40) =~ /(a|a)*b/ ? "x" : "y"
end
