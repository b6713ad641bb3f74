/// Every rule the grader knows, by id. A test checks each rule file is listed here and ids are unique.
public enum RuleRegistry {
    public static let rules: [any Rule] = [
        NoSingletonsRule(),
        NoSystemSingletonsRule(),
        NoThirdPartyRule(),
        RequiredAPIsRule(),
        NoManualThreadsRule(),
        NoForceRule(),
        StyleRule(),
        IntegrityRule(),
    ]

    /// The rule with id `identifier`, if registered.
    public static func rule(_ identifier: String) -> (any Rule)? {
        rules.first { $0.description.identifier == identifier }
    }

    /// The ids, in registry order.
    public static var identifiers: [String] { rules.map(\.description.identifier) }
}
