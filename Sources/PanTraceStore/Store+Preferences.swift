import PanTraceModel

/// A stored preference with the configs of its two runs, for `pantrace preferences`.
public struct StoredPreference: Sendable, Hashable {
    /// The row of `preference`.
    public var preference: Preference
    /// The id and name of config A (run `run_a`'s config).
    public var configA: (id: Int64, name: String)
    /// The id and name of config B (run `run_b`'s config).
    public var configB: (id: Int64, name: String)

    public init(preference: Preference, configA: (id: Int64, name: String), configB: (id: Int64, name: String)) {
        self.preference = preference
        self.configA = configA
        self.configB = configB
    }

    public static func == (left: StoredPreference, right: StoredPreference) -> Bool {
        left.preference == right.preference && left.configA == right.configA && left.configB == right.configB
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(preference)
        hasher.combine(configA.id)
        hasher.combine(configB.id)
    }
}

extension Store {
    /// Stores one answer of a lab A/B session, committed before this returns (docs/lab.md).
    ///
    /// One `INSERT` in a transaction of its own: it is stored whole or not
    /// at all. `trace_a` and `trace_b` are unique: a gesture is in one pair.
    /// Both runs and both traces must still exist, checked under the write
    /// lock: an answer never names a gesture deleted since (``Store/deleteRun(_:)``,
    /// or by hand).
    ///
    /// - Throws: ``StoreError/runNotFound(_:)`` or ``StoreError/traceNotFound(name:)``
    ///   for a run or trace of the pair that no longer exists; ``StoreError``
    ///   (a constraint, a locked or read-only database); nothing is stored then.
    public func addPreference(_ preference: Preference) throws {
        try guarded {
            try database.inWriteTransaction {
                for run in [preference.runA, preference.runB] {
                    let exists = try database.prepare("SELECT count(*) FROM run WHERE id = ?")
                    try exists.bind(run, at: 1)
                    guard try exists.step(), exists.int64(at: 0) == 1 else { throw StoreError.runNotFound(run) }
                }
                for name in [preference.traceA, preference.traceB] {
                    let exists = try database.prepare("SELECT count(*) FROM trace WHERE name = ?")
                    try exists.bind(name, at: 1)
                    guard try exists.step(), exists.int64(at: 0) == 1 else { throw StoreError.traceNotFound(name: name) }
                }
                let insert = try database.prepare(PreferenceRow.insertSQL)
                var binder = RowBinder(insert)
                try PreferenceRow(preference: preference).bind(&binder)
                try insert.execute()
            }
        }
    }

    /// Every stored preference in the order stored, with its runs' configs;
    /// only session `session`'s when given. A preference naming a trace that
    /// no longer exists (deleted by hand) is left out: it answers nothing.
    public func preferences(session: String? = nil) throws -> [StoredPreference] {
        try guarded {
            guard try database.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'preference'") == 1 else {
                return []
            }
            let statement = try database.prepare(
                """
                SELECT \(PreferenceRow.selection("preference")), config_a.id, config_a.name, config_b.id, config_b.name
                FROM preference
                JOIN run AS run_a ON run_a.id = preference.run_a JOIN config AS config_a ON config_a.id = run_a.config_id
                JOIN run AS run_b ON run_b.id = preference.run_b JOIN config AS config_b ON config_b.id = run_b.config_id
                WHERE (?1 IS NULL OR preference.session = ?1)
                    AND EXISTS (SELECT 1 FROM trace WHERE trace.name = preference.trace_a)
                    AND EXISTS (SELECT 1 FROM trace WHERE trace.name = preference.trace_b)
                ORDER BY preference.rowid
                """)
            try statement.bind(session, at: 1)
            var found: [StoredPreference] = []
            while try statement.step() {
                var reader = RowReader(statement)
                let row = try PreferenceRow.read(&reader)
                let column = Int32(PreferenceRow.columnNames().count)
                found.append(
                    StoredPreference(
                        preference: row.preference,
                        configA: (statement.int64(at: column), statement.string(at: column + 1) ?? ""),
                        configB: (statement.int64(at: column + 2), statement.string(at: column + 3) ?? "")))
            }
            return found
        }
    }
}
