import Testing

@Test("accepts four different digits")
func acceptsFourDigits() throws {
    try validatePIN("1234")
}

@Test("accepts six digits")
func acceptsSixDigits() throws {
    try validatePIN("123456")
}

@Test("refuses three digits as too short")
func refusesThreeDigits() {
    #expect(throws: PINError.tooShort) { try validatePIN("123") }
}

@Test("refuses seven digits as too long")
func refusesSevenDigits() {
    #expect(throws: PINError.tooLong) { try validatePIN("1234567") }
}

@Test("refuses a letter among the digits")
func refusesLetters() {
    #expect(throws: PINError.notDigits) { try validatePIN("12a4") }
}

@Test("refuses four times the same digit")
func refusesSameDigits() {
    #expect(throws: PINError.allTheSame) { try validatePIN("1111") }
}
