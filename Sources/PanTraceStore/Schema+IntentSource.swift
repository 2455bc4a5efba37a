// The migration that adds where each label came from (docs/sqlite.md
// "intent_source"). Its own file and its own migration, so that it stays
// separate from the other schema changes of the same release; never modify it
// once it has shipped.

extension Schema {
    /// The families the generator had when `intent_source` was added: a
    /// stored trace with an intent, one of these families, the generator's
    /// name pattern and its `meta` is the generator's.
    private static let generatorFamiliesSQL =
        "'slow-drag', 'peek', 'flick', 'drag-back', 'hesitate', 'noisy-drag', 'sideways', "
        + "'scroll-top', 'scroll-handoff', 'scroll-deep', 'two-finger', 'system-cancel', 'tap'"

    /// Adds `trace.intent_source` and the `decisions` view's `intent_source`.
    ///
    /// Stored traces with an intent get `synthetic` when they are the
    /// generator's (a family of the generator, a name
    /// `<family>-s<seed>-<index>` and the generator's `meta`, which begins
    /// `{"family":` and has a `seed`), else `person`: before this column
    /// a trace's intent came from its file, where an intent without a
    /// source is a person's (docs/model.md "Evidence").
    static let intentSource = #"""
-- Migration: where each label came from (trace.intent_source, and the
-- decisions view's intent_source). schema.sql shows the result.

ALTER TABLE trace ADD COLUMN intent_source TEXT -- where the intent came from: 'person', 'inferred' or 'synthetic'; NULL without an intent
    CHECK (intent_source = 'person' OR intent_source = 'inferred' OR intent_source = 'synthetic');

UPDATE trace SET intent_source = CASE
    WHEN family IN (\#(generatorFamiliesSQL))
        AND name GLOB family || '-s[0-9]*-[0-9][0-9][0-9][0-9]*'
        AND meta GLOB '{"family":*,"seed":*'
    THEN 'synthetic'
    ELSE 'person' END
WHERE intent IS NOT NULL;

DROP VIEW decisions;

\#(decisionsView)
"""#

    /// The `decisions` view with `intent_source` (and migration 3's `rest`
    /// and `stale`), as schema.sql has it.
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
