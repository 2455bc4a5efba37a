// Migration 4: words the store can grow, and sheets with detents
// (docs/model.md §4.10). Never modify it once it has shipped.

extension Schema {
    /// Rebuilds `trace` and `result` once without their closed CHECK lists of
    /// words: from now on the words of `trace.intent`, `trace.intent_source`,
    /// `result.decision` and `result.reason` are the rows of `word`, checked
    /// by triggers, and a later migration adds a word with one INSERT. Adds
    /// `trace.detents`, `trace.start_detent` and `result.detent`, and
    /// `detent` and `start_detent` to the `decisions` view.
    ///
    /// The old tables are renamed with `legacy_alter_table` on, so that the
    /// other tables' foreign keys and triggers keep naming `trace` and
    /// `result`; their rows are copied with their ids, and the triggers and
    /// indexes of the two tables are created again, as schema.sql has them.
    static let version4 = #"""
-- Migration 4: the words in one table; detents. schema.sql shows the result.
PRAGMA legacy_alter_table = ON;
DROP VIEW decisions;
ALTER TABLE trace RENAME TO trace_version3;
ALTER TABLE result RENAME TO result_version3;

\#(wordTable)

\#(traceTable)

INSERT INTO trace (id, name, width, height, scroll_offset, scroll_content, intent, meta, family, sample_count, digest,
    packed, intent_source)
SELECT id, name, width, height, scroll_offset, scroll_content, intent, meta, family, sample_count, digest,
    packed, intent_source
FROM trace_version3;

\#(resultTable)

INSERT INTO result (id, run_id, trace_id, decision, reason, percent, peak_percent, velocity, projected, settle,
    overscroll, tracking_error, attempted, began_seq, start_seq, rest, stale)
SELECT id, run_id, trace_id, decision, reason, percent, peak_percent, velocity, projected, settle,
    overscroll, tracking_error, attempted, began_seq, start_seq, rest, stale
FROM result_version3;

DROP TABLE result_version3;
DROP TABLE trace_version3;
PRAGMA legacy_alter_table = OFF;

\#(tableObjects)

\#(decisionsViewWithDetents)

\#(agreementView)
"""#

    /// The `word` table and its rows, as schema.sql has them.
    static let wordTable = #"""
-- word: every word a TEXT column of the store may hold (docs/sqlite.md
-- "Words"), by the column that holds it. The triggers of `trace` and
-- `result` check their words against it; a later migration adds a word with
-- one INSERT, never a table rebuilt.
CREATE TABLE word (
    -- the column, as table.column ('result.reason')
    kind TEXT NOT NULL,
    -- the word, as the store holds it
    word TEXT NOT NULL,
    PRIMARY KEY (kind, word)
) WITHOUT ROWID;

INSERT INTO word (kind, word) VALUES
    ('trace.intent', 'finish'), ('trace.intent', 'cancel'),
    ('trace.intent_source', 'person'), ('trace.intent_source', 'inferred'), ('trace.intent_source', 'synthetic'),
    ('result.decision', 'finish'), ('result.decision', 'cancel'), ('result.decision', 'none'),
    ('result.reason', 'threshold'), ('result.reason', 'belowThreshold'), ('result.reason', 'flick'),
    ('result.reason', 'reverseFlick'), ('result.reason', 'projection'), ('result.reason', 'guarded'),
    ('result.reason', 'cancelled'), ('result.reason', 'tooManyTouches'), ('result.reason', 'neverBegan'),
    ('result.reason', 'scrollOwned'), ('result.reason', 'step'), ('result.reason', 'notApplicable'),
    ('result.reason', 'outsideEdge');
"""#

    /// `trace` as migration 4 creates it.
    static let traceTable = #"""
-- trace: the touch input of one gesture plus the screen it happened on (docs/model.md §3).
-- A trace is stored once and shared by every run that simulates it.
CREATE TABLE trace (
    id INTEGER PRIMARY KEY,
    -- unique within the database, 1-200 characters
    name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
    -- container size in points
    width REAL NOT NULL CHECK (width > 0),
    height REAL NOT NULL CHECK (height > 0),
    -- the embedded scroll view's content offset along the interaction axis
    scroll_offset REAL NOT NULL DEFAULT 0,
    -- the scroll view's content length along the axis; 0 = no scroll view
    scroll_content REAL NOT NULL DEFAULT 0,
    -- what the person meant: a word of `word` ('finish', 'cancel'), the name
    -- of one of the trace's detents, or NULL (unlabelled)
    intent TEXT,
    -- the JSON text of the trace's "meta" object, verbatim; NULL when absent
    meta TEXT,
    -- meta.family when it is a string (the --family filter); NULL otherwise
    family TEXT,
    -- number of rows in sample for this trace
    sample_count INTEGER NOT NULL CHECK (sample_count >= 0),
    -- content identity: 64-bit FNV-1a over every field and sample, as a signed
    -- integer; the same name with another digest is a conflict
    digest INTEGER NOT NULL,
    -- the trace's samples again, packed in one BLOB for replay (schema.sql
    -- describes formats 1 and 2). Query `sample`, not this; NULL means
    -- "read the sample rows".
    packed BLOB,
    -- where the intent came from, a word of `word` ('person', 'inferred',
    -- 'synthetic'); NULL without an intent
    intent_source TEXT,
    -- the heights the sheet rests at (docs/model.md §4.10): the JSON text of
    -- the trace's "detents" object ({"medium": 0.5, "large": 1}); NULL without
    detents TEXT CHECK (detents IS NULL OR json_type(detents) = 'object'),
    -- the name of the detent the sheet rests at when the gesture begins;
    -- NULL exactly when detents is NULL
    start_detent TEXT CHECK ((start_detent IS NULL) = (detents IS NULL))
);
"""#

    /// `result` as migration 4 creates it.
    static let resultTable = #"""
