func park() -> Vehicle { Truck() }
func garage() -> Garage? { nil }
