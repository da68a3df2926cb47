/// The framework a spec class is written in; it picks the wording of reports.
public enum Face: Sendable {
    case quick, kiwi, specta

    /// The face's name in kata's event stream.
    var name: String {
        switch self {
        case .quick: "quick"
        case .kiwi: "kiwi"
        case .specta: "specta"
        }
    }
}

/// A spec class: override `spec()` and declare groups and examples in it.
open class Spec {
    /// Creates a spec; the runner makes one for each example that asks for `QuickSpec.current`.
    public required init() {}

    /// Declares this spec's groups, examples and hooks; called once when the tree is built.
    ///
    /// `@MainActor`, as in Quick: the closures written inside it inherit the main actor, so examples
    /// can use `@MainActor` types such as view models. The runner runs them on the main thread.
    @MainActor open class func spec() {}

    /// The framework whose wording this spec's reports use.
    open class var face: Face { .quick }
}

/// A Quick spec: `final class CarSpec: QuickSpec { override class func spec() { … } }`.
open class QuickSpec: Spec {
    /// Quick's wording.
    override open class var face: Face { .quick }

    /// The spec whose example is running (Quick's `QuickSpec.current`), or `nil` between examples.
    public static var current: QuickSpec! { World.shared.currentSpec as? QuickSpec }
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