-- result: the outcome of one trace in one run (docs/model.md §4.6–§4.10).
CREATE TABLE result (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    trace_id INTEGER NOT NULL REFERENCES trace (id),
    -- a word of `word`: 'finish', 'cancel' or 'none'
    decision TEXT NOT NULL,
    -- why, a word of `word`: 'threshold', 'belowThreshold', 'flick',
    -- 'reverseFlick', 'projection', 'guarded', 'cancelled', 'tooManyTouches',
    -- 'neverBegan', 'scrollOwned', 'step', 'notApplicable', 'outsideEdge'
    reason TEXT NOT NULL,
    -- percent complete when the gesture ended; 0 for 'none'
    percent REAL NOT NULL,
    -- the largest percent reached
    peak_percent REAL NOT NULL,
    -- release velocity in points/s along the interaction's direction
    velocity REAL NOT NULL,
    -- projected percent, only for a result decided by the projection or lookahead rule
    projected REAL,
    -- seconds the transition takes to finish or cancel after the gesture
    settle REAL NOT NULL,
    -- points the scroll content was dragged past its edge
    overscroll REAL NOT NULL,
    -- largest distance in points between the finger and the view
    tracking_error REAL NOT NULL,
    -- 1 when a guarded transition refused a finish, else 0
    attempted INTEGER NOT NULL DEFAULT 0 CHECK (attempted IN (0, 1)),
    -- 0-based sample index where the pan began; NULL if it never began
    began_seq INTEGER CHECK (began_seq >= 0),
    -- 0-based sample index where the transition started; NULL if it never did
    start_seq INTEGER CHECK (start_seq >= 0),
    -- seconds from the last down or move to the up, for a result decided at
    -- a lift (else 0)
    rest REAL NOT NULL DEFAULT 0,
    -- 1 when the finger had rested ≥ 0.05 s and, with velocity 0, the rule
    -- would have decided otherwise: a decision made by a movement that had ended
    stale INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1)),
    -- the detent the result rests at (docs/model.md §4.10): one of its
    -- trace's detents; NULL when dismissed or without detents
    detent TEXT,
    UNIQUE (run_id, trace_id)
);
"""#

    /// The condition and body shared by `trace_words_insert` and `trace_words_update`.
    static let traceWordsCheck = #"""
WHEN (NEW.intent IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM word WHERE kind = 'trace.intent' AND word = NEW.intent)
        AND NOT EXISTS (SELECT 1 FROM json_each(NEW.detents) WHERE key = NEW.intent))
    OR (NEW.intent_source IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM word WHERE kind = 'trace.intent_source' AND word = NEW.intent_source))
    OR (NEW.start_detent IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM json_each(NEW.detents) WHERE key = NEW.start_detent))
BEGIN
    SELECT RAISE(ABORT, 'trace: an intent, intent_source or start_detent that is not a word of `word` or a detent');
END;
"""#

    /// schema.sql's `result_words_insert`, verbatim: part of migration 4, and
    /// created again by a run session, which drops it while it writes results
    /// whose words are its own (``ResultWriter``). Never change it (a later
    /// migration adds another trigger instead).
    static let resultWordsInsertTrigger = #"""
CREATE TRIGGER result_words_insert BEFORE INSERT ON result
WHEN NOT EXISTS (SELECT 1 FROM word WHERE kind = 'result.decision' AND word = NEW.decision)
    OR NOT EXISTS (SELECT 1 FROM word WHERE kind = 'result.reason' AND word = NEW.reason)
BEGIN
    SELECT RAISE(ABORT, 'result: a decision or reason that is not a word of `word`');
END;
"""#

    /// The indexes and triggers of `trace` and `result`, as schema.sql has them.
    static let tableObjects = #"""
CREATE INDEX trace_family ON trace (family);

