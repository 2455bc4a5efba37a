/*
 * The C reference of scripts/bench.sh: the same SQLite work as pantrace,
 * written directly against the C API, so that pantrace's speed can be given
 * as a ratio to it.
 *
 *   reference record DB SCHEMA TRACES SAMPLES RESULTS FRAMES
 *       Creates DB from the schema file (schema.sql) with pantrace's
 *       connection settings (WAL, synchronous=NORMAL, the same cache size
 *       and temp store; see Sources/PanTraceStore/Store.swift), then in one
 *       transaction writes one config, one run and exactly the given numbers
 *       of trace, sample, result and frame rows, with the column types and
 *       value shapes pantrace writes, through one reused prepared statement
 *       per table, one row per execution. Each trace row carries its samples
 *       packed in trace.packed, as pantrace writes them: format 2 of
 *       schema.sql when every t is a whole number of microseconds and every
 *       x and y of thousandths of a point (exactly: m / scale gives back the
 *       bits), else format 1, by the same rule and to the same bytes as
 *       Sources/PanTraceStore/PackedSamples.swift, encoded into one reused
 *       buffer. The samples are on those grids, as pantrace's synthetic ones
 *       are, so every trace takes format 2. Every constraint of the schema is
 *       checked (NOT NULL, CHECK, UNIQUE, primary keys); foreign keys are not
 *       enforced (SQLite's default), as in pantrace's run sessions, which
 *       keep referential integrity by construction.
 *
 *   reference count DB
 *       Prints the row counts of trace, sample, config, run, result, frame.
 *
 *   reference version
 *       Prints the version of the SQLite library both programs use.
 *
 *   reference replay DB
 *       Opens DB like pantrace and reads every column of every sample row:
 *       SELECT trace_id, seq, t, x, y, phase, touches FROM sample
 *       ORDER BY trace_id, seq
 *       Prints one line, "rows N", for the caller to check the work done.
 *       It reads unpacked rows where pantrace reads packed blobs: a ratio to
 *       it measures the storage format as much as the code.
 *
 *   reference replay-packed DB [THRESHOLD]
 *       replay's work on the same bytes (replay_packed below): the traces'
 *       trace.packed decoded and simulated under the default config with
 *       THRESHOLD (default 0.4; scripts/bench/simulation.c), merged with the
 *       baseline run's results, and stored as a replay run in one
 *       transaction. Prints "results N changed C run R".
 */
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulation.h"

static sqlite3 *db;

static void fail(const char *what) {
    fprintf(stderr, "reference: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

static void exec(const char *sql) {
    char *message = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) {
        fprintf(stderr, "reference: %s: %s\n", sql, message ? message : "?");
        exit(1);
    }
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL) != SQLITE_OK) fail(sql);
    return statement;
}

static void run(sqlite3_stmt *statement) {
    if (sqlite3_step(statement) != SQLITE_DONE) fail(sqlite3_sql(statement));
    sqlite3_reset(statement);
}

/* The connection settings of Store.init, foreign keys left off as during a run session. */
static void open_database(const char *path) {
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        fail(path);
    sqlite3_busy_timeout(db, 60000);
    exec("PRAGMA journal_mode = WAL");
    exec("PRAGMA synchronous = NORMAL");
    exec("PRAGMA cache_size = -4096");  /* Store.cacheKiB */
    exec("PRAGMA temp_store = MEMORY");
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) { perror(path); exit(1); }
    text[size] = 0;
    fclose(file);
    return text;
}

static const char *families[] = {
    "slow-drag", "peek", "flick", "drag-back", "hesitate", "noisy-drag", "sideways",
    "scroll-handoff", "two-finger", "system-cancel", "reverse-flick", "overshoot", "tap",
};

/* The synthetic sample `seq` of every trace: whole microseconds and thousandths
 * of a point, as pantrace's synthetic traces (seq × 16.784 ms; x 139.333 pt and
 * steps of 0.25 pt; y 227.333 pt, then 7.667 pt a sample). */
