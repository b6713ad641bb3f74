import Foundation

/// A photo as Flickr lists it: enough to build its image URL (`PhotoURL.swift`) and to show its title.
public struct Photo: Decodable, Equatable {
    public var id: String
    public var owner: String
    public var secret: String
    public var server: String
    public var farm: Int
    public var title: String

    public init(id: String, owner: String = "", secret: String, server: String, farm: Int = 0, title: String = "") {
        self.id = id
        self.owner = owner
        self.secret = secret
        self.server = server
        self.farm = farm
        self.title = title
    }
}
