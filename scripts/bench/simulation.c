/*
 * Decoding trace.packed and simulating the default config as the samples are
 * decoded: docs/model.md §4 in the order pantrace applies it
 * (Sources/PanTraceCore/Simulation), for the one config replay runs in the
 * benchmark. Every sample is decoded, as pantrace decodes the whole blob
 * before it simulates; the simulation stops at the lift or cancel.
 */
#include "simulation.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* docs/model.md §4.5 "Finite numbers": NaN is 0, an infinity the largest double of its sign. */
static inline double saturated(double value) {
    if (isfinite(value)) return value;
    if (isnan(value)) return 0;
    return value > 0 ? DBL_MAX : -DBL_MAX;
}

static inline double min_double(double a, double b) { return b < a ? b : a; }
static inline double max_double(double a, double b) { return b > a ? b : a; }

enum pan_state { POSSIBLE, FAILED, SCROLL_OWNED, TRANSITION };

/* The default config's constants (docs/configs.md). */
static const double touch_slop = 10;
static const long long maximum_touches = 1;
static const double duration = 0.4;
static const double completion_speed = 1;
static const double shortest_uikit_segment = 0.001;

struct pan {
    double extent, maximum_offset, offset;
    int has_scroll_view, simultaneous, first;
    enum pan_state state;
    double down_x, down_y, previous_q, origin, percent, peak_percent, overscroll;
    long long began_seq, start_seq;
    /* The uikit estimator (docs/model.md §4.5), fed the down and the moves. */
    int segments;
    double newest, previous, last_t, last_q;
};

static void start_transition(struct pan *pan, long long index, double origin) {
    pan->state = TRANSITION;
    pan->start_seq = index;
    pan->origin = origin;
    pan->percent = 0;
}

/* docs/model.md §4.4. */
static void track(struct pan *pan, double q) {
    double translation = saturated(q - pan->origin);
    if (translation < 0)
        pan->origin = q;
    else
        pan->percent = min_double(1, translation / pan->extent);
    pan->peak_percent = max_double(pan->peak_percent, pan->percent);
}

/* A position sample (docs/model.md §4.1–§4.4); pull-to-dismiss, so q = y. */
static void position(struct pan *pan, long long index, double x, double y, long long touches) {
    double q = y;
    double delta_q = pan->first ? 0 : saturated(q - pan->previous_q);
    if (pan->first) {
        pan->down_x = x;
        pan->down_y = y;
        pan->first = 0;
    }
    pan->previous_q = q;
    switch (pan->state) {
    case POSSIBLE:
        if (touches > maximum_touches) {
            pan->state = FAILED;
        } else if (index > 0) {
            double dx = x - pan->down_x, dy = y - pan->down_y;
            if (sqrt(dx * dx + dy * dy) >= touch_slop) {
                /* docs/model.md §4.3, offsetAtBegin (none without a scroll view). */
                pan->began_seq = index;
                if (!pan->has_scroll_view || pan->offset <= 0) {
                    start_transition(pan, index, q);
                    if (pan->has_scroll_view) {
                        pan->simultaneous = 1;
                        pan->overscroll = max_double(0, -pan->offset);
                    }
                } else {
                    pan->state = SCROLL_OWNED;
                }
            }
        }
        break;
    case FAILED:
        break;
    case SCROLL_OWNED:
        pan->offset = min_double(max_double(saturated(pan->offset - delta_q), 0), pan->maximum_offset);
        break;
    case TRANSITION:
        if (pan->simultaneous) {
            pan->offset = min_double(saturated(pan->offset - delta_q), pan->maximum_offset);
            pan->overscroll = max_double(pan->overscroll, -pan->offset);
        }
        track(pan, q);
        break;
    }
}

/* docs/model.md §4.5 uikit: a down or move sample. */
static void uikit_sample(struct pan *pan, long long index, double t, double q) {
    if (index > 0) {
        double dt = t - pan->last_t;
        if (dt > 0) {
            pan->previous = pan->newest;
            pan->newest = dt >= shortest_uikit_segment ? saturated((q - pan->last_q) / dt) : 0;
            pan->segments++;
        }
    }
    pan->last_t = t;
    pan->last_q = q;
}

static double uikit_velocity(const struct pan *pan) {
    switch (pan->segments) {
    case 0: return 0;
    case 1: return pan->newest;
    default: return saturated(0.2 * pan->newest + 0.8 * pan->previous);
    }
}

/* The outcome of a pan that never reached the transition, or 0. */
static int unstarted(const struct pan *pan, struct outcome *out) {
    memset(out, 0, sizeof *out);
    out->began_seq = -1;
    out->start_seq = -1;
    out->decision = "none";
    switch (pan->state) {
    case POSSIBLE: out->reason = "neverBegan"; return 1;
    case FAILED: out->reason = "tooManyTouches"; return 1;
    case SCROLL_OWNED: out->reason = "scrollOwned"; out->began_seq = pan->began_seq; return 1;
    case TRANSITION: return 0;
    }
    return 0;
}

static void started(const struct pan *pan, struct outcome *out) {
    out->percent = pan->percent;
    out->peak_percent = pan->peak_percent;
    out->overscroll = pan->overscroll;
    out->began_seq = pan->began_seq;
    out->start_seq = pan->start_seq;
}

