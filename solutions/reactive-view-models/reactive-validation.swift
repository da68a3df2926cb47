final class DataValidationSpec: KiwiSpec {
    override class func spec() {
        describe("DataValidation") {
            context("when the e-mail is samlau@163.com") {
                it("accepts it") {
                    theValue(DataValidation.isValidEmail("samlau@163.com")).should.beYes()
                }
            }
            context("when the e-mail is samlau163.com") {
                it("refuses it: there is no @") {
                    theValue(DataValidation.isValidEmail("samlau163.com")).should.beNo()
                }
            }
            context("when the e-mail is samlau@163") {
                it("refuses it: the domain has no dot") {
                    theValue(DataValidation.isValidEmail("samlau@163")).should.beNo()
                }
            }
            context("when the password has six characters") {
                it("accepts it") {
                    theValue(DataValidation.isValidPassword("123456")).should.beYes()
                }
            }
            context("when the password has five characters") {
                it("refuses it") {
                    theValue(DataValidation.isValidPassword("12345")).should.beNo()
                }
            }
        }
    }
}
