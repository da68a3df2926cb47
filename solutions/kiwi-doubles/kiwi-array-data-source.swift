final class ArrayDataSource: TableViewDataSource {
    typealias ConfigureCell = (TableCell, String) -> Void

    private let items: [String]
    private let cellIdentifier: String
    private let configureCell: ConfigureCell

    init(items: [String], cellIdentifier: String, configureCell: @escaping ConfigureCell) {
        self.items = items
        self.cellIdentifier = cellIdentifier
        self.configureCell = configureCell
    }

    /// The item shown in the row at `path`.
    func item(at path: RowPath) -> String {
        items[path.row]
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        items.count
    }

    func tableView(_ tableView: TableView, cellForRowAt path: RowPath) -> TableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: path)
        configureCell(cell, item(at: path))
        return cell
    }
}
