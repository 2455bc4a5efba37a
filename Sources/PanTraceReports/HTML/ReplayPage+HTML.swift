import PanTraceCore
import PanTraceModel

extension ReplayPage {
    /// The page as one self-contained HTML5 document (docs/commands.md §7.8).
    public func html() -> String {
        let comparison = comparison
        let title = "pantrace \(command): \(comparison.candidate.config) against \(comparison.baseline.config)"
        return HTMLDocument.page(title: title) { markup in
            markup.element("h1", [], title)
            markup.element(
                "p", [("class", "sub")],
                "\(HTMLText.count(comparison.traces)) traces compared; \(comparison.changeHeadline()).")
            renderConfigs(&markup)
            // The same sentences as the text and JSON reports, above the counts they qualify.
            for warning in comparison.warnings {
                markup.element("p", [("class", "warning"), ("data-warning", "")], "Warning: \(warning).")
            }
            renderCounts(&markup)
            if let judgement { renderJudgement(judgement, &markup) }
            if showsPercentMap { renderReleaseMap(&markup) }
            if !releases.sheets.isEmpty { renderSheetMaps(&markup) }
            renderPlots(&markup)
        }
    }

    /// `name (family, intent cancel): cancel/belowThreshold 31.0% 1210.5pt/s → finish/flick 31.0% 1210.5pt/s`
    static func describe(_ change: ComparedTrace, named: Bool = true) -> String {
        var details: [String] = []
        if let family = change.family { details.append("family \(family)") }
        details.append("intent \(Palette.word(for: change.intent))")
        let before = change.baseline.map { RunComparison.describe($0) } ?? "no result"
        let text = "\(details.joined(separator: ", ")): baseline \(before) → candidate \(RunComparison.describe(change.candidate))"
        return named ? "\(change.name) (\(text.replacingFirstColon()))" : text
    }

    private func renderConfigs(_ markup: inout Markup) {
        markup.element("h2", [], "Configs")
        markup.open("table", [("id", "configs")])
        markup.open("tr")
        markup.element("th", [], "")
        markup.element("th", [], "run")
        markup.element("th", [], "config")
        markup.close()
        for (role, label) in [("baseline", comparison.baseline), ("candidate", comparison.candidate)] {
            markup.open("tr", [("data-role", role)])
            markup.element("th", [], role)
            markup.element("td", [("class", "num"), ("data-run", String(label.run))], String(label.run))
            markup.element("td", [], label.config)
            markup.close()
        }
        markup.close()
        // docs/commands.md §7.2: the base the candidate started from, and where it came from.
        if let base = comparison.base { markup.element("p", [("id", "base")], base) }
        if comparison.settingChanges.isEmpty {
            markup.element("p", [("id", "settings")], "The two configs' settings are identical.")
            return
        }
        markup.element("h3", [], "Settings that differ")
        markup.open("table", [("id", "settings")])
        markup.open("tr")
        for header in ["setting", "baseline", "candidate"] { markup.element("th", [], header) }
        markup.close()
        for setting in comparison.settingChanges {
            markup.open("tr", [("data-setting", setting.key)])
            markup.element("td", [], setting.key)
            markup.element("td", [], setting.old)
            markup.element("td", [], setting.new)
            markup.close()
        }
        markup.close()
    }

    /// The regressions against intent the page shows: for a judged `regress`,
    /// those the allow list did not accept.
    private var regressions: Int { judgement?.regressions ?? comparison.regressions }

    /// True for a judged `regress` that passes: no count of its page is then
    /// painted as a failure (a passing job in orange would contradict its verdict).
    private var passes: Bool { judgement?.passes == true }

    /// The verdict in the words of the other reports, and the allow list.
    private func renderJudgement(_ judgement: RegressionJudgement, _ markup: inout Markup) {
        markup.element("h2", [], "Verdict")
        markup.element(
            "p",
            [("id", "verdict"), ("class", judgement.passes ? "good" : "bad"), ("data-verdict", judgement.word),
             ("data-counted", String(judgement.counted)), ("data-max-changes", String(judgement.maxChanges)),
             ("data-allowed", String(judgement.accepted))],
            judgement.word.uppercased() + ": " + judgement.sentence + ".")
        guard let file = judgement.allowFile else { return }
        markup.element(
            "p", [("id", "allow-summary")],
            "Accepted by \(file): \(judgement.accepted) of the \(judgement.allowList.count) listed traces changed and do not count.")
        markup.open("table", [("id", "allow-list")])
        markup.open("tr")
        for header in ["line", "trace", "in this run", "reason"] { markup.element("th", [], header) }
        markup.close()
        for entry in judgement.allowList {
            markup.open("tr", [("data-trace", entry.trace), ("data-changed", String(entry.changed))])
            markup.element("td", [("class", "num")], String(entry.line))
            markup.element("td", [], entry.trace)
            markup.element("td", [], entry.changed ? "changed, accepted" : "unchanged: remove the line")
            markup.element("td", [], entry.reason ?? "")
            markup.close()
        }
        markup.close()
    }

