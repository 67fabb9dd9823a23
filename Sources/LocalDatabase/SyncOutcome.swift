import JSONOutput
import SQLiteDatabase

public enum SyncOutcome: String, Sendable, CaseIterable {
    case running, succeeded, failed, interrupted
    /// Left `running` by a process that ended without saying how (kill -9, power cut).
    case abandoned
}