static double sample_t(long seq) { return (double)(seq * 16784) / 1e6; }
static double sample_x(long seq) { return (double)(139333 + (seq % 7) * 250) / 1e3; }
static double sample_y(long seq) { return (double)(227333 + seq * 7667) / 1e3; }

/* Stores `value` as its IEEE 754 bit pattern, little-endian (trace.packed format 1). */
static void put_double(unsigned char *at, double value) {
    unsigned long long bits;
    memcpy(&bits, &value, sizeof bits);
    for (int i = 0; i < 8; i++) at[i] = (unsigned char)(bits >> (8 * i));
}

/* Writes `value` as an unsigned LEB128 varint; returns the byte after it. */
static unsigned char *put_varint(unsigned char *at, unsigned long long value) {
    while (value >= 0x80) {
        *at++ = (unsigned char)(value | 0x80);
        value >>= 7;
    }
    *at++ = (unsigned char)value;
    return at;
}

/* Zigzag: 0, -1, 1, -2 ... as 0, 1, 2, 3 ... */
static unsigned long long zigzag(long long value) {
    return ((unsigned long long)value << 1) ^ (unsigned long long)(value >> 63);
}

/* Sets *m to the integer with (double)m / scale bit for bit `value` (m = round(value * scale),
 * |m| < 2^53; never for -0, NaN or an infinity) and returns 1, or returns 0 when there is none
 * (PackedSamples.gridValue). */
static int grid_value(double value, double scale, long long *m) {
    double scaled = round(value * scale);
    if (!(fabs(scaled) < 9007199254740992.0)) return 0;
    long long integer = (long long)scaled;
    double back = (double)integer / scale;
    if (memcmp(&back, &value, sizeof value) != 0) return 0;
    *m = integer;
    return 1;
}

/* The phase code of sample `seq` of `count`: down, move ..., up. */
static unsigned char sample_phase(long seq, long count) { return seq == 0 ? 0 : seq + 1 == count ? 2 : 1; }

/* trace.packed of the `count` samples, format 2 when every value is on its grid,
 * else format 1 (schema.sql, after `trace`); returns its length. `packed` holds
 * 1 + count * 35 bytes. Every sample has one finger. */
static size_t pack_samples(unsigned char *packed, long count) {
    unsigned char *at = packed;
    *at++ = 2;
    long long last_t = 0, last_x = 0, last_y = 0;
    long seq;
    for (seq = 0; seq < count; seq++) {
        long long t, x, y;
        if (!grid_value(sample_t(seq), 1e6, &t) || !grid_value(sample_x(seq), 1e3, &x)
            || !grid_value(sample_y(seq), 1e3, &y))
            break;
        at = put_varint(at, zigzag(t - last_t));
        at = put_varint(at, zigzag(x - last_x));
        at = put_varint(at, zigzag(y - last_y));
        at = put_varint(at, 1u << 2 | sample_phase(seq, count));
        last_t = t;
        last_x = x;
        last_y = y;
    }
    if (seq == count) return (size_t)(at - packed);
    at = packed;
    *at++ = 1;
    for (seq = 0; seq < count; seq++) {
        put_double(at, sample_t(seq));
        put_double(at + 8, sample_x(seq));
        put_double(at + 16, sample_y(seq));
        at[24] = sample_phase(seq, count);
        at = put_varint(at + 25, 1);
    }
    return (size_t)(at - packed);
}

/* Drops the trigger `name` inside the open transaction and returns its SQL
   (NULL when there is none), as pantrace's sessions do with the triggers
   that check hand edits (TraceWriter, ResultWriter). */
static char *drop_trigger(const char *name) {
    char *saved = NULL;
    sqlite3_stmt *trigger = prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?");
    sqlite3_bind_text(trigger, 1, name, -1, SQLITE_STATIC);
    if (sqlite3_step(trigger) == SQLITE_ROW) saved = sqlite3_mprintf("%s", (const char *)sqlite3_column_text(trigger, 0));
    sqlite3_finalize(trigger);
    if (saved) {
        char *drop = sqlite3_mprintf("DROP TRIGGER %s", name);
        exec(drop);
        sqlite3_free(drop);
    }
    return saved;
}

