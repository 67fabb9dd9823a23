import TerminalImages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal taken over for a full-screen app: raw mode (no echo, no line editing, no
/// signals from keys), the alternate screen, the cursor hidden and the mouse reported (SGR),
/// and everything put back by `leave`, which every way out calls: quit, a signal, an error,
/// and a crash (from the signal handler, `TerminalSignals`).
public final class TerminalSession {
    public let input: Int32
    public let output: Int32
    private var saved: termios?
    /// What `leave` writes: `leaveSequence`, after deleting kitty's pictures when they are drawn.
    let restoreSequence: String

    /// Alternate screen, cursor hidden, mouse buttons and wheel reported in SGR form,
    /// bracketed paste.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h"
    /// Mouse and paste reporting off, attributes reset, the cursor shown, the main screen back.
    static let leaveSequence = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// With `deletesKittyImages`, leaving deletes every kitty picture first, while the
    /// alternate screen they were drawn on is still shown.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, deletesKittyImages: Bool = false) {
        self.input = input
        self.output = output
        restoreSequence = (deletesKittyImages ? GraphicsProtocolEncoder.kittyDeleteAll : "") + Self.leaveSequence
    }

    /// Whether both ends are terminals, which a full-screen app needs.
    public static func isAvailable(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// Takes the terminal over; again after a suspension, when the shell has put it back. A
    /// process continued in the background (`bg`) stops again until it is in the foreground:
    /// changing the terminal's modes from there would stop it halfway, and `fg` would then
    /// give it the shell's modes back. False when it never can be: the app then ends.
    @discardableResult
    public func enter() -> Bool {
        guard waitForForeground() else { return false }
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { return true }
        let isFirst = saved == nil
        if isFirst { saved = settings }
        TerminalSignals.terminalDescriptors = (input, output)
        TerminalSignals.savedSettings = saved
        if TerminalSignals.restoreBytes == nil {
            let bytes = Array(restoreSequence.utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            TerminalSignals.restoreBytes = buffer
        }
        TerminalSignals.install()
        var raw = saved!
        cfmakeraw(&raw)
        // Reads return at once, with what is there: the loop polls before reading.
        setControlCharacter(&raw, VMIN, 0)
        setControlCharacter(&raw, VTIME, 0)
        // Keys typed before the app started are dropped; those typed since a suspension, kept.
        _ = tcsetattr(input, isFirst ? TCSAFLUSH : TCSANOW, &raw)
        write(Self.enterSequence)
        return true
    }

    /// Stopped (as SIGTTOU stops a background job) until in the terminal's foreground; false
    /// when it never will be: an orphaned process group, which SIGTTOU does not stop. Quit
    /// signals act as for any stopped job meanwhile. True when the terminal is not this
    /// process's controlling one, or SIGTTOU would not stop it: changing modes then cannot.
    private func waitForForeground() -> Bool {
        var foreground = tcgetpgrp(input)
        guard foreground > 0, foreground != getpgrp(), TerminalSignals.stopsOnTTOU() else { return true }
        TerminalSignals.uninstall()
        TerminalSignals.noteContinuations()
        defer { _ = signal(SIGCONT, SIG_DFL) }
        while foreground > 0, foreground != getpgrp() {
            TerminalSignals.wasContinued = false
            _ = raise(SIGTTOU)
            guard TerminalSignals.wasContinued else { return false }
            foreground = tcgetpgrp(input)
        }
        return true
    }

    /// Puts the terminal back as it was found.
    public func leave() {
        write(restoreSequence)
        if var settings = saved { _ = tcsetattr(input, TCSAFLUSH, &settings) }
    }

    /// Suspends the process as Ctrl-Z does outside raw mode, the terminal put back meanwhile;
    /// returns once it is continued (`fg`), the terminal taken over again.
    public func suspend() -> Bool {
        leave()
        TerminalSignals.uninstall()
        _ = raise(SIGTSTP)
        return enter()
    }

    /// The terminal's size in columns and rows; nil when it cannot be asked.
    public func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes all of `text` (a frame) with as few system calls as the terminal allows.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Bytes typed since the last read, without waiting.
    public func read() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = systemRead(input, &bytes, bytes.count)
        return count > 0 ? Array(bytes[0..<count]) : []
    }

    private func setControlCharacter(_ settings: inout termios, _ index: Int32, _ value: UInt8) {
        withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(index)] = value }
    }
}

/// The C library's `write` and `read`, which the session's own methods hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
