import Testing

@testable import KataBuilding

@Suite("Spec class scanner")
struct SpecClassScannerTests {
    @Test("every face's spec classes are found, AsyncSpec's included, and other classes are not")
    func findsEveryFace() {
        let code = """
            final class CartSpec: QuickSpec { override class func spec() {} }
            final class LoaderSpec: AsyncSpec { override class func spec() {} }
            final class TeamSpec: KiwiSpec { override class func spec() {} }
            final class CarSpec: SpectaSpec { override class func spec() {} }
            final class PlainSpec: Spec { override class func spec() {} }
            final class Helper: NSObject {}
            // final class Commented: QuickSpec {}
            let text = "class Quoted: QuickSpec {}"
            """
        #expect(SpecClassScanner.classes(in: code) == ["CartSpec", "LoaderSpec", "TeamSpec", "CarSpec", "PlainSpec"])
    }
}
