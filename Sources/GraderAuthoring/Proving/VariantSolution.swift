import Foundation
import GraderCore
import GraderKit
import GraderRules

/// A copy of a solution whose behaviour is chosen when its tests run: each variant — one requirement's solution
/// regions stubbed, or one mutant — is switched on by `GRADER_VARIANT` in the test process, so one build serves
/// every variant (mutation schemata). Regions become `if GraderVariant.stubbed("MC2") { stub } else { solution }`;
/// regions at declaration level keep their solution (and their requirement is proven by a rebuild instead when
/// their stub differs).
public struct VariantSolution: Sendable {
    public static let variable = "GRADER_VARIANT"
    static let switchFile = "GraderVariant.swift"

    static let switchSource = """
        // Written by grader verify/mutate: chooses a variant of the solution at run time.
        import Foundation

        enum GraderVariant {
            static let active = ProcessInfo.processInfo.environment["\(variable)"] ?? ""

            static func stubbed(_ requirement: String) -> Bool { active == "stub:" + requirement }

            static func mutant(_ id: Int) -> Bool { active == "mutant:\\(id)" }

            /// A queue whose hop a mutant skips: the work runs right away, on the caller's thread.
            struct Hop {
                var id: Int
                var queue: DispatchQueue

                func async(execute work: @escaping @Sendable () -> Void) {
                    if GraderVariant.mutant(id) { work() } else { queue.async(execute: work) }
                }
            }
        }

        """

    /// Where the copy is, and its library module.
    public var folder: URL
    public var module: String
    /// Requirements that a run-time switch stubs completely.
    public var switchable: Set<String>
    /// Requirements with a region at declaration level whose stub differs: proven by a rebuild.
    public var needRebuild: Set<String>

    /// The variant environment for stubbing `requirement`.
    public static func stubbing(_ requirement: String) -> [String: String] { [variable: "stub:" + requirement] }

    /// Copies the solution of `id` into `folder` with every requirement's regions switchable.
    public static func requirementSwitches(kit: Kit, exercise id: String, into folder: URL) throws -> VariantSolution {
        let rubric = try kit.rubric(id)
        let module = rubric.modules.first ?? id
        var switchable: Set<String> = []
        var needRebuild: Set<String> = []
        try copy(kit.solution(id), to: folder) { path, text in
            guard path.hasPrefix("Sources/\(module)/"), path.hasSuffix(".swift") else { return text }
            let levels = declarationLevelMarkers(text)
            return try SolutionMarkers.transform(text, file: path) { block in
                let requirement = block.region.requirement
                if levels.contains(block.region.line) {
                    let stub = block.stub.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    if !stub.isEmpty || !block.hasStub { needRebuild.insert(requirement) }
                    return block.body
                }
                // Names the region declares are used after it: an `if` would hide them.
                let declared = topLevelDeclarations(block.body)
                if declared.any {
                    let stub = block.stub.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    // Bindings only, and the starter has nothing instead: keeping them changes nothing observable.
                    if !(declared.only && block.hasStub && stub.isEmpty) { needRebuild.insert(requirement) }
                    return block.body
                }
                switchable.insert(requirement)
                return [block.indent + "if GraderVariant.stubbed(\"\(requirement)\") {"] + block.stubLines
                    + [block.indent + "} else {"] + block.body + [block.indent + "}"]
            }.text
        }
        try switchSource.write(
            to: folder.appendingPathComponent("Sources/\(module)/\(switchFile)"), atomically: true, encoding: .utf8)
        return VariantSolution(
            folder: folder, module: module, switchable: switchable.subtracting(needRebuild), needRebuild: needRebuild)
    }

    /// The solution of `id` with only `requirement`'s regions stubbed (as the starter has them), for requirements
    /// a run-time switch cannot stub.
    public static func stubbing(kit: Kit, exercise id: String, requirement: String, into folder: URL) throws {
        let rubric = try kit.rubric(id)
        let others = Set(rubric.requirements.map(\.id)).subtracting([requirement])
        try copy(kit.solution(id), to: folder) { path, text in
            guard path.hasPrefix("Sources/"), path.hasSuffix(".swift") else { return text }
            return try SolutionMarkers.strip(text, file: path, keeping: others).text
        }
    }

    /// Copies `source` (no build products) to `folder`, passing each text file through `edit`.
    static func copy(_ source: URL, to folder: URL, edit: (String, String) throws -> String) throws {
        let tree = SourceTree(scanning: source)
        for path in tree.files where !path.hasPrefix(".build") {
            let destination = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if path.hasSuffix(".swift"), let text = tree.text(of: path) {
                try Data(try edit(path, text).utf8).write(to: destination)
            } else {
                try Data(contentsOf: tree.url(of: path)).write(to: destination)
            }
        }
    }

    /// Whether a region's lines declare names at its own level (`let x = …`), and whether that is all they do.
    static func topLevelDeclarations(_ body: [Substring]) -> (any: Bool, only: Bool) {
        let source = SwiftSource(path: "Region.swift", text: body.joined(separator: "\n"))
        var depth = 0
        var any = false
        var only = true
        var startOfStatement = true
        for token in source.tokens {
            if token.isSymbol("}") || token.isSymbol(")") || token.isSymbol("]") { depth -= 1 }
            if depth == 0, startOfStatement || token.newlineBefore {
                if token.isWord("let") || token.isWord("var") { any = true } else { only = false }
            }
            startOfStatement = false
            if token.isSymbol("{") || token.isSymbol("(") || token.isSymbol("[") { depth += 1 }
        }
        return (any, any && only)
    }

    /// 1-based lines of BEGIN SOLUTION markers that sit at declaration level (top level or directly in a type's
    /// body), where an `if` cannot stand.
    static func declarationLevelMarkers(_ text: String) -> Set<Int> {
        let source = SwiftSource(path: "Solution.swift", text: text)
        var depth = 0
        var depths: [Int] = []
        for token in source.tokens {
            if token.isSymbol("}") || token.isSymbol(")") || token.isSymbol("]") { depth -= 1 }
            depths.append(depth)
            if token.isSymbol("{") || token.isSymbol("(") || token.isSymbol("[") { depth += 1 }
        }
        var lines: Set<Int> = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("// BEGIN SOLUTION") {
            // The first token after the marker line tells where the region stands.
            guard let index = source.tokens.firstIndex(where: { source.location(of: $0.offset).line > number + 1 })
            else {
                continue
            }
            if depths[index] == 0 || source.contexts[index].inTypeBody { lines.insert(number + 1) }
        }
        return lines
    }
}
