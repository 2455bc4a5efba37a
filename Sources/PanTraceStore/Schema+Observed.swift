// The migration that adds what the app did with each gesture
// (docs/model.md "What the app did", docs/sqlite.md). Never modify it once
// it has shipped.

extension Schema {
    /// Adds `trace.observed` and `trace.observed_source` (their words are
    /// rows of `word`, checked by triggers of their own), and `observed`,
    /// `observed_source` and `matches` to the `decisions` view. `matches` is
    /// the store's copy of `Observed.matches` (a test compares them).
    static let observed = #"""
-- Migration 6: what the app did. schema.sql shows the result.
ALTER TABLE trace ADD COLUMN observed TEXT;
ALTER TABLE trace ADD COLUMN observed_source TEXT;

INSERT INTO word (kind, word) VALUES
    ('trace.observed', 'finish'), ('trace.observed', 'cancel'), ('trace.observed', 'none'),
    ('trace.observed_source', 'app'), ('trace.observed_source', 'device'), ('trace.observed_source', 'synthetic');

\#(observedTriggers)

DROP VIEW decisions;

\#(decisionsViewWithObserved)
"""#

    /// The condition and body shared by `trace_observed_insert` and `trace_observed_update`.
    static let traceObservedCheck = #"""
WHEN (NEW.observed IS NOT NULL AND NOT (CASE WHEN NEW.detents IS NULL
        THEN EXISTS (SELECT 1 FROM word WHERE kind = 'trace.observed' AND word = NEW.observed)
        ELSE NEW.observed = 'finish' OR EXISTS (SELECT 1 FROM json_each(NEW.detents) WHERE key = NEW.observed) END))
    OR (NEW.observed_source IS NOT NULL AND (NEW.observed IS NULL
        OR NOT EXISTS (SELECT 1 FROM word WHERE kind = 'trace.observed_source' AND word = NEW.observed_source)))
BEGIN
    SELECT RAISE(ABORT, 'trace: an observed outcome the trace does not allow, or an observed_source that is not a word of `word` or has no observed');
END;
"""#

    /// The triggers of `trace.observed` and `trace.observed_source`, as schema.sql has them.
    static let observedTriggers = #"""
-- What the app did is a word of `word` ('finish', 'cancel', 'none'), or for
-- a trace with detents 'finish' or one of their names; its source is a word
-- of `word`, only beside it.
CREATE TRIGGER trace_observed_insert BEFORE INSERT ON trace
\#(traceObservedCheck)

CREATE TRIGGER trace_observed_update BEFORE UPDATE OF observed, observed_source, detents ON trace
\#(traceObservedCheck)

-- An observed outcome edited by hand drops the packed copy, as the other
-- columns of the trace do: the trace is then checked as record checks one.
CREATE TRIGGER trace_observed_edit_unpacks AFTER UPDATE OF observed, observed_source ON trace
WHEN NEW.packed IS NOT NULL
BEGIN
    UPDATE trace SET packed = NULL WHERE id = NEW.id;
END;
"""#

    /// The `decisions` view with `observed`, `observed_source` and `matches`, as schema.sql has it.
    static let decisionsViewWithObserved = #"""
-- decisions: one row per result, with the names of its run's config and of
-- its trace (docs/sqlite.md). The view to query. `matches` is 1 when the
-- result ends where the app ended (docs/model.md §2), 0 when not, NULL
-- without an observed outcome: the one definition a query reads.
CREATE VIEW decisions AS
SELECT
    result.run_id AS run,
    run.kind AS kind,
    config.name AS config,
    trace.name AS trace,
    trace.family AS family,
    trace.intent AS intent,
    trace.intent_source AS intent_source,
    result.decision AS decision,
    result.reason AS reason,
    result.percent AS percent,
    result.peak_percent AS peak_percent,
    result.velocity AS velocity,
    result.projected AS projected,
    result.settle AS settle,
    result.overscroll AS overscroll,
    result.tracking_error AS tracking_error,
    result.attempted AS attempted,
    result.began_seq AS began_seq,
    result.start_seq AS start_seq,
    result.rest AS rest,
    result.stale AS stale,
    result.detent AS detent,
    trace.start_detent AS start_detent,
    trace.observed AS observed,
    trace.observed_source AS observed_source,
    CASE
        WHEN trace.observed IS NULL THEN NULL
        WHEN trace.detents IS NULL THEN result.decision = trace.observed
        WHEN trace.observed = 'finish' THEN result.decision = 'finish'
        ELSE result.decision <> 'finish' AND result.detent IS trace.observed
    END AS matches,
    result.id AS result
FROM result
JOIN run ON run.id = result.run_id
JOIN config ON config.id = run.config_id
JOIN trace ON trace.id = result.trace_id;
"""#
}
