class MuseumInventory {
    let store: ArtefactStore

    init(store: ArtefactStore) {
        self.store = store
    }

    func allArtefacts() -> [Artefact] {
        store.fetchAllArtefacts()
    }

    func artefacts(fromCountry country: String) -> [Artefact] {
        allArtefacts().filter { $0.countryOfOrigin == country }
    }
}
