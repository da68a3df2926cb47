final class MuseumInventory {
    private let store: InventoryStore

    init(store: InventoryStore) {
        self.store = store
    }

    func allArtefacts() -> [String] {
        store.fetchAllArtefacts()
    }
}
