import Foundation

/// What a photo cell shows for its image.
public enum ImageState: Equatable {
    /// No image, or it failed to load: the placeholder.
    case placeholder
    case loading
    case image(Data)
}

/// A photo cell's model: the title and the image at `size`. A reused cell is rebound to another photo with
/// `bind(_:)`, which cancels the old image load; a late result for the old photo never shows on the new one.
public final class PhotoCellModel {
    public private(set) var photo: Photo
    public let title: ReadOnlyProperty<String>
    public let image: ReadOnlyProperty<ImageState>

    private let titleProperty: Property<String>
    private let imageProperty = Property(ImageState.placeholder)
    private let imageLoader: ImageLoading
    private let size: PhotoSize
    private var imageTask: CancellableTask?

    public init(photo: Photo, imageLoader: ImageLoading, size: PhotoSize = .square) {
        self.photo = photo
        self.imageLoader = imageLoader
        self.size = size
        titleProperty = Property(photo.title)
        title = titleProperty.readOnly
        image = imageProperty.readOnly
        loadImage()
    }

    /// Shows another photo in this (reused) cell.
    public func bind(_ photo: Photo) {
        // TODO(FL6): Cancel the old image load, show the new photo, and load its image.
        self.photo = photo
    }

    private func loadImage() {
        guard let url = photo.url(size: size) else {
            imageProperty.value = .placeholder
            return
        }
        imageProperty.value = .loading
        // TODO(FL6): Remember which photo this load is for.
        imageTask = imageLoader.loadImage(from: url) { [weak self] result in
            guard let self else { return }
            // TODO(FL6): Ignore a result for a photo this cell no longer shows.
            switch result {
            case .success(let data): self.imageProperty.value = .image(data)
            case .failure: self.imageProperty.value = .placeholder
            }
        }
    }
}
