// Migration 3: rest and stale on every result (docs/model.md §4.6) and where
// each label came from (docs/sqlite.md "intent_source"), with both in the
// `decisions` view. Never modify it once it has shipped.

extension Schema {
    /// The families the generator had when `intent_source` was added: a
    /// stored trace with an intent, one of these families, the generator's
    /// name pattern and its `meta` is the generator's.
    private static let generatorFamiliesSQL =
        "'slow-drag', 'peek', 'flick', 'drag-back', 'hesitate', 'noisy-drag', 'sideways', "
        + "'scroll-top', 'scroll-handoff', 'scroll-deep', 'two-finger', 'system-cancel', 'tap'"

    /// Adds `result.rest` and `result.stale` (results stored before read 0
    /// in both; a replay computes them), `trace.intent_source`, and all
    /// three to the `decisions` view. schema.sql holds the same ALTER TABLEs.
    ///
    /// Stored traces with an intent get `synthetic` when they are the
    /// generator's (a family of the generator, a name
    /// `<family>-s<seed>-<index>` and the generator's `meta`, which begins
    /// `{"family":` and has a `seed`), else `person`: before this column
    /// a trace's intent came from its file, where an intent without a
    /// source is a person's (docs/model.md "Evidence").
    static let version3 = #"""
-- Migration 3: rest and stale velocity (docs/model.md §4.6) and where each
-- label came from (trace.intent_source). schema.sql shows the result.

-- Seconds from the last down or move to the up, for a result decided at a
-- lift (else 0); results stored before the columns existed read 0.
ALTER TABLE result ADD COLUMN rest REAL NOT NULL DEFAULT 0;
-- 1 when the finger had rested ≥ 0.05 s and, with velocity 0, the rule would
-- have decided the other way: a decision made by a movement that had ended.
ALTER TABLE result ADD COLUMN stale INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1));

ALTER TABLE trace ADD COLUMN intent_source TEXT -- where the intent came from: 'person', 'inferred' or 'synthetic'; NULL without an intent
    CHECK (intent_source = 'person' OR intent_source = 'inferred' OR intent_source = 'synthetic');

UPDATE trace SET intent_source = CASE
    WHEN family IN (\#(generatorFamiliesSQL))
        AND name GLOB family || '-s[0-9]*-[0-9][0-9][0-9][0-9]*'
        AND meta GLOB '{"family":*,"seed":*'
    THEN 'synthetic'
    ELSE 'person' END
WHERE intent IS NOT NULL;

-- A trace row edited by hand drops its packed copy, as an edited sample
-- does: a trace read from `packed` is one pantrace wrote and checked.
CREATE TRIGGER trace_edit_unpacks AFTER UPDATE OF name, width, height, scroll_offset, scroll_content, intent, intent_source, meta ON trace
WHEN NEW.packed IS NOT NULL
BEGIN
    UPDATE trace SET packed = NULL WHERE id = NEW.id;
END;

DROP VIEW decisions;

\#(decisionsView)
"""#

    /// The `decisions` view with `intent_source`, `rest` and `stale`, as schema.sql has it.
    static let decisionsView = #"""
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
    result.id AS result
FROM result
JOIN run ON run.id = result.run_id
JOIN config ON config.id = run.config_id
JOIN trace ON trace.id = result.trace_id;
"""#
}
