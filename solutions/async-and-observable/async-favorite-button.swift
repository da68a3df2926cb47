import Testing

@MainActor
@Suite("FavoriteButtonModel")
struct FavoriteButtonTests {
    let spy = FavoritesServiceSpy()
    let model: FavoriteButtonModel

    init() {
        model = FavoriteButtonModel(photoID: 7, isFavorite: false, service: spy)
    }

    @Test("starts as it was given")
    func startsAsGiven() {
        #expect(!model.isFavorite)
        #expect(!model.isSaving)
        #expect(model.errorMessage == nil)
    }

    @Test("saves the new value for its photo")
    func savesNewValue() async {
        await model.tap()
        #expect(model.isFavorite)
        #expect(await spy.requests == [.init(isFavorite: true, photoID: 7)])
    }

    @Test("flips the heart before the server answers")
    func flipsAtOnce() async {
        await spy.setNextAnswer(.hold)
        let tap = Task { await model.tap() }
        await spy.waitForHeldRequest(during: tap)
        #expect(model.isFavorite)
        #expect(model.isSaving)
        await spy.releaseHeldRequest(succeeding: true)
        await tap.value
        #expect(model.isFavorite)
        #expect(!model.isSaving)
    }

    @Test("ignores a tap while saving")
    func ignoresSecondTap() async {
        await spy.setNextAnswer(.hold)
        let tap = Task { await model.tap() }
        await spy.waitForHeldRequest(during: tap)
        await spy.setNextAnswer(.succeed)
        await model.tap()
        #expect(await spy.requests.count == 1)
        #expect(model.isFavorite)
        await spy.releaseHeldRequest(succeeding: true)
        await tap.value
    }

    @Test("flips back and says so when saving fails")
    func flipsBackOnFailure() async {
        await spy.setNextAnswer(.fail)
        await model.tap()
        #expect(!model.isFavorite)
        #expect(model.errorMessage == "Your favourite could not be saved.")
    }

    @Test("clears the message on the next tap")
    func clearsMessage() async {
        await spy.setNextAnswer(.fail)
        await model.tap()
        await spy.setNextAnswer(.succeed)
        await model.tap()
        #expect(model.errorMessage == nil)
        #expect(model.isFavorite)
    }
}
