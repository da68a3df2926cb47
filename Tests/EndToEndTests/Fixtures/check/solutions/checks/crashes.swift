func calm() -> Int { 1 }
func unwrapNil() -> Int { 1 }
func pastTheEnd() -> Int { 1 }
func fatal() -> Int { 1 }
func recurse(_ n: Int) -> Int { 1 }
func leave() -> Int { 1 }
