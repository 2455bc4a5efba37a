import PanTraceModel

extension Preset {
    /// `pantrace presets`: each preset's name, the settings that differ from
    /// the defaults (docs/configs.md) and what it follows.
    ///
    /// ```
    /// panmodal
    ///   decision=velocity flickVelocity=300 threshold=0.5
    ///   slackhq/PanModal PanModalPresentationController: …
    /// ```
    public static func textReport(wording: ReportWording = .plain) -> String {
        var lines: [String] = []
        for preset in all {
            lines.append(preset.name)
            let settings = preset.differences.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            lines.append("  " + (settings.isEmpty ? "(the defaults)" : settings))
            lines.append("  " + preset.source(leadingVariantsWith: wording.setting))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The presets as JSON: `[{"name": …, "settings": {…}, "source": …}, …]`,
    /// the settings those that differ from the defaults, typed as in a config file.
    public static func jsonReport(wording: ReportWording = .plain) -> String {
        var out = "["
        for (index, preset) in all.enumerated() {
            if index > 0 { out += ", " }
            out += "{\"name\": " + JSONWriter.string(preset.name) + ", \"settings\": {"
            let config = preset.config
            for (position, difference) in preset.differences.enumerated() {
                if position > 0 { out += ", " }
                out += JSONWriter.string(difference.key) + ": " + config.jsonValue(forKey: difference.key)
            }
            out += "}, \"source\": " + JSONWriter.string(preset.source(leadingVariantsWith: wording.setting)) + "}"
        }
        return out + "]\n"
    }
}
