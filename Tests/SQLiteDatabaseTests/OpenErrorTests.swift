import CSQLite
import SQLiteDatabase
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Opening a database file")
struct OpenErrorTests {
    @Test("a file that cannot be opened says why the system refused, and names the file")
    func systemReason() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("missing/db.sqlite")
        let error = #expect(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error?.primaryCode == SQLITE_CANTOPEN)
        #expect(error?.systemErrno == ENOENT, "the directory is missing")
        #expect(error?.path == path)
    }
}
