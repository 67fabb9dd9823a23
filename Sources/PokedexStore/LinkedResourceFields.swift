import BodyCoding
import LocalDatabase
import SQLiteDatabase

/// What every linked kind's decoded fields tell the sync: the id (checked against
/// the URL it was reached by) and what cannot be stored (out of ``ResourceLimits``).
public protocol LinkedResourceFields: Sendable {
    var id: Int { get }
    var violation: String? { get }
}
