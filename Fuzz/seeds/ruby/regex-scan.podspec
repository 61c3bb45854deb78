Pod::Spec.new do |s|
  s.name = "Fuzz"
  s.version = "1.0.0"
  s.summary = ("ab " * 60_000).scan(/b/).size.to_s
end
