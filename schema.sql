-- pantrace store schema, version 6 (docs/sqlite.md).
--
-- This file is the single source of truth: the database that pantrace creates
-- has exactly these tables, indexes, triggers and views
-- (Tests/PanTraceStoreTests proves it by comparing sqlite_schema, for a new
-- file and for a version 1 file upgraded). The migrations in
-- Sources/PanTraceStore/Schema.swift build it: migration 1 is version 1 of this
-- file verbatim, migration 2 the changes to version 2, migration 3 the `rest`
-- and `stale` columns of `result` and trace.intent_source, migration 4 the
-- `word` table (the words the store may hold, in one place a later migration
-- extends) and detents: it rebuilt `trace` and `result` as they are below;
-- migration 5 the table `preference` (the lab's A/B answers,
-- Sources/PanTraceStore/Schema+Preference.swift); migration 6 what the app
-- did with each gesture: trace.observed and trace.observed_source (added
-- at the end of `trace`, as SQLite's ALTER TABLE writes them), their words
-- and triggers, and `observed`, `observed_source` and `matches` in the
-- `decisions` view (Sources/PanTraceStore/Schema+Observed.swift).
--
-- Editing by hand (the sqlite3 shell runs with foreign keys off) is safe:
-- the triggers below keep the store consistent by themselves. Insert, change
-- or delete `sample` rows (the trace's sample_count follows, and replay reads
-- the rows); delete a `trace` (its samples, results and frames go), a `run`
-- (its results and frames go; `pantrace runs --delete` also shrinks the file)
-- or a `result` (its frames go). pantrace never gives the id of a deleted
-- trace, run or result to a new one (id_high_water).
--
-- Enumerations are stored as the TEXT words of the spec. Times are seconds,
-- places and lengths are points, percents are fractions in [0, 1].
--
-- The words of trace.intent, trace.intent_source, trace.observed,
-- trace.observed_source, result.decision and result.reason are the rows of `word`, checked by the triggers of those
-- tables: a new word is one INSERT INTO word in a later migration. The
-- fixed vocabularies of the trace format and of UIKit (sample.phase,
-- frame.state, frame.owner) and run.kind keep CHECKs, written
-- `a = 'x' OR a = 'y' OR ...`, never `a IN ('x', 'y', 'z')`: SQLite (3.40)
-- builds a temporary b-tree of an IN list of more than two constants for
-- every row it checks, which made each insert about three times slower
-- (docs/performance.md).
--
-- Example:
--   sqlite3 pantrace.sqlite \
--     "SELECT trace, decision, reason, percent FROM decisions WHERE run = 2"

-- Marks the file as a pantrace database ('PaTr').
PRAGMA application_id = 1348555890;

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

INSERT INTO word (kind, word) VALUES
    ('trace.observed', 'finish'), ('trace.observed', 'cancel'), ('trace.observed', 'none'),
    ('trace.observed_source', 'app'), ('trace.observed_source', 'device'), ('trace.observed_source', 'synthetic');

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
, observed TEXT, observed_source TEXT);

-- trace.observed: what the real app did with the gesture (docs/model.md
-- "What the app did"): a word of `word` ('finish', 'cancel', 'none'), or
-- for a trace with detents 'finish' (dismissed) or the name of the detent
-- the sheet came to rest at; NULL when not recorded.
-- trace.observed_source: who reported it, a word of `word` ('app',
-- 'device', 'synthetic'); NULL without observed.

-- trace.packed, format 1: the byte 0x01, then per sample in seq order t, x,
-- y as IEEE 754 binary64 little-endian (8 bytes each, bit for bit: -0 too,
-- which the REAL columns store as 0), the phase as one byte (0 'down',
-- 1 'move', 2 'up', 3 'cancel') and touches as an unsigned LEB128 varint
-- (one byte for 1-127). sample_count samples, nothing after them. A first
-- byte other than 0x01 or 0x02 is a later format: read the sample rows.
-- The triggers below set it to NULL when a sample row is inserted, updated
-- or deleted by hand, or the trace's row is edited.

