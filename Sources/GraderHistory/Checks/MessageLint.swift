import Foundation

/// A commit message problem, named as gitlint names its rules where gitlint has one.
public struct MessageFlag: Sendable, Equatable {
    public enum Rule: String, Sendable, CaseIterable {
        /// gitlint T1 title-max-length.
        case titleTooLong = "T1"
        /// gitlint T3 title-trailing-punctuation.
        case trailingPunctuation = "T3"
        /// gitlint T5 title-must-not-contain-word (WIP).
        case wip = "T5"
        /// gitlint T8 title-min-length.
        case titleTooShort = "T8"
        /// No title at all.
        case empty
        /// A title of one word ("fix", "update").
        case oneWord = "one-word"
        /// A title made only of words that say nothing ("fix stuff", "minor changes").
        case vague
        /// The same title as an earlier commit.
        case duplicate

        /// How much one commit flagged with this rule costs the messages sub-score (0–1).
        public var weight: Double {
            switch self {
            case .trailingPunctuation: return 0.25
            case .titleTooLong, .duplicate: return 0.5
            case .wip, .titleTooShort, .empty, .oneWord, .vague: return 1
            }
        }
    }

    public var rule: Rule
    public var commit: String
    /// What was found, quoted: `'wip'`, `'.'`, `'Fix'`, `85 > 72 characters`.
    public var detail: String
    /// The commit's title, quoted and cut to 40 characters.
    public var title: String

    public init(rule: Rule, commit: String, detail: String, title: String = "") {
        self.rule = rule
        self.commit = commit
        self.detail = detail
        self.title = title
    }

    /// `T5 'wip' (a1b2c3d)`.
    public var description: String { "\(rule.rawValue) \(detail) (\(commit))" }
}

/// Checks commit titles in gitlint's terms (T1, T3, T5, T8) plus empty, one-word, vague and duplicate titles.
/// Merge commits are skipped, as gitlint does by default.
public enum MessageLint {
    static let trailingPunctuation: Set<Character> = ["?", ":", "!", ".", ",", ";"]

    /// The flags of every commit, in commit order; a commit may carry several.
    public static func check(_ commits: [CommitInfo], parameters: HistoryParameters) -> [MessageFlag] {
        var seen: Set<String> = []
        var flags: [MessageFlag] = []
        let vague = Set(parameters.vagueWords)
        for commit in commits where !commit.isMerge {
            let title = commit.title.trimmingCharacters(in: .whitespaces)
            let short = commit.shortHash
            guard !title.isEmpty else {
                flags.append(MessageFlag(rule: .empty, commit: short, detail: "empty title", title: "''"))
                continue
            }
            let quoted = quote(title)
            let start = flags.count
            if title.count > parameters.maxTitleLength {
                flags.append(
                    MessageFlag(
                        rule: .titleTooLong, commit: short,
                        detail: "\(title.count) > \(parameters.maxTitleLength) characters"))
            }
            if let last = title.last, trailingPunctuation.contains(last) {
                flags.append(MessageFlag(rule: .trailingPunctuation, commit: short, detail: "'\(last)' in \(quoted)"))
            }
            let lowered = title.lowercased()
            let words = lowered.split { !($0.isLetter || $0.isNumber || $0 == "!" || $0 == "'") }.map(String.init)
            if let word = wipWord(in: lowered, words: words, parameters: parameters) {
                flags.append(MessageFlag(rule: .wip, commit: short, detail: "'\(word)' in \(quoted)"))
            }
            if title.count < parameters.minTitleLength {
                flags.append(
                    MessageFlag(
                        rule: .titleTooShort, commit: short,
                        detail: "\(quoted) under \(parameters.minTitleLength) characters"))
            }
            let plainWords = words.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "!'")) }.filter {
                !$0.isEmpty
            }
            if title.split(whereSeparator: \.isWhitespace).count == 1 {
                flags.append(MessageFlag(rule: .oneWord, commit: short, detail: quoted))
            } else if !plainWords.isEmpty, plainWords.allSatisfy({ vague.contains($0) }) {
                flags.append(MessageFlag(rule: .vague, commit: short, detail: quoted))
            }
            let key = lowered.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !seen.insert(key).inserted {
                flags.append(MessageFlag(rule: .duplicate, commit: short, detail: quoted))
            }
            for index in start..<flags.count { flags[index].title = quoted }
        }
        return flags
    }

    private static func wipWord(in title: String, words: [String], parameters: HistoryParameters) -> String? {
        // `fixup!`/`squash!` first: they say more than the word they usually precede.
        for word in parameters.wipWords.sorted(by: { $0.hasSuffix("!") && !$1.hasSuffix("!") }) {
            if word.hasSuffix("!") {
                if title.hasPrefix(word) { return word }
            } else if words.contains(where: { $0.trimmingCharacters(in: CharacterSet(charactersIn: "!'")) == word }) {
                return word
            }
        }
        return nil
    }

    /// A title in single quotes, cut to 40 characters so evidence lines stay short.
    static func quote(_ title: String) -> String {
        let cut = title.count > 40 ? String(title.prefix(39)) + "…" : title
        return "'\(cut)'"
    }
}
