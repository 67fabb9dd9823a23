import Testing

@testable import PokedexCLI

@Suite("Names told apart")
struct DistinctNamesTests {
    @Test(
        "a name two slugs share, or one already taken, says its slug; one slug named twice does not",
        arguments: [
            ([("Slowbro", "slowbro"), ("Slowking", "slowking")], [], ["Slowbro", "Slowking"]),
            (
                [("メテノ", "minior-red-meteor"), ("Slowking", "slowking"), ("メテノ", "minior-blue-meteor")], [],
                ["メテノ (minior-red-meteor)", "Slowking", "メテノ (minior-blue-meteor)"]
            ),
            ([("Crustle", "crustle"), ("Crustle", "crustle")], [], ["Crustle", "Crustle"]),
            (
                [("Méga-Mistigrix", "meowstic-female-mega"), ("Mistigrix Mâle", "meowstic-male")],
                ["Méga-Mistigrix"], ["Méga-Mistigrix (meowstic-female-mega)", "Mistigrix Mâle"]
            ),
            ([], ["Pikachu"], []),
        ] as [([(String, String)], Set<String>, [String])])
    func distinct(named: [(String, String)], taken: Set<String>, expected: [String]) {
        #expect(DistinctNames.of(named.map { (name: $0.0, slug: $0.1) }, besides: taken) == expected)
    }
}
