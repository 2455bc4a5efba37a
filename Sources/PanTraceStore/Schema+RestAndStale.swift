extension Schema {
    /// The migration that adds `result.rest` and `result.stale` (docs/model.md
    /// §4.6 "Rest and stale velocity") and both to the `decisions` view.
    ///
    /// Results stored before it read 0 in both columns; a replay computes them.
    /// schema.sql holds the same ALTER TABLEs and the same view, verbatim.
    static let restAndStale = #"""
-- The rest before the lift and whether the decision used a stale velocity
-- (docs/model.md §4.6). schema.sql shows the result, with the comments.
-- Rest and stale velocity (docs/model.md §4.6), added by a later migration:
-- seconds from the last down or move to the up, for a result decided at a
-- lift (else 0); results stored before the columns existed read 0.
ALTER TABLE result ADD COLUMN rest REAL NOT NULL DEFAULT 0;
-- 1 when the finger had rested ≥ 0.05 s and, with velocity 0, the rule would
-- have decided the other way: a decision made by a movement that had ended.
ALTER TABLE result ADD COLUMN stale INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1));

DROP VIEW decisions;

CREATE VIEW decisions AS
SELECT
    result.run_id AS run,
    run.kind AS kind,
    config.name AS config,
    trace.name AS trace,
    trace.family AS family,
    trace.intent AS intent,
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
    result.id AS result
FROM result
JOIN run ON run.id = result.run_id
JOIN config ON config.id = run.config_id
JOIN trace ON trace.id = result.trace_id;
"""#
}
