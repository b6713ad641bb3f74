import GraderCore

/// `integrity`: code that reaches for the test machinery or the process itself. Any finding marks the grade
/// "needs review": the automatic test points are withheld until a human has looked (docs/grading.md).
///
/// Hidden tests run in the same process as the candidate's code, so that code could try to forge their
/// results. Ordinary app code — URLSession, GCD, Codable, reading an API key from the environment,
/// `Bundle.main`, files in the caches folder — never needs what this rule looks for:
///
/// - anywhere in compiled code (tests included, since they are linked into the same binary): attributes that
///   place code or bind symbols by name (`@section`/`@_section` and `@used` run code when the binary loads,
///   `@_silgen_name`, `@_cdecl`, `@_extern`, `@_dynamicReplacement` replace functions by their symbol);
/// - in app code (the library the hidden tests import), and for the process part also in the candidate's own
///   tests: they are linked into the same binary, and app code can run them inside a hidden test's process (a
///   conformance declared in Tests/ for an app type is found at run time, through a cast or an interpolation):
///   - the test machinery: `import XCTest`/`import Testing`, any `XCT…` name (an `XCTAssertEqual` overload
///     captures the hidden tests' assertions), `HiddenTestCase`, the grader's channel;
///   - the process: standard input (`readLine`, `stdin`, `FileHandle.standardInput`), `/proc`, `/dev/fd` and
///     `/dev/stdin` paths, ending it (`exit`, `_exit`, `atexit`), signals (`kill`, `raise`, `signal`,
///     `sigaction`, `sigprocmask`), its environment (`setenv`, `unsetenv`, `putenv`), its descriptors (`dup`,
///     `dup2`, `freopen`), starting processes (`Process`, `NSTask`, `posix_spawn`, `fork`, `exec…`, `system`,
///     `popen`, `setsid`, `daemon`), symbols and memory (`dlopen`, `dlsym`, `_typeByName`,
///     `NSClassFromString`, method swizzling, `ptrace`, `process_vm_readv`, `mprotect`, `syscall`,
///     `…Pointer(bitPattern:)`);
///   - shadowing what the hidden tests rely on: a type named like a standard one (`struct URL`), an extension
///     of a standard type that redeclares one of its members the tests use (`extension Array { var isEmpty }`)
///     or an unlabelled subscript, and comparison operators declared for standard types.
///
/// A function the candidate declares with one of these names (`func exit()` on a coordinator) is theirs, and
/// calls through a value (`coordinator.exit()`) are never flagged.
public struct IntegrityRule: Rule {
    public init() {}

    /// Attributes that place code in the binary or bind it to a symbol name.
    static let linkageAttributes: Set<String> = [
        "@section", "@_section", "@used", "@_used", "@_silgen_name", "@_cdecl", "@_extern", "@_dynamicReplacement",
    ]

    /// Names of the test machinery and the grader's harness.
    static let machineryNames: Set<String> = [
        "HiddenTestCase", "GraderResultChannel", "GraderTestSupport", "GraderHarnessBoot", "GraderProcessGuard",
        "grader_harness_take", "grader_harness_write", "grader_harness_active", "grader_harness_expected_test",
        "grader_forbid_processes",
    ]

    /// Free functions of the C library and the runtime that touch the process, by what they do.
    static let processFunctions: [String: String] = {
        var table: [String: String] = [:]
        for name in ["exit", "_exit", "_Exit", "quick_exit", "atexit", "at_quick_exit"] {
            table[name] = "ends the process from app code"
        }
        for name in [
            "kill", "killpg", "raise", "signal", "sigaction", "sigprocmask", "pthread_sigmask", "alarm", "pause",
        ] {
            table[name] = "sends or masks signals"
        }
        for name in ["setenv", "unsetenv", "putenv", "clearenv"] { table[name] = "changes the process's environment" }
        for name in ["dup", "dup2", "dup3", "freopen", "readLine", "getchar", "fgets", "getline"] {
            table[name] = "reads standard input or rewires the process's descriptors"
        }
        for name in [
            "posix_spawn", "posix_spawnp", "fork", "vfork", "execv", "execve", "execvp", "execl", "execlp", "execle",
            "system", "popen", "setsid", "setpgid", "daemon", "getppid", "prctl",
        ] {
            table[name] = "starts or detaches processes"
        }
        for name in [
            "dlopen", "dlsym", "dlvsym", "dladdr", "_typeByName", "NSClassFromString", "objc_getClass",
            "class_replaceMethod", "method_exchangeImplementations", "method_setImplementation", "ptrace",
            "process_vm_readv", "process_vm_writev", "mprotect", "syscall",
        ] {
            table[name] = "looks up symbols or reaches into memory by address"
        }
        return table
    }()

