import JSONOutput
import SQLiteDatabase

/// How much of a resource a run takes: all of it, or the part `--offset/--limit` name.
public enum SyncScope: Sendable, Equatable {
    case whole
    case part(offset: Int, limit: Int?)

    /// `sync_run.partial_scope`: nil for the whole resource.
    var partial: String? {
        switch self {
        case .whole: nil
        case .part(let offset, let limit): "offset \(offset)" + (limit.map { " limit \($0)" } ?? "")
        }
    }
}
