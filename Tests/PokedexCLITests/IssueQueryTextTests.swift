import IssueStore
import Testing

@testable import PokedexCLI

@Suite("browse issues' filter line")
struct IssueQueryTextTests {
    @Test("words search; state:, label:, author: and is: set the filters")
    func filters() {
        let filter = IssueQueryText.filter("crash state:all label:bug label:ui author:hubot is:pr on launch")
        #expect(filter.search == "crash on launch")
        #expect(filter.state == .all)
        #expect(filter.labels == ["bug", "ui"])
        #expect(filter.author == "hubot")
        #expect(filter.kinds == .pullRequests)
    }

    @Test("nothing typed: the open issues; a bad state stays a word; punctuation searches nothing")
    func defaults() {
        #expect(IssueQueryText.filter("").search == nil)
        #expect(IssueQueryText.filter("").state == .open)
        #expect(IssueQueryText.filter("state:nope").search == "state:nope")
        #expect(IssueQueryText.filter("-- ::").search == nil)
        #expect(IssueQueryText.filter("is:any").kinds == .all)
        #expect(IssueQueryText.filter(#"state:"closed" is:"pr""#).state == .closed)
        // A value after a space, as the Pokédex's filters take it.
        let spaced = IssueQueryText.filter("crash label: bug author: hubot state: all")
        #expect(spaced.labels == ["bug"] && spaced.author == "hubot" && spaced.state == .all)
        #expect(spaced.search == "crash")
        #expect(IssueQueryText.problem("state: bogus") == "state: bogus — state: takes open, closed or all")
        // A filter being typed, its value still to come: no filter, and no word searched.
        #expect(IssueQueryText.filter("crash label:").search == "crash")
        #expect(IssueQueryText.filter("author:").search == nil && IssueQueryText.filter("author:").author == nil)
    }

    @Test(
        "a quoted value keeps its spaces; quoted words are searched as typed",
        arguments: [
            (#"label:"good first issue" state:all"#, ["good first issue"], nil as String?),
            (#"label:"area: sync" crash"#, ["area: sync"], "crash"),
            (#""crash on launch" label:bug"#, ["bug"], #""crash on launch""#),
            (#"label:"unclosed crash"#, [#""unclosed crash"#], nil),
        ])
    func quoted(text: String, labels: [String], search: String?) {
        let filter = IssueQueryText.filter(text)
        #expect(filter.labels == labels)
        #expect(filter.search == search)
    }

    @Test(
        "a state: or is: that takes none of its values is a problem the list says; others are none",
        arguments: [
            ("state:bogus", "state:bogus — state: takes open, closed or all" as String?),
            ("crash STATE:", "STATE: — state: takes open, closed or all"),
            ("is:prs", "is:prs — is: takes pr, issue or any"),
            ("state:Closed is:PR label:x", nil), (#"state:"open" is:"pr""#, nil), ("crash", nil), ("", nil),
            ("author:", nil), (#"state:"nope""#, #"state:"nope" — state: takes open, closed or all"#),
        ])
    func problem(text: String, problem: String?) {
        #expect(IssueQueryText.problem(text) == problem)
    }

    @Test(
        "#NUMBER alone names one issue; with other words, or not a number, it is not one",
        arguments: [
            ("#43", 43 as Int?), (" #7 ", 7), ("#0", 0), ("#-2", nil), ("#43 crash", nil), ("43", nil), ("#", nil),
            ("#x", nil), ("#+5", nil), ("#４３", nil),
        ])
    func number(text: String, number: Int?) {
        #expect(IssueQueryText.number(text) == number)
    }
}
