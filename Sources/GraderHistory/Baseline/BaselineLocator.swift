import Foundation

/// Finds the commit a candidate's work starts from when the workspace manifest does not name it.
struct BaselineLocator {
    var git: GitCommand

    /// The trailer `grader new` writes into its baseline commit's message.
    static let trailer = "Grader-Exercise:"

    /// The earliest commit along first parents whose message has `Grader-Exercise: <exerciseID>` (any exercise
    /// when `exerciseID` is nil).
    static func byTrailer(_ commits: [LoggedCommit], exerciseID: String?) -> Int? {
        commits.firstIndex { commit in
            commit.message.split(separator: "\n").contains { line in
                let line = line.trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix(trailer) else { return false }
                let value = line.dropFirst(trailer.count).trimmingCharacters(in: .whitespaces)
                return exerciseID.map { value == $0 } ?? !value.isEmpty
            }
        }
    }

    /// What matching the starter's files found.
    enum StarterMatch: Equatable {
        /// The commit that best matches the starter among those before the candidate's work.
        case baseline(index: Int, similarity: Double)
        /// The first commit resembling the starter (`index`) already adds `workLines` lines of its own: no commit
        /// before the candidate's work matches the starter.
        case uncertain(index: Int, workLines: Int)
    }

    /// One commit measured against the starter: how much its tree resembles the starter's, and how many lines
    /// of its own it adds.
    struct Measure: Equatable {
        /// Jaccard similarity of the tree's and the starter's `(path, blob id)` pairs, 0–1.
        var similarity: Double
        /// Lines added to counted files (FileClassifier: code, docs, tests) that are not the starter's: all of a
        /// new path's or of a file changed to anything but the starter's content; none of a file set to the
        /// starter's content. A file created at one of the starter's paths with other content (an older starter,
        /// or the starter filled in) counts only the lines beyond the starter file's own.
        var workLines: Int
    }

    /// The baseline by the starter's files: among the commits that resemble the starter (`minimumSimilarity`),
    /// from the first of them up to the candidate's first work (a commit adding more than `workLines` lines of
    /// its own), the best match; ties go to the earliest. When the first commit that resembles the starter is
    /// already work, the baseline is uncertain. `nil` when no commit resembles the starter.
    func byStarter(
        _ commits: [LoggedCommit], starter: URL, minimumSimilarity: Double = 0.2, workLines: Int = 20
    ) -> StarterMatch? {
        measure(commits, starter: starter).flatMap {
            Self.choose($0, minimumSimilarity: minimumSimilarity, workLines: workLines)
        }
    }

    static func choose(_ measures: [Measure], minimumSimilarity: Double, workLines: Int) -> StarterMatch? {
        guard let first = measures.firstIndex(where: { $0.similarity >= minimumSimilarity }) else { return nil }
        if measures[first].workLines > workLines {
            return .uncertain(index: first, workLines: measures[first].workLines)
        }
        let work = measures[(first + 1)...].firstIndex { $0.workLines > workLines } ?? measures.count
        var best = (index: first, similarity: measures[first].similarity)
        for index in first..<work where measures[index].similarity > best.similarity {
            best = (index, measures[index].similarity)
        }
        return .baseline(index: best.index, similarity: best.similarity)
    }

    /// Measures every commit against the starter. Trees are rebuilt from the log's `--raw` changes, so no git
    /// call per commit is needed; the starter's blob ids come from one `git hash-object --stdin-paths`.
    func measure(_ commits: [LoggedCommit], starter: URL) -> [Measure]? {
        let files = Self.starterFiles(starter)
        guard !files.isEmpty else { return nil }
        let input = files.map { starter.appendingPathComponent($0).path }.joined(separator: "\n") + "\n"
        guard
            case .success(let output) = git.run(
                ["hash-object", "--no-filters", "--stdin-paths"], input: Data(input.utf8))
        else { return nil }
        let blobs = output.stdout.split(separator: "\n").map(String.init)
        guard blobs.count == files.count else { return nil }
        let expected = Dictionary(zip(files, blobs), uniquingKeysWith: { first, _ in first })
        var starterLines: [String: Int] = [:]
        for path in files {
            let data = (try? Data(contentsOf: starter.appendingPathComponent(path))) ?? Data()
            starterLines[path] =
                data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (data.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
        }

        var tree: [String: String] = [:]
        var matches = 0
        func set(_ path: String, _ blob: String?) {
            if let old = tree[path], expected[path] == old { matches -= 1 }
            tree[path] = blob
            if let blob, expected[path] == blob { matches += 1 }
        }
        var measures: [Measure] = []
        measures.reserveCapacity(commits.count)
        for commit in commits {
            // Lines of each changed starter path that are the starter's, not the candidate's.
            var fromStarter: [String: Int] = [:]
            for change in commit.treeChanges {
                if let old = change.oldPath { set(old, nil) }
                if let starterBlob = expected[change.path] {
                    if change.blob == starterBlob {
                        fromStarter[change.path] = Int.max
                    } else if tree[change.path] == nil {
                        fromStarter[change.path] = starterLines[change.path] ?? 0
                    }
                }
                set(change.path, change.blob)
            }
            var own = 0
            for entry in commit.numstat {
                let kind = FileClassifier.classify(entry.path, binary: entry.added == nil)
                guard kind == .source || kind == .test, let added = entry.added else { continue }
                own += max(0, added - (fromStarter[entry.path] ?? 0))
            }
            let union = expected.count + tree.count - matches
            measures.append(Measure(similarity: union == 0 ? 0 : Double(matches) / Double(union), workLines: own))
        }
        return measures
    }

    /// The starter's regular files, relative and `/`-separated, without build and tool folders.
    static func starterFiles(_ folder: URL) -> [String] {
        let skipped: Set<String> = [".git", ".build", ".swiftpm", ".grader", "DerivedData", "xcuserdata"]
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard
            let enumerator = FileManager.default.enumerator(
                at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        else { return [] }
        var files: [String] = []
        for case let url as URL in enumerator {
            if skipped.contains(url.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(root + "/"), !path.contains("\n") else { continue }
            files.append(String(path.dropFirst(root.count + 1)))
        }
        return files.sorted()
    }
}
