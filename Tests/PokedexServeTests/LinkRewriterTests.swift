import Testing

@testable import PokedexServe

@Suite("Served bodies' links")
struct LinkRewriterTests {
    func rewritten(_ body: String, _ rewriter: LinkRewriter) -> String {
        let bytes = Array(body.utf8)
        return String(decoding: rewriter.rewrite(bytes, at: rewriter.matches(in: bytes)), as: UTF8.self)
    }

    @Test("API links move to the served origin; other URLs, and the origin outside a string's start, stay")
    func apiLinks() {
        let rewriter = LinkRewriter(
            source: "https://pokeapi.co/api/v2", served: "http://127.0.0.1:8080/api/v2", images: [])
        let body = """
            {"a":"https://pokeapi.co/api/v2/ability/9/","b":["https://pokeapi.co/api/v2/type/13/"],\
            "c":"see https://pokeapi.co/api/v2/x","d":"https://pokeapi.co/api/v20/","e":"https://raw.githubusercontent.com/x.png"}
            """
        #expect(
            rewritten(body, rewriter) == """
                {"a":"http://127.0.0.1:8080/api/v2/ability/9/","b":["http://127.0.0.1:8080/api/v2/type/13/"],\
                "c":"see https://pokeapi.co/api/v2/x","d":"https://pokeapi.co/api/v20/","e":"https://raw.githubusercontent.com/x.png"}
                """)
    }

    @Test("stored images' URLs become their /media paths, whole URLs only; nothing to rewrite is identity")
    func images() {
        let rewriter = LinkRewriter(
            source: "http://h/api/v2", served: "http://h/api/v2",
            images: [("http://img/1.png", "http://h/media/pokemon/1/sprite.png")])
        #expect(rewriter.replacements.count == 1)
        #expect(
            rewritten(#"{"s":"http://img/1.png","t":"http://img/1.png.bak","u":"http://img/1.png"}"#, rewriter)
                == #"{"s":"http://h/media/pokemon/1/sprite.png","t":"http://img/1.png.bak","u":"http://h/media/pokemon/1/sprite.png"}"#
        )
        #expect(LinkRewriter(source: nil, served: "http://h/api/v2", images: []).isIdentity)
        let empty = LinkRewriter(source: "http://a/api/v2", served: "http://b/api/v2", images: [])
        #expect(rewritten("", empty) == "" && rewritten("\"", empty) == "\"")
    }

    /// Every replacement made the slow way, for the in-place rewrite to equal.
    static func replacedNaively(_ body: String, _ pairs: [(String, String)]) -> String {
        var output = ""
        var rest = Substring(body)
        outer: while !rest.isEmpty {
            for (from, to) in pairs where rest.hasPrefix(from) {
                output += to
                rest = rest.dropFirst(from.count)
                continue outer
            }
            output.append(rest.removeFirst())
        }
        return output
    }

    @Test(
        "rewritten in place, links growing, shrinking, both or neither, at the body's ends and side by side",
        arguments: [
            // Links of the same length: runs stay where they are until one changes length.
            ("http://a:1/api/v2", "http://b:2/api/v2", "http://i/1.png", "http://j/1.png"),
            ("http://a:1/api/v2", "http://b:2/api/v2", "http://i/1.png", "http://mmmmm/1.png"),
            ("http://a:1/api/v2", "http://b:2/api/v2", "http://iiiii/1.png", "http://m/1.png"),
            ("http://a/api/v2", "http://127.0.0.1:18200/api/v2", "https://img/very/long/path/1.png", "http://m/1.png"),
            ("https://pokeapi.co/api/v2", "http://h/api/v2", "http://i/1.png", "http://127.0.0.1:8080/media/1.png"),
            ("https://pokeapi.co/api/v2", "http://h/api/v2", "https://img/very/long/1.png", "http://m/1.png"),
            (
                "http://a/api/v2", "http://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/api/v2", "http://i/1.png",
                "http://jjjjjjjjjj/1.png"
            ),
        ])
    func inPlace(source: String, served: String, image: String, media: String) {
        let rewriter = LinkRewriter(source: source, served: served, images: [(image, media)])
        let pairs = [("\"\(source)/", "\"\(served)/"), ("\"\(image)\"", "\"\(media)\"")]
        let link = "\"\(source)/pokemon/1/\""
        let picture = "\"\(image)\""
        let bodies = [
            link, picture, link + picture, picture + link, "[" + link + "," + picture + "," + link + "]",
            "{" + String(repeating: picture + ",", count: 50) + String(repeating: link + ",", count: 50) + "0}",
            "{" + String(repeating: link + "," + picture + ",", count: 40) + "\"x\":\"\(source)\"}",
        ]
        for body in bodies {
            let expected = Self.replacedNaively(body, pairs)
            #expect(rewritten(body, rewriter) == expected, "\(body.prefix(80))")
            let bytes = Array(body.utf8)
            let matches = rewriter.matches(in: bytes)
            let layout = rewriter.layout(bodySize: bytes.count, matches: matches)
            #expect(layout.size == expected.utf8.count && layout.offset >= 0 && layout.room >= layout.size)
        }
    }

    @Test(
        "the API base an entry's URL was listed on",
        arguments: [
            ("https://pokeapi.co/api/v2/pokemon/25/", "pokemon", 25, "https://pokeapi.co/api/v2"),
            ("http://127.0.0.1:9/api/v2/pokemon-species/25", "pokemon-species", 25, "http://127.0.0.1:9/api/v2"),
            ("https://pokeapi.co/api/v2/pokemon/26/", "pokemon", 25, nil),
            ("https://pokeapi.co/api/v2/type/25/", "pokemon", 25, nil),
        ] as [(String, String, Int, String?)])
    func apiBase(url: String, endpoint: String, id: Int, base: String?) {
        #expect(PokeAPIRoutes.apiBase(of: url, endpoint: endpoint, id: id) == base)
    }

    @Test(
        "the GitHub API a repository was synced from, by its own url",
        arguments: [
            ("https://api.github.com/repos/apple/swift", "apple/swift", "https://api.github.com"),
            ("https://ghe.example/api/v3/repos/o/r", "o/r", "https://ghe.example/api/v3"),
            ("http://127.0.0.1:8080/api/v3/repos/repos/repos", "repos/repos", "http://127.0.0.1:8080/api/v3"),
            ("https://api.github.com/repos/apple/swift", "apple/swift-old", nil),
            ("https://api.github.com/repositories/44838949", "apple/swift", nil),
            ("", "", nil),
        ] as [(String, String, String?)])
    func gitHubAPIBase(url: String, fullName: String, base: String?) {
        #expect(RepositoryFacts.apiBase(url: url, fullName: fullName) == base)
    }

    @Test("a URL quoted inside text is content, not a link: it stays")
    func quotedInText() {
        let rewriter = LinkRewriter(
            source: "https://api.github.com", served: "http://127.0.0.1:8080/api/v3", images: [])
        let item = #"{"body":"see \"https://api.github.com/repos/o/r\"","url":"https://api.github.com/repos/o/r"}"#
        #expect(
            rewritten(item, rewriter)
                == #"{"body":"see \"https://api.github.com/repos/o/r\"","url":"http://127.0.0.1:8080/api/v3/repos/o/r"}"#
        )
    }

    @Test("a GitHub item's API links move, its web and avatar links stay")
    func gitHubItem() {
        let rewriter = LinkRewriter(
            source: "https://api.github.com", served: "http://127.0.0.1:8080/api/v3", images: [])
        let item = """
            {"url":"https://api.github.com/repos/o/r/issues/1","labels_url":"https://api.github.com/repos/o/r/issues/1/labels{/name}",\
            "html_url":"https://github.com/o/r/issues/1","user":{"avatar_url":"https://avatars.githubusercontent.com/u/1?v=4"}}
            """
        #expect(
            rewritten(item, rewriter) == """
                {"url":"http://127.0.0.1:8080/api/v3/repos/o/r/issues/1","labels_url":"http://127.0.0.1:8080/api/v3/repos/o/r/issues/1/labels{/name}",\
                "html_url":"https://github.com/o/r/issues/1","user":{"avatar_url":"https://avatars.githubusercontent.com/u/1?v=4"}}
                """)
    }
}