/* Creates a trigger dropped by drop_trigger again, before the commit. */
static void restore_trigger(char *saved) {
    if (!saved) return;
    exec(saved);
    sqlite3_free(saved);
}

/* Spreads `total` over `parts` as evenly as pantrace's corpus is spread: part i gets total/parts, the first total%parts get one more. */
static long share(long total, long parts, long i) { return total / parts + (i < total % parts ? 1 : 0); }

static int record(const char *path, const char *schema_path, long traces, long samples, long results, long frames) {
    open_database(path);
    char *schema = read_file(schema_path);
    /* Migration 1, as Migrator.migrate applies it. */
    exec("BEGIN IMMEDIATE");
    exec(schema);
    exec("PRAGMA user_version = 1");
    exec("COMMIT");
    free(schema);

    exec("BEGIN IMMEDIATE");
    /* As pantrace's record session (TraceWriter, ResultWriter): the triggers that
       check rows inserted by hand (sample counts, result words) are dropped
       inside the transaction and created again before the commit; the session
       counts its own rows and writes its own words. */
    char *insert_trigger = drop_trigger("sample_insert_counts");
    char *words_trigger = drop_trigger("result_words_insert");
    sqlite3_stmt *config = prepare("INSERT INTO config (name, settings) VALUES (?, ?) ON CONFLICT (settings) DO NOTHING");
    sqlite3_bind_text(config, 1, "baseline", -1, SQLITE_STATIC);
    sqlite3_bind_text(config, 2, "{\"name\":\"baseline\",\"threshold\":0.4}", -1, SQLITE_STATIC);
    run(config);
    sqlite3_int64 config_id = sqlite3_last_insert_rowid(db);
    sqlite3_stmt *insert_run = prepare("INSERT INTO run (config_id, kind) VALUES (?, 'record')");
    sqlite3_bind_int64(insert_run, 1, config_id);
    run(insert_run);
    sqlite3_int64 run_id = sqlite3_last_insert_rowid(db);

    sqlite3_stmt *trace = prepare(
        "INSERT INTO trace (name, width, height, scroll_offset, scroll_content, intent, meta, family, sample_count, digest, packed) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    sqlite3_stmt *sample = prepare(
        "INSERT INTO sample (trace_id, seq, t, x, y, phase, touches) VALUES (?, ?, ?, ?, ?, ?, ?)");
    sqlite3_stmt *result = prepare(
        "INSERT INTO result (run_id, trace_id, decision, reason, percent, peak_percent, velocity, projected, settle, "
        "overscroll, tracking_error, attempted, began_seq, start_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    sqlite3_stmt *frame = prepare(
        "INSERT INTO frame (result_id, seq, state, owner, percent, scroll_offset) VALUES (?, ?, ?, ?, ?, ?)");

    static const char *states[] = {"possible", "began", "changed", "changed"};
    static const char *owners[] = {"none", "transition", "transition", "scroll"};
    char name[64], meta[160];
    unsigned char *packed = NULL;
    size_t packed_capacity = 0;
    long rows = 2;
    for (long i = 0; i < traces; i++) {
        const char *family = families[i % 13];
        long count = share(samples, traces, i);
        snprintf(name, sizeof name, "%s-s1-%04ld", family, i);
        snprintf(meta, sizeof meta, "{\"family\":\"%s\",\"seed\":1,\"index\":%ld,\"device\":\"390x844\",\"hz\":60}", family, i);
        sqlite3_bind_text(trace, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_double(trace, 2, 390.0);
        sqlite3_bind_double(trace, 3, 844.0);
        sqlite3_bind_double(trace, 4, 0.0);
        sqlite3_bind_double(trace, 5, (double)(i % 5) * 700.0);
        sqlite3_bind_text(trace, 6, i % 2 ? "cancel" : "finish", -1, SQLITE_STATIC);
        sqlite3_bind_text(trace, 7, meta, -1, SQLITE_STATIC);
        sqlite3_bind_text(trace, 8, family, -1, SQLITE_STATIC);
        sqlite3_bind_int64(trace, 9, count);
        sqlite3_bind_int64(trace, 10, (sqlite3_int64)((unsigned long long)i * 0x9E3779B97F4A7C15ull));
        size_t packed_bound = 1 + (size_t)count * 35;
        if (packed_bound > packed_capacity) {
            packed_capacity = packed_bound * 2;
            packed = realloc(packed, packed_capacity);
            if (!packed) { perror("realloc"); exit(1); }
        }
        size_t packed_size = pack_samples(packed, count);
        sqlite3_bind_blob(trace, 11, packed, (int)packed_size, SQLITE_STATIC);
        run(trace);
        sqlite3_int64 trace_id = sqlite3_last_insert_rowid(db);
        rows++;

        sqlite3_bind_int64(sample, 1, trace_id);
        for (long seq = 0; seq < count; seq++) {
            sqlite3_bind_int64(sample, 2, seq);
            sqlite3_bind_double(sample, 3, sample_t(seq));
            sqlite3_bind_double(sample, 4, sample_x(seq));
            sqlite3_bind_double(sample, 5, sample_y(seq));
            sqlite3_bind_text(sample, 6, seq == 0 ? "down" : seq + 1 == count ? "up" : "move", -1, SQLITE_STATIC);
            sqlite3_bind_int64(sample, 7, 1);
            run(sample);
            rows++;
        }
        if (i >= results) continue;

        sqlite3_bind_int64(result, 1, run_id);
        sqlite3_bind_int64(result, 2, trace_id);
        sqlite3_bind_text(result, 3, i % 2 ? "cancel" : "finish", -1, SQLITE_STATIC);
        sqlite3_bind_text(result, 4, i % 2 ? "belowThreshold" : "threshold", -1, SQLITE_STATIC);
        sqlite3_bind_double(result, 5, 0.483412322274882);
        sqlite3_bind_double(result, 6, 0.483806872037915);
        sqlite3_bind_double(result, 7, -96.8262192221427);
        sqlite3_bind_null(result, 8);
        sqlite3_bind_double(result, 9, 0.206635071090047);
        sqlite3_bind_double(result, 10, 408.333);
        sqlite3_bind_double(result, 11, 0.0);
        sqlite3_bind_int64(result, 12, 0);
        sqlite3_bind_int64(result, 13, 6);
        sqlite3_bind_int64(result, 14, 6);
        run(result);
        sqlite3_int64 result_id = sqlite3_last_insert_rowid(db);
        rows++;

        long frame_count = share(frames, results, i);
        sqlite3_bind_int64(frame, 1, result_id);
        for (long seq = 0; seq < frame_count; seq++) {
            sqlite3_bind_int64(frame, 2, seq);
            sqlite3_bind_text(frame, 3, states[seq % 4], -1, SQLITE_STATIC);
            sqlite3_bind_text(frame, 4, owners[seq % 4], -1, SQLITE_STATIC);
            sqlite3_bind_double(frame, 5, (double)seq / 64.0);
            sqlite3_bind_double(frame, 6, 0.0);
            run(frame);
            rows++;
        }
    }
    sqlite3_stmt *count = prepare("UPDATE run SET trace_count = ? WHERE id = ?");
    sqlite3_bind_int64(count, 1, results);
    sqlite3_bind_int64(count, 2, run_id);
    run(count);
    restore_trigger(insert_trigger);
    restore_trigger(words_trigger);
    exec("COMMIT");
    sqlite3_finalize(config);
    sqlite3_finalize(insert_run);
    sqlite3_finalize(trace);
    sqlite3_finalize(sample);
    sqlite3_finalize(result);
    sqlite3_finalize(frame);
    sqlite3_finalize(count);
    free(packed);
    sqlite3_close(db);
    printf("rows %ld\n", rows);
    return 0;
}

/* Prints the row counts of trace, sample, config, run, result, frame. */
static int count(const char *path) {
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) fail(path);
    static const char *tables[] = {"trace", "sample", "config", "run", "result", "frame"};
    char sql[64];
    for (int i = 0; i < 6; i++) {
        snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", tables[i]);
        sqlite3_stmt *statement = prepare(sql);
        if (sqlite3_step(statement) != SQLITE_ROW) fail(sql);
        printf("%s%lld", i ? " " : "", (long long)sqlite3_column_int64(statement, 0));
        sqlite3_finalize(statement);
    }
    printf("\n");
    sqlite3_close(db);
    return 0;
}