-- trace.intent_source: 'person' (a person, or someone watching, said what
-- was meant), 'inferred' (an app inferred it from what happened next) or
-- 'synthetic' (the generator's label). A trace stored before migration 3
-- got 'synthetic' when it is the generator's (its family, name
-- <family>-s<seed>-<index> and meta), else 'person'. An intent set by hand
-- with a NULL source reads as 'person'.

-- trace.packed, format 2 (a later format within schema version 2: a build
-- that knows only format 1 reads such a trace from its sample rows, as the
-- comment above says of any first byte other than 0x01).
-- The byte 0x02, then per sample in seq order four LEB128 varints (7 bits a
-- byte, lowest first, the high bit set on every byte but the last):
--   t in whole microseconds, then x and y in whole thousandths of a point,
--   each as its difference from the previous sample's (the first sample's
--   from 0, so its value), zigzag-encoded: (d << 1) ^ (d >> 63), that is
--   0, -1, 1, -2, 2 ... written as 0, 1, 2, 3, 4 ...;
--   then touches << 2 | the phase code (0 'down', 1 'move', 2 'up', 3 'cancel').
-- sample_count samples, nothing after them.
-- The integer m stands for the double m / 1e6 (t) or m / 1e3 (x, y), computed
-- as IEEE 754 division of the double m. pantrace writes a trace in format 2
-- only when that gives back each of its t, x and y bit for bit (with
-- m = round(v * 1e6) or round(v * 1e3), halves away from zero, |m| < 2^53,
-- never -0) and each touches is below 2^62; any other trace is written in
-- format 1. Either way the blob holds exactly the recorded values: synthetic
-- traces, and any trace whose times have at most 6 decimals and places at
-- most 3, take format 2, about 8 bytes a sample instead of 26
-- (docs/performance.md).

-- (Since version 2 the triggers below also drop `packed` and keep
-- sample_count when sample rows are inserted by hand: nothing to set yourself.
-- The comments inside CREATE TABLE are stored in the file as written by
-- version 1, so they stay as they were.)

-- sample: one touch event of a trace, in order.
CREATE TABLE sample (
    trace_id INTEGER NOT NULL REFERENCES trace (id) ON DELETE CASCADE,
    -- 0-based index of the sample in its trace
    seq INTEGER NOT NULL CHECK (seq >= 0),
    -- seconds, never decreasing within a trace
    t REAL NOT NULL,
    -- location in points in the container's coordinate space
    x REAL NOT NULL,
    y REAL NOT NULL,
    -- 'down' (first), 'move', 'up' or 'cancel' (last)
    phase TEXT NOT NULL CHECK (phase = 'down' OR phase = 'move' OR phase = 'up' OR phase = 'cancel'),
    -- fingers down, at least 1
    touches INTEGER NOT NULL DEFAULT 1 CHECK (touches >= 1),
    PRIMARY KEY (trace_id, seq)
) WITHOUT ROWID;

-- A sample row inserted, changed or deleted by hand makes its trace's packed
-- copy stale: drop it (replay then reads the sample rows), and count the rows
-- again. pantrace itself writes the samples of a new trace after its row,
-- with seq below sample_count and packed set: the insert trigger's WHEN
-- skips them.
CREATE TRIGGER sample_insert_counts AFTER INSERT ON sample
WHEN (SELECT packed IS NULL OR NEW.seq >= sample_count FROM trace WHERE id = NEW.trace_id)
BEGIN
    UPDATE trace SET packed = NULL, sample_count = (SELECT count(*) FROM sample WHERE trace_id = trace.id)
    WHERE id = NEW.trace_id;
END;

CREATE TRIGGER sample_update_counts AFTER UPDATE ON sample
BEGIN
    UPDATE trace SET packed = NULL, sample_count = (SELECT count(*) FROM sample WHERE trace_id = trace.id)
    WHERE id = OLD.trace_id OR id = NEW.trace_id;
END;

CREATE TRIGGER sample_delete_counts AFTER DELETE ON sample
BEGIN
    UPDATE trace SET packed = NULL, sample_count = (SELECT count(*) FROM sample WHERE trace_id = trace.id)
    WHERE id = OLD.trace_id;
END;

