import LocalDatabase
import PokedexStore
import SQLiteDatabase
import TestSupport
import Testing
import TextUtilities

@testable import PokedexCLI

/// `show` and `list` as people see them, word for word, on the fixture: at 80 and 120
/// columns, plain and in colour (escape sequences written `⎋`). Lines ending in a backslash
/// continue on the next source line (Swift joins them).
@Suite("Entry layouts")
struct EntryLayoutGoldenTests {
    let fixture: (directory: TemporaryDirectory, database: Database)

    init() throws {
        fixture = try PokedexEntryFixture.installedDatabase()
    }

    static let plain80 = TerminalLayout(width: 80, palette: nil)
    static let plain120 = TerminalLayout(width: 120, palette: nil)
    static let colored80 = TerminalLayout(width: 80, palette: Palette(depth: .indexed256))

    func show(_ id: Int, _ layout: TerminalLayout, language: String = "en") throws -> String {
        let entry = try #require(try PokedexEntryQueries(database: fixture.database, language: language).entry(id: id))
        return EntryText.entry(entry, layout: layout).text.replacing("\u{1B}", with: "⎋")
    }

    func list(_ layout: TerminalLayout) throws -> String {
        let listed = try PokedexEntryQueries(database: fixture.database).list(offset: 0, limit: 5)
        return layout.render(EntryText.table(listed, width: layout.width)).text.replacing("\u{1B}", with: "⎋")
    }

    @Test("varieties sharing a name, or the entry's own, say their slugs, which show takes; others their names alone")
    func varietiesSharingAName() throws {
        var entry = try #require(try PokedexEntryQueries(database: fixture.database).entry(id: 25))
        let (first, second) = (entry.otherVarieties[0], entry.otherVarieties[1])
        entry.names["pokemon-form/\(first)"] = "Méga-Pikachu"
        entry.names["pokemon-form/\(second)"] = "Méga-Pikachu"
        let names = EntryText.varieties(entry)
        #expect(Array(names.prefix(2)) == ["Méga-Pikachu (\(first))", "Méga-Pikachu (\(second))"])
        #expect(Array(names.dropFirst(2)) == entry.otherVarieties.dropFirst(2).map { EntryText.variety($0, of: entry) })
        #expect(!names.dropFirst(2).contains { $0.contains("(pikachu-") })
        // One named as the entry is headed says its slug too.
        entry.names["pokemon-form/\(first)"] = "Pikachu"
        #expect(EntryText.varieties(entry).first == "Pikachu (\(first))")
    }

    static let pikachuFacts = """
        #0025 Pikachu · Mouse Pokémon
        Slug        pikachu
        Generation  1
        Types       Electric
        Height      0.4 m (1′04″)
        Weight      6.0 kg (13.2 lb)
        Base exp.   112
        """

    static let pikachuSpecies = """
        Evolution   Pichu (baby) → Pikachu (high friendship) → Raichu (Thunder Stone)
        Weak        2× Ground
        Resists     ½× Flying, Steel, Electric
        Gender      50% male, 50% female
        Egg groups  Ground, Fairy
        Capture     190
        """

    static let pikachuStats = """
        Base stats
          HP                35  ███████
          Attack            55  ███████████
          Defense           40  ████████
          Special Attack    50  ██████████
          Special Defense   50  ██████████
          Speed             90  ██████████████████
          Total            320
        """

