final class PhotoUploadViewController {
    let navigationItem = NavigationItem()
    let photoUploader: PhotoUploader

    init(photoUploader: PhotoUploader) {
        self.photoUploader = photoUploader
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Upload") { [weak self] in
            self?.photoUploader.uploadPhoto(Image()) { _ in }
        }
    }
}
