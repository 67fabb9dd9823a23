import SQLiteDatabase
import TestSupport
import Testing

@Suite("Read transactions")
struct ReadTransactionTests {
    @Test("a read transaction inside another joins it: both see the snapshot the outer one began with")
    func nestedReadsShareOneSnapshot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("snapshot.sqlite")
        let writer = try Database(path: path)
        try writer.execute(
            "PRAGMA journal_mode = WAL; CREATE TABLE item (id INTEGER PRIMARY KEY); INSERT INTO item VALUES (1);")
        let reader = try Database(path: path, mode: .readOnly)
        func count() throws -> Int { try reader.queryFirst("SELECT count(*) FROM item") { $0.int(0) } ?? -1 }

        let (outer, inner) = try reader.readTransaction {
            let outer = try count()
            try writer.execute("INSERT INTO item VALUES (2)")
            let inner = try reader.readTransaction { try count() }
            return (outer, inner)
        }
        #expect(outer == 1 && inner == 1, "the write committed in between is not seen inside")
        #expect(try count() == 2, "the outer transaction ended; the next read sees the write")
        #expect(try reader.readTransaction { try count() } == 2)
    }
}
