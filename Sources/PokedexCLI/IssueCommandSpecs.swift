import IssueStore
import PokedexStore

/// `pokedex issues` and `pokedex issue`: queries of the locally mirrored issues.
enum IssuesOptions {
    static let state = OptionSpec(
        name: "--state", value: .choice(IssueFilter.State.allCases.map(\.rawValue)), placeholder: "STATE",
        defaultValue: .text(IssueFilter().state.rawValue), help: ["{choices}."])
    static let label = OptionSpec(
        name: "--label", value: .repeatedText, placeholder: "LABEL", usagePlaceholder: "L",
        help: ["Only issues with this label; repeat to require several."])
    static let author = OptionSpec(
        name: "--author", value: .text, placeholder: "LOGIN",
        help: ["Only issues opened by this user."])
    static let search = OptionSpec(
        name: "--search", value: .text, placeholder: "TEXT",
        help: [
            "Only issues whose title, body or one comment has every word",
            "of TEXT; a MATCHED column says which.",
        ])
    static let pulls = OptionSpec(
        name: "--pulls", value: .flag, help: ["Pull requests instead of issues."], group: "kinds")
    static let allKinds = OptionSpec(
        name: "--all-kinds", value: .flag, help: ["Issues and pull requests."], group: "kinds")
    static let limit = SharedOptions.limit(
        default: .number(IssueFilter().limit),
        help: ["Show at most N (default: {default})."])
    static let offset = SharedOptions.offset(default: nil, help: ["Skip the first N."])

    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        guard let first = positionals.first else { throw options.failure("missing the repository (OWNER/REPO)") }
        guard positionals.count == 1 else { throw options.failure("unexpected argument '\(positionals[1])'") }
        var issues = IssuesCommand(repository: try ArgumentParser.repository(first, command: .issues))
        if let choice = try options.choice(state) {
            // The choices are the states' raw values.
            issues.filter.state = IssueFilter.State(rawValue: choice)!
        }
        issues.filter.labels = try options.texts(label).map { label throws(UsageError) in
            guard !label.allSatisfy(\.isWhitespace) else { throw options.failure("--label needs a label name") }
            return label
        }
        issues.filter.author = options.text(author)
        if let text = options.text(search) {
            guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
                throw options.failure("--search needs at least one word")
            }
            issues.filter.search = text
        }
        issues.filter.limit = try options.count(limit) ?? issues.filter.limit
        issues.filter.offset = try options.count(offset) ?? issues.filter.offset
        // The two exclude each other (their group).
        issues.filter.kinds = options.flag(pulls) ? .pullRequests : options.flag(allKinds) ? .all : .issues
        issues.json = options.flag(SharedOptions.jsonArray)
        return .issues(issues)
    }
}

enum IssueArguments {
    static func command(_ positionals: [String], _ options: ParsedOptions) throws(UsageError) -> Command {
        guard let first = positionals.first else { throw options.failure("missing the issue (OWNER/REPO#NUMBER)") }
        // GitHub writes `OWNER/REPO#NUMBER`; `OWNER/REPO NUMBER` (or `#NUMBER`) is what a person types too.
        let joinsNumber = positionals.count == 2 && !first.contains("#")
        guard positionals.count == 1 || joinsNumber else {
            throw options.failure("unexpected argument '\(positionals[first.contains("#") ? 1 : 2])'")
        }
        let reference = joinsNumber ? first + "#" + positionals[1].trimmingPrefix("#") : first
        let parts = reference.split(separator: "#", omittingEmptySubsequences: false)
        // Missing only after what reads as OWNER/REPO: `123` or a URL is not that.
        let looksLikeRepository =
            reference.split(separator: "/", omittingEmptySubsequences: false).count == 2
            && !reference.hasPrefix("/") && !reference.hasSuffix("/")
        guard parts.count > 1 || !looksLikeRepository else {
            throw options.failure("missing the issue number: '\(reference)#NUMBER'")
        }
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw options.failure("'\(positionals.joined(separator: " "))' is not OWNER/REPO#NUMBER")
        }
        guard let number = Int(parts[1]) else { throw options.failure("the issue number \(parts[1]) is too large") }
        guard number > 0 else { throw options.failure("issues are numbered from 1, not \(parts[1])") }
        return .issue(
            IssueCommand(
                repository: try ArgumentParser.repository(String(parts[0]), command: .issue),
                number: number, json: options.flag(SharedOptions.json)))
    }
}

extension CommandSpec {
    static let issues = CommandSpec(
        name: .issues, abstract: ["List a repository's issues (offline)."],
        overview: """
            List a repository's stored issues, newest opened first. Never uses the network;
            run 'pokedex sync issues OWNER/REPO' first.
            """,
        usages: [Usage(arguments: "OWNER/REPO")],
        options: [
            IssuesOptions.state, IssuesOptions.label, IssuesOptions.author, IssuesOptions.search,
            IssuesOptions.pulls, IssuesOptions.allKinds, IssuesOptions.limit, IssuesOptions.offset,
            SharedOptions.jsonArray,
        ],
        argumentCompletions: [.stored(.repository)], build: IssuesOptions.command)

    static let issue = CommandSpec(
        name: .issue, abstract: ["Show one issue or pull request (offline)."],
        overview: """
            Show one stored issue or pull request with its body, labels, milestone and
            state, then its comments in order, each with its author and time. Never uses
            the network.
            """,
        usages: [Usage(arguments: "OWNER/REPO#NUMBER"), Usage(arguments: "OWNER/REPO NUMBER")],
        options: [SharedOptions.json], argumentCompletions: [.stored(.issue)], build: IssueArguments.command)
}
