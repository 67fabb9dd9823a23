import Foundation
import TestSupport

/// Runs pokedex under `/usr/bin/time` to learn the most memory it held: the kernel's peak
/// resident set size of the process (`pokedex sync` execs `pokedex-sync` in the same process,
/// so it counts too).
enum PeakMemory {
    static let timeBinary = "/usr/bin/time"

    /// Whether peak RSS can be measured here (Debian's `time` package).
    static var isMeasurable: Bool { FileManager.default.isExecutableFile(atPath: timeBinary) }

    /// The run and its peak RSS in bytes (nil without `/usr/bin/time`).
    static func run(
        _ arguments: [String], environment: [String: String], in directory: TemporaryDirectory, timeout: TimeInterval
    ) throws -> (result: PokedexProcess.Result, peakBytes: Int?) {
        guard isMeasurable else {
            return (try PokedexProcess.run(arguments, environment: environment, timeout: timeout), nil)
        }
        let report = directory.file("time-\(UUID().uuidString).txt")
        let result = try PokedexProcess.run(
            ["-f", "%M", "-o", report, PokedexProcess.binaryPath] + arguments, environment: environment,
            executable: timeBinary, timeout: timeout)
        // After a non-zero exit, time writes "Command exited with non-zero status N" first.
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        return (result, lines.last.flatMap { Int($0) }.map { $0 * 1024 })
    }
}
