import Testing

@testable import PokedexBrowse

/// What leaving writes, on quit, a signal, a suspension and a crash alike.
@Suite("Terminal session")
struct TerminalSessionTests {
    static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    @Test("with kitty's pictures drawn, leaving deletes them all before the main screen is back")
    func deletesKittyImages() {
        let session = TerminalSession(input: -1, output: -1, deletesKittyImages: true)
        #expect(session.restoreSequence == Self.deleteAll + TerminalSession.leaveSequence)
    }

    @Test("without, it writes no graphics command at all")
    func withoutKitty() {
        let session = TerminalSession(input: -1, output: -1)
        #expect(session.restoreSequence == TerminalSession.leaveSequence)
        #expect(!session.restoreSequence.contains("\u{1B}_G"))
    }
}