CREATE INDEX result_trace ON result (trace_id);

-- A trace's words are rows of `word`; its intent may also name one of its
-- detents, and its start detent must be one of them.
CREATE TRIGGER trace_words_insert BEFORE INSERT ON trace
\#(traceWordsCheck)

CREATE TRIGGER trace_words_update BEFORE UPDATE OF intent, intent_source, detents, start_detent ON trace
\#(traceWordsCheck)

-- A result's decision and reason are rows of `word`; a detent changed by
-- hand must be one of its trace's. (A new result's detent is not looked up
-- in its trace's JSON: parsing it for every result of a replay cost a
-- seventh of the replay, docs/performance.md.)
\#(resultWordsInsertTrigger)

CREATE TRIGGER result_words_update BEFORE UPDATE OF decision, reason, detent, trace_id ON result
WHEN NOT EXISTS (SELECT 1 FROM word WHERE kind = 'result.decision' AND word = NEW.decision)
    OR NOT EXISTS (SELECT 1 FROM word WHERE kind = 'result.reason' AND word = NEW.reason)
    OR (NEW.detent IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM trace, json_each(trace.detents) WHERE trace.id = NEW.trace_id AND json_each.key = NEW.detent))
BEGIN
    SELECT RAISE(ABORT, 'result: a decision or reason that is not a word of `word`, or a detent not of its trace');
END;

-- sample_count set by hand is set back to the number of rows.
CREATE TRIGGER trace_sample_count_follows AFTER UPDATE OF sample_count ON trace
WHEN NEW.sample_count IS NOT (SELECT count(*) FROM sample WHERE trace_id = NEW.id)
BEGIN
    UPDATE trace SET sample_count = (SELECT count(*) FROM sample WHERE trace_id = NEW.id) WHERE id = NEW.id;
END;

-- A deleted trace takes its samples and its results (and their frames) along.
CREATE TRIGGER trace_delete_cascades AFTER DELETE ON trace
BEGIN
    DELETE FROM sample WHERE trace_id = OLD.id;
    DELETE FROM result WHERE trace_id = OLD.id;
    INSERT INTO id_high_water (tbl, id) VALUES ('trace', OLD.id)
        ON CONFLICT (tbl) DO UPDATE SET id = max(id, excluded.id);
END;

-- A trace row edited by hand drops its packed copy too: a trace whose
-- samples come from `packed` is one pantrace wrote and checked, and every
-- other trace is checked as record checks one when it is read.
CREATE TRIGGER trace_edit_unpacks AFTER UPDATE OF name, width, height, scroll_offset, scroll_content, intent, intent_source, meta, detents, start_detent ON trace
WHEN NEW.packed IS NOT NULL
BEGIN
    UPDATE trace SET packed = NULL WHERE id = NEW.id;
END;

-- A deleted result takes its frames along, and its run counts one trace less.
CREATE TRIGGER result_delete_cascades AFTER DELETE ON result
BEGIN
    DELETE FROM frame WHERE result_id = OLD.id;
    UPDATE run SET trace_count = trace_count - 1 WHERE id = OLD.run_id AND trace_count > 0;
    INSERT INTO id_high_water (tbl, id) VALUES ('result', OLD.id)
        ON CONFLICT (tbl) DO UPDATE SET id = max(id, excluded.id);
END;
"""#

    /// The `decisions` view with `detent` and `start_detent`, as schema.sql has it.
    static let decisionsViewWithDetents = #"""
-- decisions: one row per result, with the names of its run's config and of
-- its trace (docs/sqlite.md). The view to query.
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
    result.id AS result
FROM result
JOIN run ON run.id = result.run_id
JOIN config ON config.id = run.config_id
JOIN trace ON trace.id = result.trace_id;
"""#

    /// The `agreement` view: the store's copy of `Agreement`, as schema.sql has it.
    static let agreementView = #"""
-- agreement: how each result with an intent compares with it (docs/model.md
-- §2): 'agree', 'accidental', 'missed' or 'wrongDetent'; the same rule as
-- pantrace's own counts (a test compares them). Join it to `decisions` on
-- `result`.
CREATE VIEW agreement AS
SELECT
    result.id AS result,
    CASE
        WHEN trace.intent = 'finish' THEN CASE WHEN result.decision = 'finish' THEN 'agree' ELSE 'missed' END
        WHEN result.decision = 'finish' THEN 'accidental'
        WHEN trace.intent = 'cancel' THEN CASE WHEN result.detent IS trace.start_detent THEN 'agree' ELSE 'wrongDetent' END
        WHEN result.detent IS trace.intent THEN 'agree'
        ELSE 'wrongDetent'
    END AS agreement
FROM result
JOIN trace ON trace.id = result.trace_id
WHERE trace.intent IS NOT NULL;
"""#
}
