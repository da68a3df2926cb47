func work() -> Int { 1 }