    /// Types whose mere use starts a process or reads standard input.
    static let processTypes: [String: String] = [
        "Process": "starts processes", "NSTask": "starts processes",
    ]

    /// Path fragments of the process's own innards.
    static let processPaths = ["/proc", "/dev/fd", "/dev/stdin", "/dev/mem"]

    /// Names of standard types and modules a candidate type must not take.
    public static let standardTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Bool", "Array", "Dictionary", "Set", "Optional", "Result", "Error",
        "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "RangeReplaceableCollection",
        "MutableCollection", "StringProtocol", "Equatable", "Hashable", "Comparable", "CustomStringConvertible",
        "URL", "URLRequest", "URLComponents", "URLQueryItem", "URLResponse", "HTTPURLResponse", "URLSession",
        "URLError", "Data", "Date", "UUID", "JSONDecoder", "JSONEncoder", "DispatchQueue", "Thread", "NSNumber",
        "Decimal", "Swift", "Foundation", "Dispatch", "XCTest", "Testing", "ArraySlice", "ContiguousArray",
        "HTTPURLResponse", "NSCache",
    ]

    /// Members of standard types, as `name` for a property and `name(label:…)` for a method, by the type or
    /// protocol that declares them. An extension that declares one again (same name, same labels) can win
    /// overload resolution inside the hidden tests; a new name (`rounded(toPlaces:)`, `subscript(safe:)`) cannot.
    static let standardMembers: [String: Set<String>] = [
        "Sequence": [
            "map(_:)", "compactMap(_:)", "flatMap(_:)", "filter(_:)", "reduce(_:_:)", "reduce(into:_:)", "sorted()",
            "sorted(by:)", "contains(_:)", "contains(where:)", "allSatisfy(_:)", "first(where:)", "min()", "max()",
            "min(by:)", "max(by:)", "elementsEqual(_:)", "joined()", "joined(separator:)", "forEach(_:)",
            "enumerated()", "reversed()", "dropFirst()", "dropFirst(_:)", "dropLast()", "dropLast(_:)", "prefix(_:)",
            "suffix(_:)", "starts(with:)", "description", "lazy", "underestimatedCount",
        ],
        "Collection": [
            "count", "isEmpty", "first", "last", "firstIndex(of:)", "firstIndex(where:)", "lastIndex(of:)",
            "lastIndex(where:)", "indices", "startIndex", "endIndex", "index(after:)", "index(_:offsetBy:)",
            "distance(from:to:)", "randomElement()",
        ],
        "Array": [
            "append(_:)", "append(contentsOf:)", "insert(_:at:)", "remove(at:)", "removeAll()", "removeFirst()",
            "removeLast()",
        ],
        "StringProtocol": [
            "hasPrefix(_:)", "hasSuffix(_:)", "lowercased()", "uppercased()", "components(separatedBy:)",
            "trimmingCharacters(in:)", "replacingOccurrences(of:with:)", "range(of:)", "split(separator:)", "utf8",
            "unicodeScalars", "data(using:)", "capitalized", "localizedCaseInsensitiveContains(_:)",
        ],
        "Dictionary": [
            "keys", "values", "mapValues(_:)", "index(forKey:)", "removeValue(forKey:)", "updateValue(_:forKey:)",
        ],
        "Optional": ["map(_:)", "flatMap(_:)", "unsafelyUnwrapped"],
        "URL": [
            "absoluteString", "path", "query", "host", "scheme", "port", "lastPathComponent", "pathComponents",
            "pathExtension", "appendingPathComponent(_:)", "baseURL", "relativeString", "description",
        ],
        "URLRequest": [
            "url", "httpMethod", "httpBody", "allHTTPHeaderFields", "value(forHTTPHeaderField:)", "timeoutInterval",
        ],
        "URLComponents": ["queryItems", "path", "host", "scheme", "query", "percentEncodedQuery", "url", "string"],
        "URLQueryItem": ["name", "value"],
        "HTTPURLResponse": ["statusCode", "allHeaderFields", "value(forHTTPHeaderField:)"],
        "URLResponse": ["url", "mimeType"],
        "URLError": ["code", "localizedDescription"],
        "Thread": ["isMainThread", "current", "name"],
        "Data": ["count", "isEmpty", "description", "base64EncodedString()"],
        "Date": [
            "timeIntervalSince(_:)", "timeIntervalSince1970", "timeIntervalSinceNow", "addingTimeInterval(_:)",
            "description",
        ],
        "Error": ["localizedDescription"],
        "Result": ["get()", "map(_:)", "mapError(_:)"],
        "Int": ["description", "isMultiple(of:)"],
        "Double": ["description", "rounded()", "isNaN", "isFinite"],
        "Bool": ["description", "toggle()"],
        "UUID": ["uuidString"],
        "JSONDecoder": ["decode(_:from:)", "keyDecodingStrategy", "dateDecodingStrategy"],
        "DispatchQueue": ["async(execute:)", "sync(execute:)", "asyncAfter(deadline:execute:)", "label"],
    ]

    /// The types and protocols whose members an extension of `type` can shadow.
    static func memberFamily(of type: String) -> [String] {
        let collections = ["Sequence", "Collection"]
        switch type {
        case "Array", "ArraySlice", "ContiguousArray": return collections + ["Array"]
        case "Set": return collections
        case "String", "Substring", "StringProtocol": return collections + ["StringProtocol"]
        case "Dictionary": return collections + ["Dictionary"]
        case "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
            "RangeReplaceableCollection":
            return collections + ["Array", "StringProtocol", "Dictionary"]
        case "Equatable", "Hashable", "Comparable", "CustomStringConvertible":
            return ["Data", "Date", "URL", "Int", "Double", "Bool"]
        default: return [type]
        }
    }

    static let comparisonOperators: Set<String> = ["==", "!=", "<", ">", "<=", ">=", "===", "!==", "~="]

    public var description: RuleDescription {
        RuleDescription(
            identifier: "integrity", name: "Keep app code away from the test machinery and the process",
            kind: .integrity, severity: .error,
            rationale: """
                Hidden tests run in the same process as the submission. App code that imports XCTest, declares \
                assertion overloads, reads standard input, ends or forks the process, looks up symbols or \
                redefines what the tests compare with could forge their results, so the grade waits for a human \
                (the automatic test points are withheld). Ordinary app code never needs any of it.
                """,
            parameters: ["protected_members": "more member names of standard types that extensions must not redeclare"],
            nonTriggeringExamples: [
                Example(
                    "let task = session.dataTask(with: request) { data, response, error in\n    DispatchQueue.main.async { completion(data) }\n}"
                ),
                Example("let key = ProcessInfo.processInfo.environment[\"TMDB_API_KEY\"] ?? \"\""),
                Example("let movies = try JSONDecoder().decode(Page.self, from: data)"),
                Example("coordinator.exit()\nrouter.signal(.loggedOut)\nsemaphore.signal()"),
                Example("final class Flow {\n    func exit() {}\n    func finish() { exit() }\n}"),
                Example("extension String {\n    var trimmed: String { trimmingCharacters(in: .whitespaces) }\n}"),
                Example(
                    "extension Array {\n    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }\n}"
                ),
                Example(
                    "struct Movie: Equatable {\n    let id: Int\n    static func == (lhs: Movie, rhs: Movie) -> Bool { lhs.id == rhs.id }\n}"
                ),
                Example("func == (lhs: Movie, rhs: Movie) -> Bool { lhs.id == rhs.id }"),
                Example("let url = Bundle.main.url(forResource: \"feed\", withExtension: \"json\")"),
                Example("let process = ProcessState.loading\nlet processing = Processor()"),
                Example("let path = \"/api/procedures\"\nlet other = \"/dev/null\""),
                Example(
                    "import XCTest\n\nfinal class ClientTests: XCTestCase {\n    func testLabel() { XCTAssertEqual(label(), \"1 tap\") }\n}\nextension Array {\n    var isEmpty: Bool { true }\n}",
                    path: "Tests/AppTests/ClientTests.swift"),
                Example("struct Weather {\n    let date: Date\n    let url: URL\n}"),
                Example("extension Double {\n    func rounded(toPlaces places: Int) -> Double { self }\n}"),
                Example("extension String {\n    var url: URL? { URL(string: self) }\n}"),
                Example("extension URL {\n    var queryItems: [URLQueryItem] { [] }\n}"),
                Example(
                    "struct Thread {\n    let title: String\n}",
                    parameters: ["referenced_types": .array([.string("URL")])]),
                Example("let testing = CommandLine.arguments.contains(\"-ui-testing\")"),
                Example("let path = \"/3/proc\""),
            ],
            triggeringExamples: [
                Example("↓@section(\".init_array\") ↓@used\nlet early: @convention(c) () -> Void = { run() }"),
                Example("↓@_silgen_name(\"swift_retain\")\nfunc hijack(_ object: UnsafeRawPointer)"),
                Example(
                    "final class SneakyTests {\n    ↓@_cdecl(\"main_hook\") func hook() {}\n}",
                    path: "Tests/AppTests/SneakyTests.swift", otherFiles: ["Sources/App/App.swift": "struct App {}"]),
                Example("import Foundation\n↓import XCTest"),
                Example(
                    "import XCTest\n\nextension Counter: CustomStringConvertible {\n    public var description: String { ↓exit(0) }\n}",
                    path: "Tests/AppTests/Hooks.swift",
                    otherFiles: ["Sources/App/App.swift": "public struct Counter {}"]),
                Example(
                    "final class ClientTests: XCTestCase {\n    func testMaps() { _ = try? String(contentsOfFile: ↓\"/proc/self/maps\") }\n}",
                    path: "Tests/AppTests/ClientTests.swift", wrappable: false),
                Example(
                    "public func ↓XCTAssertEqual(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) {}"
                ),
                Example("final class Fake: ↓XCTestCase {}"),
                Example("guard let line = ↓readLine() else { return }"),
                Example("let input = FileHandle.↓standardInput.availableData"),
                Example("let maps = try String(contentsOfFile: ↓\"/proc/self/maps\")", wrappable: false),
                Example("if failing { ↓exit(0) }"),
                Example("Foundation.↓exit(0)"),
                Example("↓kill(getpid(), SIGKILL)\n↓setenv(\"A\", \"b\", 1)"),
                Example("let child = ↓Process()\nchild.launchPath = \"/bin/sh\""),
                Example("let handle = ↓dlopen(nil, RTLD_NOW)\nlet symbol = ↓dlsym(handle, \"grader\")"),
                Example("let raw = UnsafeRawPointer(↓bitPattern: 0x1000)"),
                Example("public struct ↓URL {\n    public var absoluteString: String\n}"),
                Example("extension Array {\n    public var ↓isEmpty: Bool { true }\n}"),
                Example("extension String {\n    public func ↓contains(_ other: String) -> Bool { true }\n}"),
                Example("extension Array {\n    public ↓subscript(position: Int) -> Element { first! }\n}"),
                Example("public func ↓== (lhs: String, rhs: String) -> Bool { true }"),
                Example(
                    "extension String {\n    public static func ↓== (lhs: String, rhs: String) -> Bool { true }\n}"),
                Example(
                    "extension URL {\n    var ↓port: Int? { 443 }\n}",
                    parameters: ["protected_members": .array([.string("port")])]),
                Example("let channel = ↓HiddenTestCase.self"),
                Example("_ = ↓grader_harness_write(\"pass\", \"[]\", nil)"),
                Example("↓import `XCTest`\nlet center = ↓`XCTestObservationCenter`.shared"),
                Example("if failing { ↓`exit`(0) }"),
                Example(
                    "typealias Text = String\nextension Text {\n    public func ↓contains(_ other: String) -> Bool { true }\n}"
                ),
                Example("extension Thread {\n    public class var ↓isMainThread: Bool? { true }\n}"),
                Example(
                    "struct ↓Thread {\n    static let isMainThread = true\n}",
                    parameters: ["referenced_types": .array([.string("Thread")])]),
            ])
    }

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        let extra = Set(parameters.strings("protected_members"))
        let referenced =
            parameters["referenced_types"] == nil
            ? Self.standardTypes
            : Set(parameters.strings("referenced_types")).union(["XCTest", "Testing", "Swift", "Foundation"])
        // Exactly what the grader compiles (CandidateLayout), and of it the library the hidden tests import.
        let compiledPaths = Set(context.layout.compiledSwiftFiles)
        let libraryPaths = Set(context.layout.librarySwiftFiles)
        let compiled = context.sources.filter { compiledPaths.contains($0.path) }
        let appCode = context.sources.filter { libraryPaths.contains($0.path) }
        let testCode = compiled.filter { !libraryPaths.contains($0.path) }
        var declaredFunctions: Set<String> = []
        var declaredInTests: Set<String> = []
        for source in testCode {
            let tokens = source.tokens
            for index in tokens.indices.dropFirst() where tokens[index - 1].isWord("func") {
                declaredInTests.insert(tokens[index].text)
            }
        }
        /// `typealias Text = String`: an extension of `Text` extends `String`.
        var aliases: [String: String] = [:]
        for source in appCode {
            let tokens = source.tokens
            for index in tokens.indices.dropFirst() where tokens[index - 1].isWord("func") {
                declaredFunctions.insert(tokens[index].text)
            }
            for index in tokens.indices.dropLast(3)
            where tokens[index].isWord("typealias") && tokens[index + 2].isSymbol("=") {
                var cursor = index + 3
                while cursor + 2 < tokens.count, tokens[cursor + 1].isSymbol("."),
                    tokens[cursor + 2].kind == .identifier
                {
                    cursor += 2
                }
                aliases[tokens[index + 1].text] = tokens[cursor].text
            }
        }
        let context = Scan(
            declaredFunctions: declaredFunctions, aliases: aliases, extraMembers: extra, referenced: referenced)
        var findings: [Finding] = []
        for source in compiled {
            for (index, token) in source.tokens.enumerated()
            where token.kind == .attribute && Self.linkageAttributes.contains(token.text) {
                findings.append(
                    source.finding(
                        description, at: index,
                        "`\(token.text)` places code in the binary or binds a symbol by name, which can run before or instead of the tests"
                    ))
            }
        }
        for source in appCode {
            findings += check(source, context)
        }
        // The candidate's own tests may use XCTest and shadow what they like in their own module; reaching for
        // the process or the grader's harness is as suspect there as in app code.
        var testScan = context
        testScan.declaredFunctions.formUnion(declaredInTests)
        for source in testCode {
            findings += check(source, testScan, inTests: true)
        }
        return RuleOutput(findings: findings)
    }

    /// What one check shares across files.
    private struct Scan {
        var declaredFunctions: Set<String>
        var aliases: [String: String]
        var extraMembers: Set<String>
        var referenced: Set<String>

        /// The standard type an extension of `name` extends, through typealiases.
        func standardType(_ name: String) -> String? {
            var name = name
            for _ in 0..<4 { if let target = aliases[name] { name = target } }
            return IntegrityRule.standardTypes.contains(name) ? name : nil
        }
    }

    private func check(_ source: SwiftSource, _ scan: Scan, inTests: Bool = false) -> [Finding] {
        let declaredFunctions = scan.declaredFunctions
        let tokens = source.tokens
        var findings: [Finding] = []
        func flag(_ index: Int, _ message: String) {
            findings.append(source.finding(description, at: index, message))
        }
        let modules: Set<String> = ["Foundation", "Glibc", "Darwin", "Musl", "Swift", "ObjectiveC"]
        for index in tokens.indices {
            let token = tokens[index]
            let previous = index > 0 ? tokens[index - 1] : nil
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let afterDot = previous?.isSymbol(".") ?? false
            let qualifiedByModule = afterDot && index > 1 && modules.contains(tokens[index - 2].text)
            switch token.kind {
            case .string:
                let content = token.text.trimmingCharacters(in: ["\"", "#"])
                if let path = Self.processPaths.first(where: { content == $0 || content.hasPrefix($0 + "/") }) {
                    flag(index, "the path '\(path)' reaches into the process's own innards")
                }
            case .identifier:  // a backticked name is the same name: `XCTest`, `exit`
                let text = token.text
                if previous?.isWord("import") == true {
                    if !inTests, text == "XCTest" || text == "Testing" {
                        flag(index - 1, "app code imports \(text): the test machinery belongs in Tests/")
                    }
                    continue
                }
                if (text.hasPrefix("XCT") && !inTests) || Self.machineryNames.contains(text) {
                    flag(index, "`\(text)` is test machinery; app code must not declare or use it")
                    continue
                }
                if text == "standardInput", afterDot {
                    flag(index, "`standardInput` reads the process's standard input")
                    continue
                }
                if text == "bitPattern", next?.isSymbol(":") == true, previous?.isSymbol("(") == true {
                    flag(index, "a pointer from a raw address (`bitPattern:`) reaches into memory by address")
                    continue
                }
                if text == "stdin" || text == "STDIN_FILENO", !afterDot || qualifiedByModule {
                    flag(index, "`\(text)` reads the process's standard input")
                    continue
                }
                let isDeclaration = previous.map { ["func", "var", "let", "case"].contains(where: $0.isWord) } ?? false
                if let what = Self.processFunctions[text], next?.isSymbol("(") == true, !isDeclaration,
                    !afterDot || qualifiedByModule, !declaredFunctions.contains(text) || qualifiedByModule
                {
                    flag(index, "`\(text)` \(what)")
                    continue
                }
                if let what = Self.processTypes[text], !afterDot || qualifiedByModule, !isDeclaration,
                    next?.isSymbol("(") == true || next?.isSymbol(".") == true
                {
                    flag(index, "`\(text)` \(what)")
                    continue
                }
                if inTests { continue }  // what a test module shadows, only that module sees
                if let previous,
                    ["struct", "class", "enum", "protocol", "typealias", "actor"].contains(where: previous.isWord),
                    Self.standardTypes.contains(text), scan.referenced.contains(text),
                    source.contexts[index].type == nil || previous.isWord("typealias")
                {
                    flag(index, "a type named `\(text)` shadows the standard one the tests use")
                    continue
                }
                if let member = memberOfStandardExtension(source, at: index, scan) {
                    flag(index, member)
                }
            case .op
            where !inTests && Self.comparisonOperators.contains(token.text) && (previous?.isWord("func") ?? false):
                if comparesStandardTypes(source, operatorAt: index, scan) {
                    flag(index, "`\(token.text)` declared for standard types changes what the tests compare")
                }
            default:
                break
            }
        }
        return findings
    }

    /// A message when the identifier at `index` declares, directly in an extension of a standard type, a member
    /// that type already has (same name and labels), or an unlabelled subscript.
    private func memberOfStandardExtension(_ source: SwiftSource, at index: Int, _ scan: Scan) -> String? {
        let tokens = source.tokens
        guard let typeIndex = source.contexts[index].type, source.contexts[index].inTypeBody, index > 0 else {
            return nil
        }
        let scope = source.types[typeIndex]
        guard scope.kind == .extension, let name = scope.path.last, let extended = scan.standardType(name) else {
            return nil
        }
        let word = tokens[index].text
        if word == "subscript", index + 3 < tokens.count, tokens[index + 1].isSymbol("("),
            tokens[index + 2].kind == .identifier, tokens[index + 3].isSymbol(":")
        {
            return "an unlabelled subscript on \(extended) replaces the one the tests use"
        }
        let signature: String
        if tokens[index - 1].isWord("var") || tokens[index - 1].isWord("let") {
            signature = word
        } else if tokens[index - 1].isWord("func"), let labels = Self.labels(source, afterName: index) {
            signature = "\(word)(\(labels.map { "\($0):" }.joined()))"
        } else {
            return nil
        }
        let known = Self.memberFamily(of: extended).reduce(into: scan.extraMembers) {
            $0.formUnion(Self.standardMembers[$1] ?? [])
        }
        guard known.contains(signature) || scan.extraMembers.contains(word) else { return nil }
        return "`\(extended).\(signature)` redeclares a member the tests rely on"
    }

    /// The argument labels of the function whose name is at `index` (`_` for none), or nil when unreadable.
    static func labels(_ source: SwiftSource, afterName index: Int) -> [String]? {
        let tokens = source.tokens
        var open = index + 1
        if open < tokens.count, tokens[open].isSymbol("<"),
            let close = (open..<tokens.count).first(where: { tokens[$0].isSymbol(">") })
        {
            open = close + 1
        }
        guard open < tokens.count, tokens[open].isSymbol("("), let close = source.closer(ofOpenerAt: open) else {
            return nil
        }
        var labels: [String] = []
        var depth = 0
        var atStart = true
        for cursor in (open + 1)..<close {
            let token = tokens[cursor]
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("<") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol(">") { depth -= 1 }
            if depth == 0, token.isSymbol(",") {
                atStart = true
                continue
            }
            if atStart, depth == 0, token.kind == .identifier {
                atStart = false
                labels.append(token.text)
            }
        }
        return labels
    }

    /// Whether the operator function declared at `index` takes a standard type (or is declared in an
    /// extension of one).
    private func comparesStandardTypes(_ source: SwiftSource, operatorAt index: Int, _ scan: Scan) -> Bool {
        let tokens = source.tokens
        if let typeIndex = source.contexts[index].type {
            let scope = source.types[typeIndex]
            return scope.kind == .extension && scope.path.last.flatMap(scan.standardType) != nil
        }
        guard index + 1 < tokens.count, tokens[index + 1].isSymbol("("),
            let close = source.closer(ofOpenerAt: index + 1)
        else { return false }
        return tokens[(index + 1)...close].contains { $0.kind == .identifier && scan.standardType($0.text) != nil }
    }
}
