/// The framework a spec class is written in; it picks the wording of reports.
public enum Face: Sendable {
    case quick, kiwi, specta
}

/// A spec class: override `spec()` and declare groups and examples in it.
open class Spec {
    /// Declares this spec's groups, examples and hooks; called once when the tree is built.
    open class func spec() {}

    /// The framework whose wording this spec's reports use.
    open class var face: Face { .quick }
}

/// A Quick spec: `final class CarSpec: QuickSpec { override class func spec() { … } }`.
open class QuickSpec: Spec {
    /// Quick's wording.
    override open class var face: Face { .quick }
}

/// A Kiwi spec, the Swift form of `SPEC_BEGIN(CarSpec)` … `SPEC_END`.
open class KiwiSpec: Spec {
    /// Kiwi's wording (`[PASSED]`, `[FAILED]`).
    override open class var face: Face { .kiwi }
}

/// A Specta spec, the Swift form of `SpecBegin(Car)` … `SpecEnd`.
open class SpectaSpec: Spec {
    /// Specta's wording.
    override open class var face: Face { .specta }
}