-- config: every tunable of the interaction (docs/configs.md). A config is identified
-- by its content: the same settings are one row however often they are used.
CREATE TABLE config (
    id INTEGER PRIMARY KEY,
    -- the config's name (docs/configs.md "name"), as shown in reports
    name TEXT NOT NULL,
    -- the canonical JSON of every key of the config (deterministic text)
    settings TEXT NOT NULL UNIQUE
);

-- run: one pass of one config over a set of stored traces. A run is written
-- in one transaction with all its results: it exists completely or not at all.
CREATE TABLE run (
    id INTEGER PRIMARY KEY,
    config_id INTEGER NOT NULL REFERENCES config (id),
    -- the command that created it: 'record', 'replay' or 'regress'
    kind TEXT NOT NULL CHECK (kind = 'record' OR kind = 'replay' OR kind = 'regress'),
    -- UTC time the run was started, ISO 8601 (2025-01-31T12:00:00.000Z)
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- number of results (traces simulated) in the run
    trace_count INTEGER NOT NULL DEFAULT 0 CHECK (trace_count >= 0),
    -- 1 for the accepted baseline (regress --accept); at most one run has 1.
    -- Without a marked run the baseline is the first run.
    baseline INTEGER NOT NULL DEFAULT 0 CHECK (baseline IN (0, 1))
);

CREATE UNIQUE INDEX run_baseline ON run (baseline) WHERE baseline = 1;

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

CREATE INDEX trace_family ON trace (family);

CREATE INDEX result_trace ON result (trace_id);

-- A trace's words are rows of `word`; its intent may also name one of its
-- detents, and its start detent must be one of them.
CREATE TRIGGER trace_words_insert BEFORE INSERT ON trace
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

CREATE TRIGGER trace_words_update BEFORE UPDATE OF intent, intent_source, detents, start_detent ON trace
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

-- A result's decision and reason are rows of `word`; a detent changed by
-- hand must be one of its trace's. (A new result's detent is not looked up
-- in its trace's JSON: parsing it for every result of a replay cost a
-- seventh of the replay, docs/performance.md.)
CREATE TRIGGER result_words_insert BEFORE INSERT ON result
WHEN NOT EXISTS (SELECT 1 FROM word WHERE kind = 'result.decision' AND word = NEW.decision)
    OR NOT EXISTS (SELECT 1 FROM word WHERE kind = 'result.reason' AND word = NEW.reason)
BEGIN
    SELECT RAISE(ABORT, 'result: a decision or reason that is not a word of `word`');
END;

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

-- What the app did is a word of `word` ('finish', 'cancel', 'none'), or for
-- a trace with detents 'finish' or one of their names; its source is a word
-- of `word`, only beside it.
CREATE TRIGGER trace_observed_insert BEFORE INSERT ON trace
WHEN (NEW.observed IS NOT NULL AND NOT (CASE WHEN NEW.detents IS NULL
        THEN EXISTS (SELECT 1 FROM word WHERE kind = 'trace.observed' AND word = NEW.observed)
        ELSE NEW.observed = 'finish' OR EXISTS (SELECT 1 FROM json_each(NEW.detents) WHERE key = NEW.observed) END))
    OR (NEW.observed_source IS NOT NULL AND (NEW.observed IS NULL
        OR NOT EXISTS (SELECT 1 FROM word WHERE kind = 'trace.observed_source' AND word = NEW.observed_source)))
BEGIN
    SELECT RAISE(ABORT, 'trace: an observed outcome the trace does not allow, or an observed_source that is not a word of `word` or has no observed');
END;


CREATE TRIGGER trace_observed_update BEFORE UPDATE OF observed, observed_source, detents ON trace
WHEN (NEW.observed IS NOT NULL AND NOT (CASE WHEN NEW.detents IS NULL
        THEN EXISTS (SELECT 1 FROM word WHERE kind = 'trace.observed' AND word = NEW.observed)
        ELSE NEW.observed = 'finish' OR EXISTS (SELECT 1 FROM json_each(NEW.detents) WHERE key = NEW.observed) END))
    OR (NEW.observed_source IS NOT NULL AND (NEW.observed IS NULL
        OR NOT EXISTS (SELECT 1 FROM word WHERE kind = 'trace.observed_source' AND word = NEW.observed_source)))
