import PanTraceCore

extension Regression {
    /// The allow list's entry for `trace` when its decision changed: the
    /// change was accepted on purpose, and its JUnit case passes with the
    /// entry's reason (``allowList``, docs/spec-readings.md "regress --allow").
    public func acceptance(of trace: ComparedTrace) -> AllowList.Entry? {
        guard trace.isChange else { return nil }
        return allowList?.entry(for: trace.name)
    }

    /// The listed traces whose decision did not change in `comparison`
    /// (unchanged, or not replayed), in the file's order: `regress` names
    /// them on standard error, so that the list stays current.
    public func unchangedAllowed(in comparison: RunComparison) -> [AllowList.Entry] {
        guard let allowList, !allowList.entries.isEmpty else { return [] }
        var changed: Set<[UInt8]> = []
        for change in comparison.changes where allowList.entry(for: change.name) != nil {
            changed.insert(Array(change.name.utf8))
        }
        return allowList.entries.filter { !changed.contains(Array($0.trace.utf8)) }
    }
}

extension Regression {
    /// What `trace`'s JUnit case says of an accepted change:
    /// `accepted in allow.txt:3: a flick this short should close the sheet`;
    /// `nil` when the change is not accepted (or the decision did not change).
    public func acceptanceNote(of trace: ComparedTrace) -> String? {
        guard let entry = acceptance(of: trace), let allowList else { return nil }
        return "accepted in \(allowList.file):\(entry.line): \(entry)"
    }
}
