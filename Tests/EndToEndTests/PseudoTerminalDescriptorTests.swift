import Foundation
import TestSupport
import Testing

/// A program on a pseudo-terminal gets its terminal and nothing else of the test process: a
/// pipe's end it held would keep another test's reader from ever seeing that pipe's end.
@Suite("Pseudo-terminal children")
struct PseudoTerminalDescriptorTests {
    @Test("a child holds no descriptor of the test process, an open pipe's ends included")
    func inheritsNothing() throws {
        let pipe = Pipe()
        defer {
            try? pipe.fileHandleForReading.close()
            try? pipe.fileHandleForWriting.close()
        }
        // ls opens /dev/fd as its 3 to list it: 0, 1, 2 and 3 are all there may be.
        let terminal = try PseudoTerminal(executable: "/bin/ls", ["-1", "/dev/fd/"], environment: [:])
        #expect(terminal.exit(within: .seconds(30)) == 0, "\(terminal.text)")
        let listed = terminal.text.split(whereSeparator: \.isNewline).map(String.init)
        #expect(listed == ["0", "1", "2", "3"], "\(listed) (the pipe: \(pipe.fileHandleForWriting.fileDescriptor))")
    }
}