static int replay(const char *path) {
    open_database(path);
    sqlite3_stmt *scan = prepare("SELECT trace_id, seq, t, x, y, phase, touches FROM sample ORDER BY trace_id, seq");
    long rows = 0;
    double checksum = 0;
    int code;
    while ((code = sqlite3_step(scan)) == SQLITE_ROW) {
        sqlite3_int64 trace_id = sqlite3_column_int64(scan, 0);
        sqlite3_int64 seq = sqlite3_column_int64(scan, 1);
        double t = sqlite3_column_double(scan, 2);
        double x = sqlite3_column_double(scan, 3);
        double y = sqlite3_column_double(scan, 4);
        const unsigned char *phase = sqlite3_column_text(scan, 5);
        sqlite3_int64 touches = sqlite3_column_int64(scan, 6);
        /* Use every value, so that no read can be left out. */
        checksum += (double)(trace_id + seq + touches) + t + x + y + (phase ? phase[0] : 0);
        rows++;
    }
    if (code != SQLITE_DONE) fail("scan");
    sqlite3_finalize(scan);
    sqlite3_close(db);
    printf("rows %ld checksum %.3f\n", rows, checksum);
    return 0;
}

/* Binds one result (schema.sql `result`, from decision to stale) at parameter `at` on. */
static void bind_outcome(sqlite3_stmt *statement, int at, const struct outcome *o) {
    sqlite3_bind_text(statement, at, o->decision, -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, at + 1, o->reason, -1, SQLITE_STATIC);
    sqlite3_bind_double(statement, at + 2, o->percent);
    sqlite3_bind_double(statement, at + 3, o->peak_percent);
    sqlite3_bind_double(statement, at + 4, o->velocity);
    sqlite3_bind_null(statement, at + 5);
    sqlite3_bind_double(statement, at + 6, o->settle);
    sqlite3_bind_double(statement, at + 7, o->overscroll);
    sqlite3_bind_double(statement, at + 8, o->tracking_error);
    sqlite3_bind_int(statement, at + 9, o->attempted);
    if (o->began_seq < 0) sqlite3_bind_null(statement, at + 10); else sqlite3_bind_int64(statement, at + 10, o->began_seq);
    if (o->start_seq < 0) sqlite3_bind_null(statement, at + 11); else sqlite3_bind_int64(statement, at + 11, o->start_seq);
    sqlite3_bind_double(statement, at + 12, o->rest);
    sqlite3_bind_int(statement, at + 13, o->stale);
}

