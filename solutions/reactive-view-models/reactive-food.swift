struct FoodModel: Decodable, Equatable {
    let foodImageURL: URL
    let foodPrice: String
    let saleNumber: Int

    enum CodingKeys: String, CodingKey {
        case foodImageURL = "image"
        case foodPrice = "price"
        case saleNumber = "sold"
    }
}

final class FoodViewModel {
    let foods = Observable<[FoodModel]>([])
    let errorMessage = Observable<String?>(nil)

    private let client: FoodListClient

    init(client: FoodListClient) {
        self.client = client
    }

    /// Fetches the list and publishes it, or an error message.
    func load() {
        client.fetchFoodList().onComplete { result in
            do {
                let data = try result.get()
                self.foods.value = try JSONDecoder().decode([FoodModel].self, from: data)
                self.errorMessage.value = nil
            } catch {
                self.errorMessage.value = "The food list could not be loaded."
            }
        }
    }
}
