import GraderKit

/// Turns solution source into starter source, as nbgrader does with its solution regions.
///
/// ```swift
/// // BEGIN SOLUTION MC2: Build the URL.      →   // TODO(MC2): Build the URL.
/// let url = …                                    return baseURL
/// return url
/// // STUB: return baseURL
/// // END SOLUTION
/// ```
/// A region without `// STUB:` lines becomes `fatalError("TODO(<REQ>)")`; a bare `// STUB:` means an empty stub.
public enum SolutionMarkers {
    public struct Region: Equatable, Sendable {
        public var requirement: String
        public var hint: String?
        /// 1-based line of the BEGIN marker.
        public var line: Int

        public init(requirement: String, hint: String?, line: Int) {
            self.requirement = requirement
            self.hint = hint
            self.line = line
        }
    }

    /// One region as written: its marker, indentation, stub lines (`hasStub` also for a bare `// STUB:`) and the
    /// solution's lines.
    public struct Block: Sendable {
        public var region: Region
        public var indent: Substring
        public var stub: [Substring]
        public var hasStub: Bool
        public var body: [Substring]

        /// What the starter has instead of the body: the stub, or `fatalError("TODO(<REQ>)")`.
        public var stubLines: [Substring] {
            hasStub ? stub.map { indent + $0 } : [indent + "fatalError(\"TODO(\(region.requirement))\")"]
        }
    }

    /// The starter text of `source`, and the regions it replaced. Regions of requirements in `keeping` keep
    /// their solution (without markers and stubs): a candidate who has done those requirements.
    public static func strip(
        _ source: String, file: String = "<source>", keeping: Set<String> = []
    ) throws -> (text: String, regions: [Region]) {
        try transform(source, file: file) { block in
            if keeping.contains(block.region.requirement) { return block.body }
            let todo =
                block.region.hint.map { "TODO(\(block.region.requirement)): \($0)" }
                ?? "TODO(\(block.region.requirement))"
            return [block.indent + "// " + todo] + block.stubLines
        }
    }

    /// `source` with each region replaced by what `render` makes of it; the other lines as they are.
    public static func transform(
        _ source: String, file: String = "<source>", render: (Block) -> [Substring]
    ) throws -> (text: String, regions: [Region]) {
        var output: [Substring] = []
        var regions: [Region] = []
        var open: Block?
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            let indent = line.prefix(line.count - trimmed.count)
            if trimmed.hasPrefix("// BEGIN SOLUTION") {
                guard open == nil else {
                    throw GraderError.markers("\(file):\(index + 1): BEGIN SOLUTION inside another region")
                }
                open = Block(
                    region: try parseBegin(trimmed, line: index + 1, file: file), indent: indent, stub: [],
                    hasStub: false,
                    body: [])
            } else if trimmed.hasPrefix("// END SOLUTION") {
                guard let block = open else {
                    throw GraderError.markers("\(file):\(index + 1): END SOLUTION without BEGIN SOLUTION")
                }
                regions.append(block.region)
                open = nil
                output.append(contentsOf: render(block))
            } else if open != nil {
                if trimmed.hasPrefix("// STUB:") {
                    open?.hasStub = true
                    var code = trimmed.dropFirst("// STUB:".count)
                    if code.first == " " { code = code.dropFirst() }
                    if !code.isEmpty { open?.stub.append(code) }
                } else {
                    open?.body.append(line)
                }
            } else {
                output.append(line)
            }
        }
        if let block = open {
            throw GraderError.markers("\(file):\(block.region.line): BEGIN SOLUTION is never ended")
        }
        return (output.joined(separator: "\n"), regions)
    }

    private static func parseBegin(_ marker: Substring, line: Int, file: String) throws -> Region {
        let rest = marker.dropFirst("// BEGIN SOLUTION".count).drop(while: { $0 == " " })
        let idPart = rest.prefix(while: { $0 != ":" && $0 != " " })
        guard !idPart.isEmpty else {
            throw GraderError.markers("\(file):\(line): BEGIN SOLUTION needs a requirement id (BEGIN SOLUTION MC2: …)")
        }
        var hint = rest.dropFirst(idPart.count).drop(while: { $0 == " " })
        if hint.first == ":" { hint = hint.dropFirst().drop(while: { $0 == " " }) }
        return Region(requirement: String(idPart), hint: hint.isEmpty ? nil : String(hint), line: line)
    }
}
