func quick() -> Int { 1 }
func spin() -> Int { 1 }
