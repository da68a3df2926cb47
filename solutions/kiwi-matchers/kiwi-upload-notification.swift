final class UploadTask {
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    /// Announces that the upload is complete.
    func finish() {
        NotificationCenter.default.post(name: .uploadDidFinish, object: self, userInfo: ["bytes": bytes])
    }
}