/* docs/model.md §4.6 and §4.7: a cancel sample. */
static void cancel(const struct pan *pan, struct outcome *out) {
    if (unstarted(pan, out)) return;
    started(pan, out);
    out->decision = "cancel";
    out->reason = "cancelled";
    out->settle = pan->percent * duration / completion_speed;
}

/* docs/model.md §4.5–§4.7: the lift, `rest` seconds after the sample before it. */
static void lift(const struct pan *pan, double rest, double threshold, struct outcome *out) {
    if (unstarted(pan, out)) return;
    started(pan, out);
    out->velocity = uikit_velocity(pan);
    out->rest = rest;
    /* The threshold rule does not read the velocity, so no decision is stale. */
    if (pan->percent >= threshold) {
        out->decision = "finish";
        out->reason = "threshold";
        out->settle = (1 - pan->percent) * duration / completion_speed;
    } else {
        out->decision = "cancel";
        out->reason = "belowThreshold";
        out->settle = pan->percent * duration / completion_speed;
    }
}

/* An unsigned LEB128 varint at *at (at most ten bytes); 0 past the end or past 64 bits. */
static inline int load_varint(const unsigned char *blob, size_t size, size_t *at, uint64_t *value) {
    if (*at >= size) return 0;
    unsigned char byte = blob[(*at)++];
    if (byte < 0x80) {
        *value = byte;
        return 1;
    }
    uint64_t result = byte & 0x7F;
    for (unsigned shift = 7;; shift += 7) {
        if (*at >= size || shift >= 64) return 0;
        byte = blob[(*at)++];
        result |= (uint64_t)(byte & 0x7F) << shift;
        if (byte < 0x80) break;
    }
    *value = result;
    return 1;
}

/* |value| as an unsigned number (defined for INT64_MIN too). */
static inline uint64_t magnitude(int64_t value) { return value < 0 ? -(uint64_t)value : (uint64_t)value; }

static inline int64_t unzigzag(uint64_t value) { return (int64_t)(value >> 1) ^ -(int64_t)(value & 1); }

static inline double load_double(const unsigned char *at) {
    uint64_t bits = 0;
    for (int i = 7; i >= 0; i--) bits = bits << 8 | at[i];
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

int simulate_packed(const unsigned char *blob, size_t size, long long count, const struct trace_screen *screen,
    double threshold, struct outcome *out) {
    if (size == 0 || count < 0) return -1;
    int format = blob[0];
    if (format != 1 && format != 2) return -1;
    if (count > (long long)((size - 1) / (format == 1 ? 26 : 4))) return -1;
    struct pan pan = {
        .extent = screen->height,
        .maximum_offset = max_double(0, screen->scroll_content - screen->height),
        .offset = screen->scroll_offset,
        .has_scroll_view = screen->scroll_content > 0,
        .first = 1,
        .state = POSSIBLE,
        .began_seq = -1,
        .start_seq = -1,
    };
    int ended = 0;
    size_t at = 1;
    int64_t gt = 0, gx = 0, gy = 0;
    double previous_t = 0, previous_x = 0, previous_y = 0;
    for (long long index = 0; index < count; index++) {
        double t, x, y;
        unsigned phase;
        long long touches;
        if (format == 2) {
            uint64_t dt, dx, dy, last;
            if (!load_varint(blob, size, &at, &dt) || !load_varint(blob, size, &at, &dx)
                || !load_varint(blob, size, &at, &dy) || !load_varint(blob, size, &at, &last))
                return -1;
            gt = (int64_t)((uint64_t)gt + (uint64_t)unzigzag(dt));
            gx = (int64_t)((uint64_t)gx + (uint64_t)unzigzag(dx));
            gy = (int64_t)((uint64_t)gy + (uint64_t)unzigzag(dy));
            if ((magnitude(gt) | magnitude(gx) | magnitude(gy)) >= (UINT64_C(1) << 53)) return -1;
            t = (double)gt / 1e6;
            x = (double)gx / 1e3;
            y = (double)gy / 1e3;
            phase = (unsigned)(last & 3);
            touches = (long long)(last >> 2);
        } else {
            if (size - at < 26) return -1;
            t = load_double(blob + at);
            x = load_double(blob + at + 8);
            y = load_double(blob + at + 16);
            phase = blob[at + 24];
            if (phase > 3) return -1;
            at += 25;
            uint64_t raw;
            if (!load_varint(blob, size, &at, &raw)) return -1;
            touches = (long long)raw;
        }
        if (!ended) {
            switch (phase) {
            case 0: /* down */
            case 1: /* move */
                position(&pan, index, x, y, touches);
                uikit_sample(&pan, index, t, y);
                break;
            case 2: /* up: docs/model.md §4.1, one away from the previous place moved first */
                if (index > 0 && (x != previous_x || y != previous_y)) position(&pan, index, x, y, touches);
                lift(&pan, index > 0 ? t - previous_t : 0, threshold, out);
                ended = 1;
                break;
            default: /* cancel */
                cancel(&pan, out);
                ended = 1;
                break;
            }
        }
        previous_t = t;
        previous_x = x;
        previous_y = y;
    }
    if (at != size) return -1;
    /* A trace that ends without up or cancel ends as a system cancel. */
    if (!ended) cancel(&pan, out);
    return 0;
}