#define RESULT_COLUMNS "id, run_id, trace_id, decision, reason, percent, peak_percent, velocity, projected, settle, " \
    "overscroll, tracking_error, attempted, began_seq, start_seq, rest, stale"
#define RESULT_ROW "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
enum { RESULT_PARAMETERS = 17, RESULTS_PER_INSERT = 16 };

/* The rows of `pending` results, inserted by the 16-row statement or one at a time. */
struct pending_result {
    sqlite3_int64 id, trace_id;
    struct outcome outcome;
};

static void insert_results(sqlite3_stmt *statement, sqlite3_int64 run_id, const struct pending_result *rows, int count) {
    for (int i = 0; i < count; i++) {
        int at = 1 + i * RESULT_PARAMETERS;
        sqlite3_bind_int64(statement, at, rows[i].id);
        sqlite3_bind_int64(statement, at + 1, run_id);
        sqlite3_bind_int64(statement, at + 2, rows[i].trace_id);
        bind_outcome(statement, at + 3, &rows[i].outcome);
    }
    run(statement);
}

/*
 * replay's work on the same bytes: in one write transaction, a config and a
 * run row, then every trace row in id order with its packed samples, merged
 * with the baseline run's results in trace order (counting the decisions
 * that change), each trace decoded and simulated under the default config
 * with `threshold` (simulation.c), and its result inserted, 16 rows an INSERT
 * with ids assigned from max(id) + 1, as pantrace's ResultWriter does.
 */
