import Foundation

/// One tweet of a timeline.
public struct Tweet: Equatable, Hashable, Identifiable, Sendable {
    public var id: String
    /// The poster's handle, without the "@" ("jack").
    public var handle: String
    public var text: String
    public var date: Date

    public init(id: String, handle: String, text: String, date: Date) {
        self.id = id
        self.handle = handle
        self.text = text
        self.date = date
    }
}
