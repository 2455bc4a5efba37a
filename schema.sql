-- pantrace store schema, version 4 (docs/sqlite.md).
--
-- This file is the single source of truth: the database that pantrace creates
-- has exactly these tables, indexes, triggers and views
-- (Tests/PanTraceStoreTests proves it by comparing sqlite_schema, for a new
-- file and for a version 1 file upgraded). The migrations in
-- Sources/PanTraceStore/Schema.swift build it: migration 1 is version 1 of this
-- file verbatim, migration 2 the changes to version 2, migration 3 the `rest`
-- and `stale` columns of `result` (its ALTER TABLEs are below) and
-- trace.intent_source, migration 4 the table `preference` (the lab's A/B
-- answers, Sources/PanTraceStore/Schema+Preference.swift).
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
-- The CHECKs on words are written `a = 'x' OR a = 'y' OR ...`, never
-- `a IN ('x', 'y', 'z')`: SQLite (3.40) builds a temporary b-tree of an IN
-- list of more than two constants for every row it checks, which made each
-- insert about three times slower (docs/performance.md).
--
-- Example:
--   sqlite3 pantrace.sqlite \
--     "SELECT trace, decision, reason, percent FROM decisions WHERE run = 2"

-- Marks the file as a pantrace database ('PaTr').
PRAGMA application_id = 1348555890;

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
    -- what the person meant: 'finish', 'cancel' or NULL (unlabelled)
    intent TEXT CHECK (intent IN ('finish', 'cancel')),
    -- the JSON text of the trace's "meta" object, verbatim; NULL when absent
    meta TEXT,
    -- meta.family when it is a string (the --family filter); NULL otherwise
    family TEXT,
    -- number of rows in sample for this trace
    sample_count INTEGER NOT NULL CHECK (sample_count >= 0),
    -- content identity: 64-bit FNV-1a over every field and sample, as a signed
    -- integer; the same name with another digest is a conflict
    digest INTEGER NOT NULL,
    -- the trace's samples again, packed in one BLOB for replay, which reads
    -- one row per trace instead of one per sample (docs/performance.md).
    -- Query `sample`, not this. NULL means "read the sample rows": the
    -- triggers below set it when a sample row is updated or deleted; after
    -- inserting sample rows by hand, set it yourself:
    --   UPDATE trace SET packed = NULL, sample_count = ... WHERE id = ...
    -- Layout, format 1: the byte 0x01, then per sample in seq order t, x, y
    -- as IEEE 754 binary64 little-endian (8 bytes each, bit for bit: -0 too,
    -- which the REAL columns store as 0), the phase as one byte (0 'down',
    -- 1 'move', 2 'up', 3 'cancel') and touches as an unsigned LEB128 varint
    -- (one byte for 1-127). sample_count samples, nothing after them. A
    -- first byte other than 0x01 is a later format: read the sample rows.
    packed BLOB
, intent_source TEXT -- where the intent came from: 'person', 'inferred' or 'synthetic'; NULL without an intent
    CHECK (intent_source = 'person' OR intent_source = 'inferred' OR intent_source = 'synthetic'));

-- trace.intent_source (migration 3; SQLite appends an added column as above):
-- 'person' (a person, or someone watching, said what was meant), 'inferred'
-- (an app inferred it from what happened next) or 'synthetic' (the
-- generator's label). A trace stored before it existed got 'synthetic' when
-- it is the generator's (its family, name <family>-s<seed>-<index> and meta),
-- else 'person'. An intent set by hand with a NULL source reads as 'person'.

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

CREATE INDEX trace_family ON trace (family);

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

-- result: the outcome of one trace in one run (docs/model.md §4.6–§4.8).
CREATE TABLE result (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
    trace_id INTEGER NOT NULL REFERENCES trace (id),
    -- 'finish', 'cancel' or 'none'
    decision TEXT NOT NULL CHECK (decision = 'finish' OR decision = 'cancel' OR decision = 'none'),
    -- why: 'threshold', 'belowThreshold', 'flick', 'reverseFlick',
    -- 'projection', 'guarded', 'cancelled', 'tooManyTouches', 'neverBegan',
    -- 'scrollOwned'
    reason TEXT NOT NULL CHECK (
        reason = 'threshold' OR reason = 'belowThreshold' OR reason = 'flick'
        OR reason = 'reverseFlick' OR reason = 'projection' OR reason = 'guarded'
        OR reason = 'cancelled' OR reason = 'tooManyTouches' OR reason = 'neverBegan'
        OR reason = 'scrollOwned'),
    -- percent complete when the gesture ended; 0 for 'none'
    percent REAL NOT NULL,
    -- the largest percent reached
    peak_percent REAL NOT NULL,
    -- release velocity in points/s along the interaction's direction
    velocity REAL NOT NULL,
    -- projected percent, only for a result decided by the projection rule
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
    UNIQUE (run_id, trace_id)
);

CREATE INDEX result_trace ON result (trace_id);

-- A trace row edited by hand (migration 3) drops its packed copy too: a
-- trace whose samples come from `packed` is one pantrace wrote and checked,
-- and every other trace is checked as record checks one when it is read.
CREATE TRIGGER trace_edit_unpacks AFTER UPDATE OF name, width, height, scroll_offset, scroll_content, intent, intent_source, meta ON trace
WHEN NEW.packed IS NOT NULL
BEGIN
    UPDATE trace SET packed = NULL WHERE id = NEW.id;
END;

-- Rest and stale velocity (docs/model.md §4.6), added by migration 3:
-- seconds from the last down or move to the up, for a result decided at a
-- lift (else 0); results stored before the columns existed read 0.
ALTER TABLE result ADD COLUMN rest REAL NOT NULL DEFAULT 0;
-- 1 when the finger had rested ≥ 0.05 s and, with velocity 0, the rule would
-- have decided the other way: a decision made by a movement that had ended.
ALTER TABLE result ADD COLUMN stale INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1));

-- A deleted run takes its results along; a deleted result its frames, and
-- its run counts one trace less.
CREATE TRIGGER run_delete_cascades AFTER DELETE ON run
BEGIN
    DELETE FROM result WHERE run_id = OLD.id;
    INSERT INTO id_high_water (tbl, id) VALUES ('run', OLD.id)
        ON CONFLICT (tbl) DO UPDATE SET id = max(id, excluded.id);
END;

CREATE TRIGGER result_delete_cascades AFTER DELETE ON result
BEGIN
    DELETE FROM frame WHERE result_id = OLD.id;
    UPDATE run SET trace_count = trace_count - 1 WHERE id = OLD.run_id AND trace_count > 0;
    INSERT INTO id_high_water (tbl, id) VALUES ('result', OLD.id)
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
    result.id AS result
FROM result
JOIN run ON run.id = result.run_id
JOIN config ON config.id = run.config_id
JOIN trace ON trace.id = result.trace_id;

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

PRAGMA user_version = 4;
