import CSQLite

/// One value as SQLite returns it, with its storage class: what a row of a
/// view holds before anyone decides what it means.
///
/// `export decisions` writes these as they are, so that its output is what
/// `sqlite3` shows for the same row: integers as integers, REAL columns as
/// doubles bit for bit, NULL as NULL.
public enum StoredValue: Equatable, Hashable, Sendable {
    /// SQL NULL.
    case null
    /// An INTEGER value.
    case integer(Int64)
    /// A REAL value, exactly as stored.
    case real(Double)
    /// A TEXT value (a BLOB, which no column of pantrace's views holds, is read as text).
    case text(String)
}

extension Statement {
    /// The number of columns of the statement's rows.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of column `index` (its `AS` name, or the view's column name).
    func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "\(index)"
    }

    /// Column `index` of the current row with its storage class.
    func value(at index: Int32) -> StoredValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        default: string(at: index).map(StoredValue.text) ?? .null
        }
    }
}