static int replay_packed(const char *path, double threshold) {
    open_database(path);
    exec("BEGIN IMMEDIATE");
    /* As pantrace's run session (ResultWriter): its results' words are its own. */
    char *words_trigger = drop_trigger("result_words_insert");
    char settings[160];
    snprintf(settings, sizeof settings, "{\"name\":\"baseline\",\"threshold\":%.17g,\"reference\":\"replay-packed\"}", threshold);
    sqlite3_stmt *config = prepare("INSERT INTO config (name, settings) VALUES ('baseline', ?) ON CONFLICT (settings) DO NOTHING");
    sqlite3_bind_text(config, 1, settings, -1, SQLITE_STATIC);
    run(config);
    sqlite3_stmt *config_id = prepare("SELECT id FROM config WHERE settings = ?");
    sqlite3_bind_text(config_id, 1, settings, -1, SQLITE_STATIC);
    if (sqlite3_step(config_id) != SQLITE_ROW) fail("config id");
    sqlite3_int64 config_row = sqlite3_column_int64(config_id, 0);
    sqlite3_finalize(config_id);
    sqlite3_stmt *baseline = prepare("SELECT coalesce((SELECT id FROM run WHERE baseline = 1), (SELECT min(id) FROM run))");
    if (sqlite3_step(baseline) != SQLITE_ROW) fail("baseline");
    sqlite3_int64 baseline_run = sqlite3_column_int64(baseline, 0);
    sqlite3_finalize(baseline);
    sqlite3_stmt *insert_run = prepare("INSERT INTO run (config_id, kind) VALUES (?, 'replay')");
    sqlite3_bind_int64(insert_run, 1, config_row);
    run(insert_run);
    sqlite3_int64 run_id = sqlite3_last_insert_rowid(db);
    sqlite3_stmt *next_id = prepare(
        "SELECT max(coalesce((SELECT max(id) FROM result), 0), coalesce((SELECT id FROM id_high_water WHERE tbl = 'result'), 0)) + 1");
    if (sqlite3_step(next_id) != SQLITE_ROW) fail("next result id");
    sqlite3_int64 id = sqlite3_column_int64(next_id, 0);
    sqlite3_finalize(next_id);

    char sql[4096];
    int length = snprintf(sql, sizeof sql, "INSERT INTO result (" RESULT_COLUMNS ") VALUES " RESULT_ROW);
    for (int i = 1; i < RESULTS_PER_INSERT; i++) length += snprintf(sql + length, sizeof sql - (size_t)length, ", " RESULT_ROW);
    sqlite3_stmt *insert_many = prepare(sql);
    sqlite3_stmt *insert_one = prepare("INSERT INTO result (" RESULT_COLUMNS ") VALUES " RESULT_ROW);
    sqlite3_stmt *outcomes = prepare(
        "SELECT trace_id, decision, reason, percent, peak_percent, velocity, projected, settle, overscroll, "
        "tracking_error, attempted, began_seq, start_seq, rest, stale FROM result WHERE run_id = ? ORDER BY trace_id");
    sqlite3_bind_int64(outcomes, 1, baseline_run);
    sqlite3_stmt *traces = prepare(
        "SELECT id, width, height, scroll_offset, scroll_content, sample_count, packed FROM trace ORDER BY id");

    struct pending_result pending[RESULTS_PER_INSERT];
    int pending_count = 0;
    long results = 0, changed = 0;
    int has_outcome = sqlite3_step(outcomes) == SQLITE_ROW;
    int code;
    while ((code = sqlite3_step(traces)) == SQLITE_ROW) {
        sqlite3_int64 trace_id = sqlite3_column_int64(traces, 0);
        struct trace_screen screen = {
            sqlite3_column_double(traces, 1), sqlite3_column_double(traces, 2),
            sqlite3_column_double(traces, 3), sqlite3_column_double(traces, 4),
        };
        long long sample_count = sqlite3_column_int64(traces, 5);
        const unsigned char *packed = sqlite3_column_blob(traces, 6);
        int packed_size = sqlite3_column_bytes(traces, 6);
        struct pending_result *row = &pending[pending_count];
        if (!packed || simulate_packed(packed, (size_t)packed_size, sample_count, &screen, threshold, &row->outcome) != 0) {
            fprintf(stderr, "reference: trace %lld: no packed samples this reference can read\n", (long long)trace_id);
            exit(1);
        }
        /* The baseline's outcome of this trace, read in full as pantrace reads it. */
        const char *was = NULL;
        while (has_outcome) {
            sqlite3_int64 owner = sqlite3_column_int64(outcomes, 0);
            if (owner > trace_id) break;
            if (owner == trace_id) {
                was = (const char *)sqlite3_column_text(outcomes, 1);
                for (int column = 2; column < 15; column++) (void)sqlite3_column_double(outcomes, column);
                if (was && strcmp(was, row->outcome.decision) != 0) changed++;
            }
            has_outcome = sqlite3_step(outcomes) == SQLITE_ROW;
        }
        row->id = id++;
        row->trace_id = trace_id;
        results++;
        if (++pending_count == RESULTS_PER_INSERT) {
            insert_results(insert_many, run_id, pending, pending_count);
            pending_count = 0;
        }
    }
    if (code != SQLITE_DONE) fail("traces");
    for (int i = 0; i < pending_count; i++) insert_results(insert_one, run_id, &pending[i], 1);
    sqlite3_stmt *count = prepare("UPDATE run SET trace_count = ? WHERE id = ?");
    sqlite3_bind_int64(count, 1, results);
    sqlite3_bind_int64(count, 2, run_id);
    run(count);
    restore_trigger(words_trigger);
    sqlite3_finalize(config);
    sqlite3_finalize(insert_run);
    sqlite3_finalize(insert_many);
    sqlite3_finalize(insert_one);
    sqlite3_finalize(outcomes);
    sqlite3_finalize(traces);
    sqlite3_finalize(count);
    exec("COMMIT");
    sqlite3_close(db);
    printf("results %ld changed %ld run %lld\n", results, changed, (long long)run_id);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 8 && strcmp(argv[1], "record") == 0)
        return record(argv[2], argv[3], atol(argv[4]), atol(argv[5]), atol(argv[6]), atol(argv[7]));
    if (argc == 3 && strcmp(argv[1], "replay") == 0) return replay(argv[2]);
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "replay-packed") == 0)
        return replay_packed(argv[2], argc == 4 ? atof(argv[3]) : 0.4);
    if (argc == 3 && strcmp(argv[1], "count") == 0) return count(argv[2]);
    if (argc == 2 && strcmp(argv[1], "version") == 0) return printf("%s\n", sqlite3_libversion()) < 0;
    fprintf(stderr, "usage: reference record DB SCHEMA TRACES SAMPLES RESULTS FRAMES | reference replay DB | reference replay-packed DB [THRESHOLD] | reference count DB | reference version\n");
    return 64;
}
