/*
 * The simulation of scripts/bench/reference.c's replay-packed mode: decode one
 * trace.packed blob and simulate it under the default config (docs/model.md
 * §4: pull-to-dismiss, touchSlop 10, one finger, extent = the container's
 * height, offsetAtBegin scroll gating, the uikit velocity estimator, the
 * threshold rule, linear curve, duration 0.4 s, completion speed 1, not
 * guarded), with the threshold as a parameter. No SQLite here.
 */
#ifndef PANTRACE_BENCH_SIMULATION_H
#define PANTRACE_BENCH_SIMULATION_H

#include <stddef.h>

/* The trace row's columns the simulation reads. */
struct trace_screen {
    double width, height, scroll_offset, scroll_content;
};

/* One result row (schema.sql `result`, from decision to stale; projected is
 * always NULL under the threshold rule, tracking_error always 0 under the
 * linear curve). began_seq / start_seq are -1 for NULL. */
struct outcome {
    const char *decision, *reason;
    double percent, peak_percent, velocity, settle, overscroll, tracking_error, rest;
    long long began_seq, start_seq;
    int attempted, stale;
};

/* Decodes `count` samples of the format-1 or format-2 blob (schema.sql, after
 * `trace`) and simulates them as they are decoded, into *out. Returns 0, or
 * -1 for a malformed blob or an unknown format. */
int simulate_packed(const unsigned char *blob, size_t size, long long count, const struct trace_screen *screen,
    double threshold, struct outcome *out);

#endif