    @Test("show pikachu at 80 columns: Ph.D. as written, a bar per stat, Total")
    func pikachu80() throws {
        #expect(
            try show(25, Self.plain80) == """
                \(Self.pikachuFacts)
                Abilities   Static: Has a 30% chance of paralyzing attacking Pokémon on contact.
                            Lightning Rod (hidden): Redirects single-target Electric moves to
                            this Pokémon where possible. Absorbs Electric moves, raising Special
                            Attack one stage.
                Pokédex     Possesses cheek sacs in which it stores electricity. This clever
                            forest-dweller roasts tough berries with an electric shock before
                            consuming them. (Legends Arceus)
                \(Self.pikachuSpecies)
                Varieties   Alola Cap, Belle, Cosplay, Gigantamax, Hoenn Cap, Kalos Cap, Libre,
                            Original Cap, Partner Cap, Ph.D., Pop Star, Rock Star, Sinnoh Cap,
                            Starter, Unova Cap, World Cap
                Artwork     https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/25.png
                \(Self.pikachuStats)
                """)
    }

    @Test("show pikachu at 120 columns: texts fill the wider lines")
    func pikachu120() throws {
        #expect(
            try show(25, Self.plain120) == """
                \(Self.pikachuFacts)
                Abilities   Static: Has a 30% chance of paralyzing attacking Pokémon on contact.
                            Lightning Rod (hidden): Redirects single-target Electric moves to this Pokémon where possible. \
                Absorbs
                            Electric moves, raising Special Attack one stage.
                Pokédex     Possesses cheek sacs in which it stores electricity. This clever forest-dweller roasts tough \
                berries with an
                            electric shock before consuming them. (Legends Arceus)
                \(Self.pikachuSpecies)
                Varieties   Alola Cap, Belle, Cosplay, Gigantamax, Hoenn Cap, Kalos Cap, Libre, Original Cap, Partner Cap, \
                Ph.D.,
                            Pop Star, Rock Star, Sinnoh Cap, Starter, Unova Cap, World Cap
                Artwork     https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/25.png
                \(Self.pikachuStats)
                """)
    }

    @Test("Eevee's eight branches start under one column; the long ones wrap under themselves")
    func eevee() throws {
        let text = try show(133, Self.plain80)
        let evolution = text.split(separator: "\n").drop { !$0.hasPrefix("Evolution") }.prefix { !$0.hasPrefix("Weak") }
        #expect(
            evolution.joined(separator: "\n") == """
                Evolution   Eevee → Vaporeon (Water Stone)
                                  → Jolteon (Thunder Stone)
                                  → Flareon (Fire Stone)
                                  → Espeon (high friendship, day)
                                  → Umbreon (high friendship, night)
                                  → Leafeon (level up at Eterna Forest, Pinwheel Forest, Kalos
                                    Route 20, Petalburg Woods or Lush Jungle; or Leaf Stone)
                                  → Glaceon (level up at Sinnoh Route 217, Twist Mountain,
                                    Frost Cavern, Shoal Cave or Mount Lanakila; or Ice Stone)
                                  → Sylveon (high affection, knowing a Fairy move; or high
                                    friendship, knowing a Fairy move)
                """)
    }

    @Test("show --lang ja raichu: the line breaks between arrows, never inside (Thunder Stone)")
    func raichuJapanese() throws {
        #expect(
            try show(26, Self.plain80, language: "ja") == """
                #0026 ライチュウ · ねずみポケモン
                Slug        raichu
                Generation  1
                Types       でんき
                Height      0.8 m (2′07″)
                Weight      30.0 kg (66.1 lb)
                Base exp.   218
                Abilities   せいでんき: Has a 30% chance of paralyzing attacking Pokémon on
                            contact.
                            ひらいしん (hidden): Redirects single-target Electric moves to this
                            Pokémon where possible. Absorbs Electric moves, raising Special
                            Attack one stage.
                Pokédex     電気袋が　空っぽに　なると　しっぽを　まっすぐ　立てて　空気中の
                            電気を　集める。 (Shield)
                Evolution   ピチュー (baby) → ピカチュウ (high friendship)
                                              → ライチュウ (Thunder Stone)
                Weak        2× じめん
                Resists     ½× ひこう, はがね, でんき
                Gender      50% male, 50% female
                Egg groups  Ground, Fairy
                Capture     75
                Varieties   Alola, Mega X, Mega Y
                Artwork     https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/26.png
                Base stats
                  HP                60  ████████████
                  Attack            90  ██████████████████
                  Defense           55  ███████████
                  Special Attack    90  ██████████████████
                  Special Defense   80  ████████████████
                  Speed            110  ██████████████████████
                  Total            485
                """)
    }

    @Test("show in colour: the name bold, types in their colours, 4× and 2× highlighted, bars by band")
    func charizardInColor() throws {
        let lines = try show(6, Self.colored80).split(separator: "\n").map(String.init)
        let picked = lines.filter { line in
            ["⎋[1m#", "Types", "Weak", "Resists", "Immune", "⎋[1mBase", "  HP", "  Speed", "  Total"].contains {
                line.hasPrefix($0)
            }
        }
        #expect(
            picked == [
                "⎋[1m#0006 Charizard⎋[0m · Flame Pokémon",
                "Types       ⎋[38;5;209mFire⎋[0m, ⎋[38;5;141mFlying⎋[0m",
                "Weak        ⎋[1;38;5;203m4×⎋[0m ⎋[38;5;143mRock⎋[0m",
                "Weak        ⎋[1;38;5;208m2×⎋[0m ⎋[38;5;69mWater⎋[0m, ⎋[38;5;220mElectric⎋[0m",
                "Resists     ½× ⎋[38;5;124mFighting⎋[0m, ⎋[38;5;146mSteel⎋[0m, ⎋[38;5;209mFire⎋[0m, "
                    + "⎋[38;5;175mFairy⎋[0m",
                "Resists     ¼× ⎋[38;5;142mBug⎋[0m, ⎋[38;5;113mGrass⎋[0m",
                "Immune      0× ⎋[38;5;179mGround⎋[0m",
                "⎋[1mBase stats⎋[0m",
                "  HP                78  ⎋[38;5;208m████████████████⎋[0m",
                "  Speed            100  ⎋[38;5;148m████████████████████⎋[0m",
                "  Total            534",
            ])
        // Without escape sequences, the same text as the plain layout.
        let plain = try show(6, Self.plain80)
        #expect(lines.joined(separator: "\n").replacing(/⎋\[[0-9;]*m/, with: "") == plain)
    }

    @Test("list at 80 and 120 columns: no links, the same table; types coloured, the header bold")
    func listTable() throws {
        let table = """
            ID  NAME        TYPES
            4   Charmander  Fire
            5   Charmeleon  Fire
            6   Charizard   Fire, Flying
            25  Pikachu     Electric
            26  Raichu      Electric
            """
        #expect(try list(Self.plain80) == table)
        #expect(try list(Self.plain120) == table)
        #expect(
            try list(Self.colored80) == """
                ⎋[1mID⎋[0m  ⎋[1mNAME⎋[0m        ⎋[1mTYPES⎋[0m
                4   Charmander  ⎋[38;5;209mFire⎋[0m
                5   Charmeleon  ⎋[38;5;209mFire⎋[0m
                6   Charizard   ⎋[38;5;209mFire⎋[0m, ⎋[38;5;141mFlying⎋[0m
                25  Pikachu     ⎋[38;5;220mElectric⎋[0m
                26  Raichu      ⎋[38;5;220mElectric⎋[0m
                """)
    }

    @Test("a narrow terminal: list's names are cut with an ellipsis, its ids never", arguments: [14, 18, 24])
    func narrowList(width: Int) throws {
        let lines = try list(TerminalLayout(width: width, palette: nil)).split(separator: "\n")
        #expect(lines.allSatisfy { TerminalColumns.of($0) <= width }, "\(lines)")
        #expect(lines.dropFirst().map { $0.prefix { $0 != " " } } == ["4", "5", "6", "25", "26"])
        #expect(lines.contains { $0.contains("…") })
    }
}
