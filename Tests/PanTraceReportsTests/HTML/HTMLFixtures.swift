import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceReports

/// Report pages built the way `replay` and `tune` will build them: traces
/// simulated under two configs, the results compared.
enum HTMLFixtures {
    /// A replay page of `traces`, `baseline` against `candidate`.
    static func replayPage(
        traces: [Trace], baseline: Config, candidate: Config, limit: Int = 6, densityAbove: Int = 4000
    ) -> ReplayPage {
        var comparison = RunComparison(
            baseline: RunLabel(run: 1, config: baseline.name), candidate: RunLabel(run: 2, config: candidate.name),
            settingChanges: candidate.differences(from: baseline))
        var releases = ReleaseMapInput()
        var changedTraces: [String: Trace] = [:]
        var frames: [Frame] = []
        for trace in traces {
            let compared = ComparedTrace(
                name: trace.name, family: trace.family, intent: trace.intent,
                startDetent: trace.detents == nil ? nil : trace.startingDetent?.name,
                baseline: ResultSummary(Simulator.simulate(trace, under: baseline)),
                candidate: ResultSummary(Simulator.simulate(trace, under: candidate)))
            if comparison.add(compared), changedTraces.count < 10_000 { changedTraces[trace.name] = trace }
            releases.add(compared, trace: trace, under: candidate, frames: &frames)
        }
        let plots = comparison.changeList.indexesByName().prefix(limit).compactMap { index -> ChangedTracePlot? in
            let change = comparison.changeList[index]
            guard let trace = changedTraces[change.name] else { return nil }
            return ChangedTracePlot(change, trace: trace, baseline: baseline, candidate: candidate)
        }
        return ReplayPage(
            command: "replay", comparison: comparison, baselineConfig: baseline, candidateConfig: candidate,
            releases: releases, plots: plots, limit: limit, densityAbove: densityAbove)
    }

    static func config(_ overrides: [String]) -> Config {
        var config = Config()
        // The overrides are this file's own literals: a bad one is a test bug.
        try? config.apply(overrides: overrides)
        return config
    }

    /// A tune page over a made-up response: agree peaks near the middle of
    /// each sweep, accidental grows and missed falls as the threshold drops.
    static func tunePage(sweeps: [TunePage.Sweep], labelled: Int = 1000) -> TunePage {
        var candidates: [TunePage.Candidate] = []
        func visit(_ level: Int, _ values: [String], _ position: [Double]) {
            guard level < sweeps.count else {
                let spread = position.map { ($0 - 0.5) * ($0 - 0.5) }.reduce(0, +)
                let accidental = Int((1 - position[0]) * 60) + Int(position.last.map { $0 * 7 } ?? 0)
                let missed = Int(position[0] * 50) + Int((position.count > 1 ? position[1] : 0) * 9)
                let agree = labelled - Int(spread * 400) - accidental / 3 - missed / 3
                candidates.append(
                    TunePage.Candidate(
                        values: values, finish: 400 + accidental - missed, cancel: 550 - accidental + missed, none: 50,
                        agree: agree, accidental: accidental, missed: missed, pareto: false))
                return
            }
            let sweep = sweeps[level]
            for (index, value) in sweep.values.enumerated() {
                visit(level + 1, values + [value], position + [Double(index) / Double(max(sweep.values.count - 1, 1))])
            }
        }
        visit(0, [], [])
        // docs/commands.md §7.5's rule, by brute force.
        for index in candidates.indices {
            let me = candidates[index]
            candidates[index].pareto = !candidates.contains { other in
                other.accidental <= me.accidental && other.missed <= me.missed
                    && (other.accidental < me.accidental || other.missed < me.missed)
            }
        }
        let best = candidates.indices.max { a, b in
            (candidates[a].agree, -candidates[a].accidental, -a) < (candidates[b].agree, -candidates[b].accidental, -b)
        }
        return TunePage(base: "baseline", traces: 1200, labelled: labelled, sweeps: sweeps, candidates: candidates, best: best)
    }
}