    private func renderCounts(_ markup: inout Markup) {
        markup.element("h2", [], "Counts")
        markup.open("ul", [("class", "counts"), ("id", "counts")])
        var items: [(key: String, label: String, value: Int, tone: String)] = [
            ("traces", "traces compared", comparison.traces, ""),
            ("changed", "changed (decision or detent)", comparison.changed,
             comparison.changed == 0 ? "good" : judgement?.passes == true ? "" : "bad"),
            ("decisionChanges", "decisions changed", comparison.decisionChanges, ""),
            ("detentChanges", "rest at another detent, same decision", comparison.detentChanges, ""),
            ("regressions",
             "regressions against intent" + (judgement.map { $0.acceptedRegressions > 0 ? " (and \($0.acceptedRegressions) accepted by \($0.allowFile ?? "the allow list"))" : "" } ?? ""),
             regressions, regressions == 0 ? "" : judgement?.passes == true ? "" : "bad"),
            ("reasonChanges", "reasons changed, same decision", comparison.reasonChanges, ""),
            (Agreement.accidental.word, "new accidental dismissals (intent cancel, now finish)",
             comparison.accidentalDismissalIndexes.count, comparison.accidentalDismissalIndexes.isEmpty || passes ? "" : "bad"),
            (Agreement.missed.word, "newly missed dismissals (intent finish, now cancel)", comparison.missedDismissalIndexes.count,
             comparison.missedDismissalIndexes.isEmpty || passes ? "" : "bad"),
            (Agreement.wrongDetent.word, "new wrong detents (rests at another detent than meant)", comparison.wrongDetentIndexes.count,
             comparison.wrongDetentIndexes.isEmpty || passes ? "" : "bad"),
            ("nowAgree", "now agree with intent", comparison.nowAgreeIndexes.count,
             comparison.nowAgreeIndexes.isEmpty ? "" : "good"),
            ("stale", "decided by a stale velocity (candidate; ringed on the release map)", comparison.candidateStale,
             comparison.candidateStale == 0 ? "" : "bad"),
            ("baselineStale", "decided by a stale velocity (baseline)", comparison.baselineStale, ""),
        ]
        if comparison.withoutBaseline > 0 {
            items.insert(("withoutBaseline", "without a baseline result, not compared", comparison.withoutBaseline, ""), at: 1)
        }
        for item in items {
            markup.open("li", item.tone.isEmpty ? [] : [("class", item.tone)])
            markup.element("b", [("data-count", item.key), ("data-value", String(item.value))], HTMLText.count(item.value))
            markup.text(item.label)
            markup.close()
        }
        markup.close()
        if comparison.candidateStale > 0 || comparison.baselineStale > 0 {
            // docs/model.md §4.6: what a stale result is, in one sentence.
            markup.element("p", [("class", "small"), ("id", "stale-note")], RunComparison.staleExplanation)
        }
        guard !comparison.changeGroups.isEmpty else { return }
        // docs/commands.md §7.3: each change by where it rests, decision changes and detent changes apart.
        markup.element("p", [("id", "change-headline")], comparison.changeHeadline())
        markup.open("table", [("id", "transitions")])
        markup.open("tr")
        markup.element("th", [], "baseline → candidate")
        markup.element("th", [], "change")
        markup.element("th", [("class", "num")], "traces")
        markup.close()
        for (group, count) in comparison.changeGroups.sorted(by: { $0.key < $1.key }) {
            markup.open("tr")
            markup.element("td", [], group.words)
            markup.element("td", [], group.kind == .decision ? "decision" : "detent")
            markup.element(
                "td", [("class", "num"), ("data-change", group.kind == .decision ? "decision" : "detent"),
                       ("data-transition", group.words), ("data-value", String(count))], HTMLText.count(count))
            markup.close()
        }
        markup.close()
    }

