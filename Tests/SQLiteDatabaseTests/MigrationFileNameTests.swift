import MigrationNames
import Testing

@Suite("Migration file names")
struct MigrationFileNameTests {
    @Test(
        "a name is NNNN_description.sql",
        arguments: [
            ("0001_create_pokemon.sql", 1, "0001_create_pokemon"),
            ("0042_index_issues_by_author_2.sql", 42, "0042_index_issues_by_author_2"),
            ("12345_more_than_four_digits.sql", 12_345, "12345_more_than_four_digits"),
        ])
    func wellFormed(fileName: String, version: Int, stem: String) {
        let name = MigrationFileName(fileName)
        #expect(name?.version == version && name?.stem == stem)
    }

    @Test(
        "anything else is malformed",
        arguments: [
            "create.sql", "0000_zero.sql", "12_short.sql", "0001.sql", "0001_.sql", "0001-create.sql",
            "0001_Create.sql", "0001_create pokemon.sql", "0001_create.SQL", "0001_create.sql.bak", "v0001_create.sql",
            "０００１_create.sql", "0001_créate.sql", "0001_create\r\n.sql", "0001_a.sql\u{301}", "0001_a\u{301}.sql",
            "99999999999999999999_overflow.sql", ".sql", "0001_a.sq",
        ])
    func malformed(fileName: String) {
        #expect(MigrationFileName(fileName) == nil)
    }

    @Test(
        "a set must number 1, 2, 3… with no duplicate; the error names the file",
        arguments: [
            (["0001_a.sql", "0002_b.sql", "0003_c.sql"], nil),
            (["0002_b.sql", "0001_a.sql"], nil),
            (["0001_a.sql", "0003_c.sql"], MigrationFileName.Problem.gap(fileName: "0003_c.sql", expected: 2)),
            (["0002_b.sql"], .gap(fileName: "0002_b.sql", expected: 1)),
            (
                ["0001_a.sql", "0002_b.sql", "0002_c.sql"],
                .duplicateVersion(fileName: "0002_c.sql", other: "0002_b.sql")
            ),
            (["0001_a.sql", "notes.sql"], .malformed(fileName: "notes.sql")),
        ] as [([String], MigrationFileName.Problem?)])
    func sets(fileNames: [String], problem: MigrationFileName.Problem?) {
        do {
            let names = try MigrationFileName.validate(fileNames)
            #expect(problem == nil)
            #expect(names.map(\.version) == Array(1...fileNames.count))
        } catch {
            #expect(error == problem)
            #expect(error.description.contains(problem.map(Self.fileName) ?? "?"))
        }
    }

    static func fileName(_ problem: MigrationFileName.Problem) -> String {
        switch problem {
        case .malformed(let name), .duplicateVersion(let name, _), .gap(let name, _): return name
        }
    }
}
