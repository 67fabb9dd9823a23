import Foundation
import TestSupport
import Testing

/// What cron relies on when whatever read the sync's messages has gone (`sync 2>&1 | head`):
/// the sync goes on and stores everything, its lines dropped.
extension CronEndToEndTests {
    @Test("a sync whose standard error has no reader left stores everything and exits 0")
    func closedErrorOutput() throws {
        let messages = Pipe()
        try messages.fileHandleForReading.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
        process.arguments = ["--db", database, "sync", "--limit", "20"]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "POKEAPI_BASE_URL": api.baseURL]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = messages.fileHandleForWriting
        try process.run()
        try messages.fileHandleForWriting.close()
        process.waitUntilExit()
        // Killed by SIGPIPE at its first line, it would end by that signal, not exit 0.
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(try storedCount() == 20)
    }
}
