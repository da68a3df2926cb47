/// The speed in a text such as "42 km/h".
func parseSpeed(_ text: String) throws -> Int {
    guard !text.isEmpty else { throw SpeedError.empty }
    guard text.hasSuffix(" km/h") else { throw SpeedError.missingUnit }
    let number = String(text.dropLast(" km/h".count))
    guard let speed = Int(number) else { throw SpeedError.notANumber(number) }
    return speed
}
