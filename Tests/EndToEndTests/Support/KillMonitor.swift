import Foundation
import LoopbackHTTP
import TestSupport

/// Watches a fake server's requests on behalf of one `pokedex` process at a time: slows some
/// down, and sends the process SIGKILL when a chosen request arrives.
final class KillMonitor: @unchecked Sendable {
    enum Kind: String, Sendable {
        case list
        /// A request without `If-None-Match` (for GitHub: every request).
        case newDetail = "new"
        /// A revalidation (`If-None-Match`).
        case conditional
        /// Anything else, e.g. a GitHub request during `pokedex sync`.
        case other
        /// A request of another PokeAPI resource than the one a test counts (a prefetched list
        /// page of types, say), counted by no trigger.
        case entry
    }

    struct Trigger: Sendable, CustomStringConvertible {
        var kind: Kind
        var count: Int
        /// How long the process may go on after the request arrived before it is killed.
        var delay: Double
        /// What must hold before the kill, polled after the delay for up to 10 s (what a
        /// loaded machine may need to commit what came before the request). Until the kill,
        /// the process's other requests are answered: one of the pages it is to commit may
        /// arrive after the request that fired.
        var until: (@Sendable () -> Bool)?

        init(_ kind: Kind, _ count: Int, delay: Double = 0, until: (@Sendable () -> Bool)? = nil) {
            self.kind = kind
            self.count = count
            self.delay = delay
            self.until = until
        }

        var description: String {
            "\(kind.rawValue) request #\(count)" + (delay > 0 ? " + \(Int(delay * 1000)) ms" : "")
        }

        /// The same point, moved to one that the run will reach.
        func adjusted(storedDetails: Int, newDetails: Int) -> Trigger {
            var trigger = self
            if trigger.kind == .conditional && storedDetails == 0 { trigger.kind = .newDetail }
            if trigger.kind == .newDetail && newDetails == 0 { trigger.kind = .conditional }
            switch trigger.kind {
            case .conditional: trigger.count = min(trigger.count, storedDetails)
            case .newDetail: trigger.count = min(trigger.count, newDetails)
            case .list, .other, .entry: break
            }
            return trigger
        }
    }

    struct Run {
        let killed: Bool
        let status: Int32
        let stderr: String
        let pid: pid_t
    }

    private let lock = NSLock()
    private let classify: @Sendable (RecordedRequest) -> Kind
    private let stall: [Kind: Double]
    private var trigger: Trigger?
    private var counts: [Kind: Int] = [:]
    private var pid: pid_t = 0
    private var fired = false
    private var killSent = false

    init(classify: @escaping @Sendable (RecordedRequest) -> Kind, stall: [Kind: Double]) {
        self.classify = classify
        self.stall = stall
    }

    /// Lets requests through unslowed and unwatched from now on.
    func disarm() {
        lock.withLock {
            trigger = nil
            pid = 0
        }
    }

    /// For the server's `override`: nil lets the fake answer (after the stall for this kind);
    /// the request that triggers the kill, and any of the killed run's after it, are never answered.
    func observe(_ request: RecordedRequest) -> ScriptedResponse? {
        let kind = classify(request)
        let (armed, firing, fire) = lock.withLock { () -> (Bool, Trigger?, Bool) in
            guard let trigger, !fired else { return (trigger != nil, nil, false) }
            counts[kind, default: 0] += 1
            guard trigger.kind == kind && counts[kind] == trigger.count else { return (true, nil, false) }
            fired = true
            return (true, trigger, true)
        }
        guard armed else { return nil }
        if fire {
            // The process may send its first request before `run` has returned its pid.
            var target: pid_t = 0
            for _ in 0..<2_000 {
                target = lock.withLock { pid }
                if target != 0 { break }
                Thread.sleep(forTimeInterval: 0.001)
            }
            if let delay = firing?.delay, delay > 0 { Thread.sleep(forTimeInterval: delay) }
            if let until = firing?.until {
                let deadline = Date().addingTimeInterval(10)
                while !until() && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            }
            if target != 0 { kill(target, SIGKILL) }
            lock.withLock { killSent = true }
            return .faulted(.closeWithoutResponse)
        }
        if let seconds = stall[kind] { Thread.sleep(forTimeInterval: seconds) }
        // Killed meanwhile (another of its requests fired): a dead process's request is never
        // answered, else the fake would count it after the test reset the counters for the next run.
        if lock.withLock({ fired && (killSent || trigger?.until == nil) }) { return .faulted(.closeWithoutResponse) }
        return nil
    }

    /// Starts `pokedex arguments…`, waits for it to die or exit, and says whether `trigger` killed it.
    func runUntilKilled(
        _ arguments: [String], environment: [String: String], trigger: Trigger,
        stderrPath: String, timeout: Double = 60
    ) throws -> Run {
        lock.withLock {
            self.trigger = trigger
            counts = [:]
            fired = false
            killSent = false
            pid = 0
        }
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        defer { try? stderr.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PokedexProcess.binaryPath)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        lock.withLock { pid = process.processIdentifier }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TimedOut(
                arguments: arguments, stderr: (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "")
        }
        process.waitUntilExit()
        let wasFired = lock.withLock { () -> Bool in
            pid = 0
            return fired
        }
        let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        let killed = wasFired && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Run(killed: killed, status: process.terminationStatus, stderr: text, pid: process.processIdentifier)
    }
}