BEGIN
    SELECT RAISE(ABORT, 'trace: an observed outcome the trace does not allow, or an observed_source that is not a word of `word` or has no observed');
END;


-- An observed outcome edited by hand drops the packed copy, as the other
-- columns of the trace do: the trace is then checked as record checks one.
CREATE TRIGGER trace_observed_edit_unpacks AFTER UPDATE OF observed, observed_source ON trace
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

-- A deleted run takes its results along.
CREATE TRIGGER run_delete_cascades AFTER DELETE ON run
BEGIN
    DELETE FROM result WHERE run_id = OLD.id;
    INSERT INTO id_high_water (tbl, id) VALUES ('run', OLD.id)
        ON CONFLICT (tbl) DO UPDATE SET id = max(id, excluded.id);
END;


-- frame: the simulated state after one position sample of one result.
-- Written by record, and by replay only with --frames.
CREATE TABLE frame (
    result_id INTEGER NOT NULL REFERENCES result (id) ON DELETE CASCADE,
    -- 0-based index of the sample in its trace
    seq INTEGER NOT NULL CHECK (seq >= 0),
    -- the pan recognizer's state: 'possible', 'began', 'changed', 'failed'
    state TEXT NOT NULL CHECK (state = 'possible' OR state = 'began' OR state = 'changed' OR state = 'failed'),
    -- who moves with the finger: 'none', 'transition', 'scroll'
    owner TEXT NOT NULL CHECK (owner = 'none' OR owner = 'transition' OR owner = 'scroll'),
    -- percent complete after the sample
    percent REAL NOT NULL,
    -- the scroll view's content offset after the sample
    scroll_offset REAL NOT NULL,
    PRIMARY KEY (result_id, seq)
) WITHOUT ROWID;

-- id_high_water: the largest id a deleted trace, run or result had (kept by
-- the delete triggers). pantrace gives a new row the id
-- max(max(id), id_high_water.id) + 1, so an id never comes back.
CREATE TABLE id_high_water (
    -- the table: 'trace', 'run' or 'result'
    tbl TEXT PRIMARY KEY,
    id INTEGER NOT NULL
) WITHOUT ROWID;

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

-- preference: one answer to "Which felt better?" in a lab session that
-- compared two configs (docs/lab.md): the same task done once under each,
-- blind, in an order drawn per pair.
CREATE TABLE preference (
    -- the lab session, as the traces' meta.session
    session TEXT NOT NULL,
    -- the task's id, as the traces' meta.task
    task TEXT NOT NULL,
    -- the runs of config A (the lab's own) and config B (--versus-preset, --versus-config)
    run_a INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    run_b INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    -- the names of the traces of the gesture done under A and under B
    trace_a TEXT NOT NULL UNIQUE,
    trace_b TEXT NOT NULL UNIQUE,
    -- 'a' when the gesture under A was done first, else 'b'
    shown_first TEXT NOT NULL CHECK (shown_first = 'a' OR shown_first = 'b'),
    -- what the person preferred: 'a', 'b' or 'same'
    choice TEXT NOT NULL CHECK (choice = 'a' OR choice = 'b' OR choice = 'same')
);

-- A deleted run or trace takes its preferences along (also with foreign keys off).
CREATE TRIGGER run_delete_preferences AFTER DELETE ON run
BEGIN
    DELETE FROM preference WHERE run_a = OLD.id OR run_b = OLD.id;
END;

CREATE TRIGGER trace_delete_preferences AFTER DELETE ON trace
BEGIN
    DELETE FROM preference WHERE trace_a = OLD.name OR trace_b = OLD.name;
END;

-- A trace renamed by hand keeps its preferences.
CREATE TRIGGER trace_rename_preferences AFTER UPDATE OF name ON trace
WHEN NEW.name IS NOT OLD.name
BEGIN
    UPDATE preference SET trace_a = NEW.name WHERE trace_a = OLD.name;
    UPDATE preference SET trace_b = NEW.name WHERE trace_b = OLD.name;
END;

PRAGMA user_version = 6;
