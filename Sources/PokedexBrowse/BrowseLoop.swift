#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `browse` on the terminal: waits for keys, signals, due and finished searches at once
/// (`poll`), hands them to the model, and writes each new frame as its difference from the
/// last. Pokédex searches run on a `SearchWorker`, so keys never wait for one. It polls the
/// database's data version twice a second, so a sync's commit shows within one.
public final class BrowseLoop {
    private let session: TerminalSession
    private var model: BrowseModel
    private let depth: ColorDepth
    private let source: any BrowseDataSource
    private var decoder = InputDecoder()
    private let searches = SearchWorker()
    private var shown: ScreenBuffer?
    private var shownImages: [ImagePlacement] = []
    private let start = ContinuousClock.now
    private var dataVersion: Int?
    private var nextVersionCheck = Duration.zero
    /// When the decoder, holding bytes that wait for the rest of a sequence, last got some.
    private var pendingSince: Duration?

    static let versionInterval = Duration.milliseconds(500)
    /// How long a lone Esc waits for the rest of a sequence: the Esc key sends it alone.
    static let escapeWait = Duration.milliseconds(30)
    /// How long a sequence or character begun waits for its end, from its last bytes.
    static let sequenceWait = Duration.milliseconds(500)
    /// How long a paste begun waits for its end, from its last bytes: a slow link may pause
    /// longer inside one, whose rest would otherwise arrive as keys (Enter, q).
    static let pasteWait = Duration.seconds(2)

    /// When what the decoder holds is taken as complete.
    private var pendingDeadline: Duration? {
        let wait =
            decoder.isInPaste ? Self.pasteWait : decoder.awaitsSequence ? Self.sequenceWait : Self.escapeWait
        return pendingSince.map { $0 + wait }
    }

    public init(session: TerminalSession, model: BrowseModel, source: any BrowseDataSource, depth: ColorDepth) {
        self.session = session
        self.model = model
        self.source = source
        self.depth = depth
    }

    private var now: Duration { ContinuousClock.now - start }

    /// Until `q`, Ctrl-C or a signal that ends it; the exit status (128 + the signal's number
    /// for a signal). The terminal is restored whichever way it ends.
    public func run() -> Int32 {
        session.enter()
        defer {
            session.leave()
            TerminalSignals.uninstall()
        }
        if let size = session.size() { model.resize(columns: size.columns, rows: size.rows) }
        model.start(at: now)
        dataVersion = try? source.dataVersion()
        nextVersionCheck = now + Self.versionInterval
        draw()
        // The list's sprites and what searches compare are read once the first frame shows:
        // decoding a screenful of sprites would delay it, and reading the keys is half the start.
        model.startListSprites()
        draw()
        do { try model.completeSearchKeys() } catch { model.report(error) }
        while !model.wantsQuit {
            wait()
            for signal in TerminalSignals.drain() {
                switch signal {
                case SIGINT, SIGTERM, SIGHUP: return 128 + signal
                case SIGTSTP: guard suspend() else { return Self.terminalLost }
                // Stopped and continued from outside (SIGSTOP, a shell's job control): the
                // shell may have put its own modes back meanwhile.
                case SIGCONT:
                    guard session.enter() else { return Self.terminalLost }
                    redrawWhole()
                case SIGWINCH: redrawWhole()
                default: break
                }
            }
            let bytes = session.read()
            var events = decoder.decode(bytes)
            // The wait counts from the last bytes: a link that splits every key keeps it going.
            if !decoder.hasPending {
                pendingSince = nil
            } else if !bytes.isEmpty || pendingSince == nil {
                pendingSince = now
            }
            if let deadline = pendingDeadline, now >= deadline {
                events += decoder.flush()
                pendingSince = nil
            }
            for event in events { model.handle(event, at: now) }
            if model.wantsSuspend, !suspend() { return Self.terminalLost }
            if model.wantsRedraw {
                model.wantsRedraw = false
                redrawWhole()
            }
            for (request, results) in searches.takeFinished() { model.deliver(request, results: results) }
            if let job = model.startDueSearch(at: now) { searches.start(job) }
            checkDataVersion()
            draw()
        }
        return 0
    }

    /// Sleeps until a key, a signal, a due or finished search or the next data-version check.
    private func wait() {
        var timeout = nextVersionCheck - now
        if let due = model.search.timeUntilDue(at: now) { timeout = min(timeout, due) }
        if let deadline = pendingDeadline { timeout = min(timeout, deadline - now) }
        let milliseconds = Int32((min(max(timeout, .zero), .seconds(1)) / .milliseconds(1)).rounded(.up))
        var descriptors = [
            pollfd(fd: session.input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalSignals.readEnd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: searches.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    }

    private func checkDataVersion() {
        guard now >= nextVersionCheck else { return }
        nextVersionCheck = now + Self.versionInterval
        guard let version = try? source.dataVersion(), version != dataVersion else { return }
        dataVersion = version
        model.refresh()
    }

    /// False when the terminal cannot be taken back (`TerminalSession.enter`).
    private func suspend() -> Bool {
        model.wantsSuspend = false
        guard session.suspend() else { return false }
        redrawWhole()
        return true
    }

    /// The exit status when the terminal can never be taken back: as a hangup's.
    static let terminalLost = 128 + SIGHUP

    private func redrawWhole() {
        if let size = session.size() { model.resize(columns: size.columns, rows: size.rows) }
        shown = nil
    }

    /// Writes what changed since the last frame, pictures included, in one write.
    private func draw() {
        let frame = BrowseRenderer.frame(model)
        let images = BrowseRenderer.images(model)
        let output = ImageOverlay.output(from: shown, shownImages, to: frame, images, depth: depth)
        if !output.isEmpty { session.write(output) }
        shown = frame
        shownImages = images
    }
}