    private func renderReleaseMap(_ markup: inout Markup) {
        markup.element("h2", [], "Release map")
        let chart = ReleaseMapChart(self)
        markup.open("figure", [("id", "release-map-figure")])
        chart.render(&markup)
        renderLegend(&markup, chart)
        markup.open("figcaption")
        var caption =
            "Each trace at its release under the candidate config: percent complete across, release velocity up "
            + "(positive towards finishing), coloured by the person's intent. Changed traces are outlined diamonds, "
            + "a thin line from their baseline release when it differs; hover a mark for its name and results."
        if comparison.changed > ReleaseMapChart.namedChangesUpTo {
            caption += " With \(HTMLText.count(comparison.changed)) changes the marks carry no names (the page would grow too large); the numbered ones are listed below."
        }
        if releases.withoutRelease > 0 {
            caption += " \(HTMLText.count(releases.withoutRelease)) traces without a release (decision none, or cancelled by the system) are not drawn."
        }
        markup.text(caption)
        markup.close()
        markup.close()
        renderChangedList(&markup)
    }

    /// The numbered list of the plotted changes, under the maps that number them.
    func renderChangedList(_ markup: inout Markup) {
        guard !plots.isEmpty else { return }
        markup.element(
            "p", [("class", "small")],
            "Plotted below, and numbered on the map where the numbers do not overlap (hover a mark for its number):")
        markup.open("ol", [("class", "changed"), ("id", "changed-list")])
        for (index, plot) in plots.enumerated() {
            markup.open("li")
            markup.open("a", [("href", "#trace-\(index + 1)")])
            markup.text(plot.trace.name)
            markup.close()
            markup.text(": \(Self.changeWords(plot.trace))")
            markup.close()
        }
        markup.close()
    }

    /// `cancel → finish`; for a sheet, where it rests: `large → medium` (``ComparedTrace/changeWording``).
    static func changeWords(_ change: ComparedTrace) -> String {
        if let words = change.changeWording { return words }
        guard change.startDetent != nil else {
            return "\(change.baseline?.decision.rawValue ?? "-") → \(change.candidate.decision.rawValue)"
        }
        return "\(change.baseline?.rest.word ?? "-") → \(change.candidate.rest.word)"
    }

    private func renderLegend(_ markup: inout Markup, _ chart: ReleaseMapChart) {
        markup.open("ul", [("class", "legend")])
        for intent in [Intent.finish, .cancel, nil] {
            markup.legendItem(.dot(Palette.colour(of: intent), cell: chart.usesDensity), "intent \(Palette.word(for: intent))")
        }
        markup.legendItem(.diamond, "changed decision (filled by intent)")
        if comparison.candidateStale > 0 {
            markup.legendItem(.ring, "ringed: stale velocity (the finger had rested ≥ 0.05 s before the lift)")
        }
        let extent = releases.mostCommonExtent
        for (config, role, colour, dashed) in [
            (baselineConfig, "baseline", Palette.baseline, true), (candidateConfig, "candidate", Palette.candidate, false),
        ] {
            let boundary = DecisionBoundary(config, extent: extent, velocities: 0, 1)
            markup.legendItem(
                .line(colour, dashed: dashed), "\(role) boundary — \(boundary.description)", [("data-boundary", role)])
        }
        markup.close()
        if chart.usesDensity {
            markup.element(
                "p", [("class", "small")],
                "\(HTMLText.count(releases.unchangedCount)) unchanged traces are binned into cells of 1 % × "
                    + "1/\(ReleaseMapChart.rows) of the velocity range: the colour is the cell's most common intent, "
                    + "the darker the more traces; hover a cell for its counts.")
        }
    }

    private func renderPlots(_ markup: inout Markup) {
        markup.element("h2", [], "Changed traces")
        if comparison.changed == 0 {
            markup.element("p", [], "No decision changed.")
            return
        }
        markup.open("ul", [("class", "legend")])
        let sheets = plots.contains { $0.detents != nil }
        for (role, colour, dashed) in [("baseline", Palette.baseline, true), ("candidate", Palette.candidate, false)] {
            markup.legendItem(
                .line(colour, dashed: dashed),
                "\(role) (percent, threshold, scroll offset" + (sheets ? "; a sheet's height" : "") + ")")
        }
        markup.legendItem(.line("#000", dashed: true), "release (lift), with its velocity")
        markup.close()
        let colours = detentColours
        for (index, plot) in plots.enumerated() {
            var chart = TracePlotChart(plot: plot, number: index + 1, baseline: baselineConfig, candidate: candidateConfig)
            chart.colours = colours
            chart.render(&markup)
        }
        if comparison.changed > plots.count {
            markup.element(
                "p", [("id", "more-changes")],
                "… and \(HTMLText.count(comparison.changed - plots.count)) more changed traces (\(wording.limit) \(limit); "
                    + "\(wording.fullReport) lists them all).")
        }
    }
}

extension String {
    /// `family f, intent cancel: …` → `family f, intent cancel; …` inside parentheses.
    fileprivate func replacingFirstColon() -> String {
        guard let colon = firstIndex(of: ":") else { return self }
        return self[..<colon] + ";" + self[index(after: colon)...]
    }
}
