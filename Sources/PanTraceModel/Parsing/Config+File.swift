extension Config {
    /// The config as a file that ``Config/load(path:maximumBytes:)`` reads (docs/configs.md): every key, one
    /// per line, in docs/configs.md's order, with the values of ``canonicalJSON()``,
    /// so it reads back as the same config and diffs well.
    ///
    /// ```json
    /// {
    ///   "name": "baseline threshold=0.3",
    ///   "interaction": "pull-to-dismiss",
    ///   …
    /// }
    /// ```
    public func configFileJSON() -> String {
        let members = Self.keys.map { "  \"\($0)\": " + jsonValue(forKey: $0) }
        return "{\n" + members.joined(separator: ",\n") + "\n}\n"
    }
}
