#!/usr/bin/env python3
"""Independent second implementation of pantrace's simulation rules (docs/model.md §4).

Written from the written rules alone (docs/model.md §3–§4, docs/configs.md,
docs/sqlite.md), without reading the Swift simulation code, so that a
misreading of the rules on either side shows up as a disagreement.

    python3 scripts/oracle.py --db pantrace.sqlite            # every result
    python3 scripts/oracle.py --db pantrace.sqlite --run 3    # one run
    python3 scripts/oracle.py --spec-examples                 # docs/model.md §4.9, §4.10
    python3 scripts/oracle.py --self-test                     # the §4.10 helpers
    python3 scripts/oracle.py --from traces.jsonl --set decision=velocity
                                                              # print outcomes
    python3 scripts/oracle.py --peer-impulse ../shared/fixtures/peer-velocity/android.jsonl
                                            # impulse vs Android's expectations

For every result it loads the trace, its samples (ordered by seq) and the
run's config (config.settings), recomputes the outcome and compares every
field of the `decisions` view, and for a trace with detents (docs/model.md
§4.10; `trace.detents`, `trace.start_detent`) the result's `detent` (the
view's column, else `result.detent`) and the view's `start_detent`; a column
an older database lacks reads NULL. Each mismatch is printed as
`run R [config] trace T: field F stored S oracle O`; the last line is
`N passed, M failed` (N = results that agree in every field). Exit status 1
when any result disagrees (or any worked example fails).

Tolerances: floats 1e-9 relative/absolute; velocity 1e-7 relative (1e-6
pt/s absolute); projected 1e-7 relative; tracking_error 1e-6 points. The lsq2
fit is solved exactly in rationals, so the oracle is the reference value;
uikit and impulse are plain double arithmetic, as docs/model.md §4.5 writes them.

A result whose decision differs only because the stored and the oracle's
numbers (both within tolerance) fall on either side of a `>=` comparison --
e.g. a velocity of exactly flickVelocity in real terms, computed as
300.0000000000075 by one side and 299.9999999999998 by the other -- is
printed as `boundary: ...` and counted as agreeing, unless --strict. For a
trace with detents the same holds when the stored velocity, with the oracle's
release height or one a few ulps away, gives the stored target.

Readings of docs/model.md §4.10 where it leaves room (the oracle's, to be
reconciled with the Swift side's docs/spec-readings.md):
- tracking_error with detents is |curve(p) - p| * E with the §4.10 percent
  (§4.8's formula as written), not * H_s * E.
- A trace with detents that is not simulated (notApplicable) or ends with
  decision none rests at its start detent (`detent` = the start's name);
  notApplicable stores no frames.
- `projected` is (H_s - x) / H_s whatever later steps (step, maxSteps,
  guarded) do to the target; a reason set by a rule (flick, reverseFlick,
  step) stays even when the target is the start detent or maxSteps moves it.
- Step compares the projection's target with nearest(h) as anchors; "one
  anchor further" below a_0 or above a_n does not exist: nothing changes.
- maxSteps counts anchors by index (a_0 included); stale compares the
  anchors before guarded, not the reasons.
- `remaining` with v = 0 takes the v >= 0 distance, (h_c - below(h_c)) * E.
- outsideEdge leaves one frame at the down (state failed), as tooManyTouches.

--frames also compares the stored frames (owner, percent, scroll offset after
each position sample) where the run has them (record, replay --frames).

Standard library only (sqlite3, json, math, argparse, fractions).
"""

import argparse
import json
import math
import sqlite3
import sys

# --------------------------------------------------------------------------
# Config (docs/configs.md)

DEFAULTS = {
    "name": "baseline",
    "interaction": "pull-to-dismiss",
    "touchSlop": 10.0,
    "edgeWidth": 0.0,
    "maximumNumberOfTouches": 1,
    "extent": "auto",
    "threshold": 0.4,
    "thresholdUnit": "fraction",
    "decision": "threshold",
    "flickVelocity": 1000.0,
    "flickVelocityUnit": "points",
    "reverseFlick": True,
    "decelerationRate": 0.998,
    "lookahead": 0.3,
    "stepVelocity": 0.0,
    "maxSteps": 0,
    "stepOrigin": "start",
    "dismissible": True,
    "scrollExpands": False,
    "velocityEstimator": "uikit",
    "scrollGating": "offsetAtBegin",
    "lockScroll": False,
    "guarded": False,
    "duration": 0.4,
    "completionSpeed": 1.0,
    "curve": "linear",
}

# interaction -> (axis, sign)
INTERACTIONS = {
    "pull-to-dismiss": ("y", 1.0),
    "swipe-back": ("x", 1.0),
    "pull-up-present": ("y", -1.0),
}

# cubic Beziers from (0,0) to (1,1): (x1, y1, x2, y2); None = linear
CURVES = {
    "linear": None,
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInOut": (0.42, 0.0, 0.58, 1.0),
}

TIME_TOLERANCE = 1e-9  # docs/model.md §4.5: lsq2 age and gap comparisons
LSQ2_MAX_AGE = 0.100
LSQ2_MAX_GAP = 0.040
LSQ2_MAX_SAMPLES = 20


def make_config(settings=None, stored=False):
    cfg = dict(DEFAULTS)
    if stored:
        # docs/configs.md: a stored config without the key was made when lsq2 was the default
        cfg["velocityEstimator"] = "lsq2"
    for key, value in (settings or {}).items():
        if key not in DEFAULTS:
            raise ValueError("unknown config key %r" % key)
        cfg[key] = value
    return cfg


def parse_set(text):
    """key=value as on pantrace's command line (for --from mode)."""
    key, _, raw = text.partition("=")
    if key not in DEFAULTS:
        raise ValueError("unknown config key %r" % key)
    default = DEFAULTS[key]
    if isinstance(default, bool):
        return key, raw == "true"
    if key == "extent" and raw == "auto":
        return key, "auto"
    if key == "maxSteps":
        return key, int(float(raw))
    if isinstance(default, (int, float)) or key == "extent":
        return key, float(raw)
    return key, raw


# --------------------------------------------------------------------------
# Curves (docs/model.md §4.8)

def bezier_value(curve, p):
    """curve(p): the y of the cubic Bezier at the parameter where x == p."""
    if curve is None:
        return p
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    x1, y1, x2, y2 = curve

    def bx(s):
        u = 1.0 - s
        return 3.0 * u * u * s * x1 + 3.0 * u * s * s * x2 + s * s * s

    def by(s):
        u = 1.0 - s
        return 3.0 * u * u * s * y1 + 3.0 * u * s * s * y2 + s * s * s

    # x(s) is monotone on [0, 1] (x1, x2 in [0, 1]): bisection to the last bit.
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if bx(mid) < p:
            lo = mid
        else:
            hi = mid
    # pick the closer end
    s = lo if abs(bx(lo) - p) <= abs(bx(hi) - p) else hi
    return by(s)


# --------------------------------------------------------------------------
# Velocity (docs/model.md §4.5)

def velocity_last_segment(pos):
    """pos: list of (t, q) position samples, oldest first."""
    if not pos:
        return 0.0
    tn, qn = pos[-1]
    for t, q in reversed(pos[:-1]):
        if t < tn:
            return (qn - q) / (tn - t)
    return 0.0


def lsq2_window(pos):
    """The lsq2 window, newest first: [(t, q), ...]."""
    tn, _ = pos[-1]
    kept = [pos[-1]]
    prev_t = tn
    for t, q in reversed(pos[:-1]):
        if len(kept) >= LSQ2_MAX_SAMPLES:
            break
        age = tn - t
        gap = prev_t - t
        if age > LSQ2_MAX_AGE + TIME_TOLERANCE or gap > LSQ2_MAX_GAP + TIME_TOLERANCE:
            break
        kept.append((t, q))
        prev_t = t
    return kept


def velocity_uikit(moves):
    """moves: (t, q) of the down and the move samples only, oldest first
    (docs/model.md §4.5 uikit: never an up, even one that moved)."""
    if not moves:
        return 0.0
    t_last, q_last = moves[0]
    segments = []  # velocities, oldest first
    for t, q in moves[1:]:
        dt = t - t_last
        if dt > 0:
            segments.append((q - q_last) / dt if dt >= 0.001 else 0.0)
        q_last, t_last = q, t
    if not segments:
        return 0.0
    if len(segments) == 1:
        return segments[-1]
    return 0.2 * segments[-1] + 0.8 * segments[-2]


def velocity_impulse(pos):
    """docs/model.md §4.5 impulse on the lsq2 window w_0 (newest) ... w_{m-1}."""
    if not pos:
        return 0.0
    w = lsq2_window(pos)
    m = len(w)
    if m < 2:
        return 0.0
    if m == 2:
        (t0, q0), (t1, q1) = w
        return 0.0 if t0 == t1 else (q0 - q1) / (t0 - t1)

    def K(W):
        if W == 0:
            return 0.0
        return math.copysign(math.sqrt(2.0 * abs(W)), W)

    W = 0.0
    for i in range(m - 1, 0, -1):
        t_i, q_i = w[i]
        t_p, q_p = w[i - 1]
        if t_i == t_p:
            continue
        v = (q_p - q_i) / (t_p - t_i)
        W = W + (v - K(W)) * abs(v)
        if i == m - 1:
            W = W / 2.0
    return K(W)


def velocity_lsq2(pos):
    if not pos:
        return 0.0
    tn, _ = pos[-1]
    kept = lsq2_window(pos)
    if len(kept) < 3:
        return 0.0
    if len(set(t for t, _ in kept)) < 3:
        return 0.0
    # Unweighted least squares q = a + b tau + c tau^2, tau = t_i - t_n,
    # solved exactly (the reference; no conditioning issues). Every double is
    # a dyadic rational, so one power of two D turns every tau and q into an
    # integer (T = tau D, Q = q D); fitting Q = A + B T + C T^2 gives B = b.
    # Cramer's rule on the integer normal equations, and int / int, which
    # Python rounds correctly: the same double as exact rational elimination.
    taus = [t - tn for t, _ in kept]
    ratios = [x.as_integer_ratio() for x in taus] + [q.as_integer_ratio() for _, q in kept]
    scale = max(den for _, den in ratios)
    ints = [num * (scale // den) for num, den in ratios]
    T, Q = ints[:len(taus)], ints[len(taus):]
    s = [sum(t ** k for t in T) for k in range(5)]          # sums of T^k, k = 0..4
    r = [sum(q * t ** k for t, q in zip(T, Q)) for k in range(3)]  # sums of Q T^k, k = 0..2

    def det3(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    normal = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    with_rhs = [[s[0], r[0], s[2]], [s[1], r[1], s[3]], [s[2], r[2], s[4]]]
    return det3(with_rhs) / det3(normal)


# --------------------------------------------------------------------------
# Decision and settling at a lift (docs/model.md §4.6, §4.7)

def decide_unguarded(p, v, E, cfg):
    """(decision, reason, projected) for a lift after the transition
    started, with percent p and velocity v, before guarded (docs/model.md §4.6)."""
    threshold = cfg["threshold"]
    T = threshold if cfg["thresholdUnit"] == "fraction" else threshold / E
    rule = cfg["decision"]

    def by_threshold():
        return ("finish", "threshold") if p >= T else ("cancel", "belowThreshold")

    if rule == "threshold":
        return by_threshold() + (None,)
    if rule == "velocity":
        unit = cfg["flickVelocityUnit"]
        flick = cfg["flickVelocity"]
        if unit == "extents":
            flick = flick * E
        elif unit == "remaining":
            flick = flick * (1.0 - p) * E
        if v >= flick:
            return "finish", "flick", None
        if cfg["reverseFlick"] and v <= -flick:
            return "cancel", "reverseFlick", None
        return by_threshold() + (None,)
    if rule == "lookahead":
        projected = p + v * cfg["lookahead"] / E
    else:  # projection
        r = cfg["decelerationRate"]
        projected = p + (v / 1000.0 * r / (1.0 - r)) / E
    if projected >= T:
        return "finish", "projection", projected
    return "cancel", "belowThreshold", projected


def decide(p, v, E, cfg):
    """(decision, reason, attempted, projected) for a lift after the
    transition started, with percent p and velocity v."""
    decision, reason, projected = decide_unguarded(p, v, E, cfg)
    attempted = 0
    if cfg["guarded"] and decision == "finish":
        decision, reason, attempted = "cancel", "guarded", 1
    return decision, reason, attempted, projected


def settle_time(decision, p, cfg):
    if decision == "finish":
        return (1.0 - p) * cfg["duration"] / cfg["completionSpeed"]
    if decision == "cancel":
        return p * cfg["duration"] / cfg["completionSpeed"]
    return 0.0


# --------------------------------------------------------------------------
# Detents (docs/model.md §4.10). Anchors are a list of heights in increasing
# order, anchors[0] == 0.0 (dismissed); every helper returns an index into it.

def detent_anchors(detents, dismissible=True):
    """detents: {name: height}. Returns (anchors, names): anchors[0] = 0.0,
    names[0] = None (dismissed), the rest by increasing height; with
    dismissible false (docs/model.md §4.10) the detents alone."""
    pairs = sorted((float(h), name) for name, h in detents.items())
    if not dismissible:
        return [h for h, _ in pairs], [name for _, name in pairs]
    return [0.0] + [h for h, _ in pairs], [None] + [name for _, name in pairs]


def is_dismissal(target, cfg):
    """a_0 is dismissal only for a dismissible sheet."""
    return target == 0 and cfg["dismissible"]


def from_release(h, v, a, hs, x, E, threshold, unit):
    """docs/model.md §4.10 "From the release": (index, from, to, progress)."""
    n = len(a) - 1
    down = v > 0 or (v == 0 and h < hs)
    if down:
        ge = [i for i in range(n + 1) if a[i] >= h]
        frm = ge[0] if ge else n
        to = frm - 1 if frm > 0 else frm
        gain = max(0.0, a[frm] - x)
    else:
        le = [i for i in range(n + 1) if a[i] <= h]
        frm = le[-1] if le else 0
        to = frm + 1 if frm < n else frm
        gain = max(0.0, x - a[frm])
    if to == frm:
        return frm, frm, to, 0.0
    progress = gain * E if unit == "points" else gain / abs(a[frm] - a[to])
    return (to if progress > threshold else frm), frm, to, progress


def below(a, x):
    """The largest anchor < x, else a_0."""
    best = 0
    for i, h in enumerate(a):
        if h < x:
            best = i
    return best


def above(a, x):
    """The smallest anchor > x, else a_n."""
    for i, h in enumerate(a):
        if h > x:
            return i
    return len(a) - 1


def nearest(a, x):
    """The anchor nearest to x; a tie goes to the taller (later, >=)."""
    best = 0
    for i, h in enumerate(a):
        if abs(x - h) <= abs(x - a[best]):
            best = i
    return best


def positional_detail(a, x, hs, E, threshold, unit):
    """docs/model.md §4.10 positional(x) for the start height hs:
    (index, from, to, progress); from, to and progress are None outside
    (a_0, a_n)."""
    n = len(a) - 1
    if x >= a[n]:
        return n, None, None, None
    if x <= a[0]:
        return 0, None, None, None
    i = max(k for k in range(n) if a[k] <= x)  # a_i <= x < a_{i+1}
    frm, to = (i + 1, i) if hs >= a[i + 1] else (i, i + 1)
    if unit == "points":
        progress = abs(x - a[frm]) * E
    else:
        progress = abs(x - a[frm]) / (a[i + 1] - a[i])
    return (to if progress >= threshold else frm), frm, to, progress


def positional(a, x, hs, E, threshold, unit):
    return positional_detail(a, x, hs, E, threshold, unit)[0]


def detent_steps(h, v, a, hs, E, cfg):
    """The target at a lift up to maxSteps, before guarded (docs/model.md §4.10):
    (index, reason or None, projected or None)."""
    n = len(a) - 1
    start = a.index(hs)
    rule = cfg["decision"]
    threshold, unit = cfg["threshold"], cfg["thresholdUnit"]
    reason = None
    projected = None
    if rule == "threshold":
        target = positional(a, h, hs, E, threshold, unit)
    elif rule == "velocity":
        hc = min(max(h, a[0]), a[n])
        flick = cfg["flickVelocity"]
        fu = cfg["flickVelocityUnit"]
        if fu == "extents":
            flick = flick * E
        elif fu == "remaining":
            # the distance to the next anchor the velocity heads for
            dist = (hc - a[below(a, hc)]) * E if v >= 0 else (a[above(a, hc)] - hc) * E
            flick = flick * dist
        if v >= flick:
            target, reason = below(a, hc), "flick"
        elif cfg["reverseFlick"] and v <= -flick:
            target, reason = above(a, hc), "reverseFlick"
        else:
            target = positional(a, h, hs, E, threshold, unit)
    else:
        if rule == "lookahead":
            x = h - v * cfg["lookahead"] / E
        else:  # projection
            r = cfg["decelerationRate"]
            x = h - (v / 1000.0 * r / (1.0 - r)) / E
        projected = (hs - x) / hs
        if cfg["stepOrigin"] == "release":
            # replaces positional, Step and At most
            return from_release(h, v, a, hs, x, E, threshold, unit)[0], None, projected
        target = positional(a, x, hs, E, threshold, unit)
        step = cfg["stepVelocity"]
        if step > 0 and abs(v) >= step:
            k = nearest(a, h)
            if target == k:
                if v > 0 and h < a[k] and k > 0:
                    target, reason = k - 1, "step"
                elif v < 0 and h > a[k] and k < n:
                    target, reason = k + 1, "step"
    most = int(cfg["maxSteps"])
    if most > 0 and abs(target - start) > most:
        target = start + (most if target > start else -most)
    return target, reason, projected


def detent_decide(h, v, a, hs, E, cfg):
    """(target index, reason, attempted, projected) at a lift: detent_steps,
    then guarded, then the default reason."""
    target, reason, projected = detent_steps(h, v, a, hs, E, cfg)
    attempted = 0
    if cfg["guarded"] and is_dismissal(target, cfg):
        target, reason, attempted = 1, "guarded", 1
    if reason is None:
        if target == a.index(hs):
            reason = "belowThreshold"
        elif cfg["decision"] in ("threshold", "velocity"):
            reason = "threshold"
        else:
            reason = "projection"
    return target, reason, attempted, projected


def detent_settle(h, target_height, a, hs, cfg):
    """|clamp(h, 0, a_n) - target| * duration / completionSpeed."""
    hc = min(max(h, 0.0), a[-1])
    return abs(hc - target_height) * cfg["duration"] / cfg["completionSpeed"]


# --------------------------------------------------------------------------
# Simulation (docs/model.md §4)

def not_applicable(start_name):
    """docs/model.md §4.10: a trace with detents under another interaction than
    pull-to-dismiss is not simulated (before every rule of §4.2)."""
    return {"began_seq": None, "start_seq": None, "attempted": 0,
            "projected": None, "velocity": 0.0, "rest": 0.0, "stale": 0,
            "frames": [], "decision": "none", "reason": "notApplicable",
            "percent": 0.0, "peak_percent": 0.0, "settle": 0.0,
            "overscroll": 0.0, "tracking_error": 0.0, "detent": start_name,
            "start_detent": start_name}


def simulate(trace, samples, cfg):
    """trace: dict width, height, scroll_offset, scroll_content, and for a
    sheet with detents `detents` ({name: height}) and `start_detent` (a name;
    None: the tallest). samples: list of dicts seq, t, x, y, phase, touches
    (in order). Returns the fields of the decisions view (plus frames; plus
    `detent` for a trace with detents)."""
    detents = trace.get("detents")
    if detents:
        anchors, names = detent_anchors(detents, cfg["dismissible"])
        start_name = trace.get("start_detent") or names[-1]
        hs = float(detents[start_name])
        if cfg["interaction"] != "pull-to-dismiss":
            return not_applicable(start_name)
    axis, sign = INTERACTIONS[cfg["interaction"]]
    length = trace["height"] if axis == "y" else trace["width"]
    extent = cfg["extent"]
    E = float(extent) if not isinstance(extent, str) else float(length)
    has_scroll = trace["scroll_content"] > 0
    m = max(0.0, trace["scroll_content"] - length)
    # without a scroll view scrollOffset means nothing (frames show 0)
    o = float(trace["scroll_offset"]) if has_scroll else 0.0
    gating = cfg["scrollGating"] if has_scroll else "none"
    lock = bool(cfg["lockScroll"])
    curve = CURVES[cfg["curve"]]
    slop = float(cfg["touchSlop"])
    max_touches = cfg["maximumNumberOfTouches"]
    edge = float(cfg["edgeWidth"])

    def outside_edge(s):
        """docs/model.md §4.2 edgeWidth: a down away from the edge the pan starts at."""
        if edge <= 0:
            return False
        if cfg["interaction"] == "swipe-back":
            return s["x"] > edge
        if cfg["interaction"] == "pull-up-present":
            return trace["height"] - s["y"] > edge
        return False

    def q_of(s):
        return sign * (s["y"] if axis == "y" else s["x"])

    state = "possible"      # possible | began | failed
    owner = "none"          # none | transition | scroll
    simultaneous = False    # offsetAtBegin, o <= 0, not lockScroll
    began_seq = None
    start_seq = None
    origin = 0.0
    percent = 0.0
    peak = 0.0
    overscroll = 0.0
    tracking = 0.0
    travel = 0.0            # detents: T, the drag from the origin, no reset
    pos = []                # (t, q) of every position sample
    moves = []              # (t, q) of the down and the moves (uikit)
    prev_q = None
    down = samples[0]
    outcome = None          # (decision, reason, at_lift)
    frames = []

    def take(p):
        nonlocal peak, tracking
        if p > peak:
            peak = p
        if curve is not None:
            err = abs(bezier_value(curve, p) - p) * E
            if err > tracking:
                tracking = err

    def detent_percent(T):
        """docs/model.md §4.10: clamp(T / (H_s E), 0, 1)."""
        return min(max(T / (hs * E), 0.0), 1.0)

    def start_transition(s, q, o_prime=None):
        nonlocal owner, start_seq, origin, percent, simultaneous, overscroll, travel
        owner = "transition"
        start_seq = s["seq"]
        if o_prime is None:
            origin = q
            percent = 0.0
            travel = 0.0
        else:
            origin = q + o_prime
            percent = min(1.0, -o_prime / E)
            travel = -o_prime
        if detents:
            percent = detent_percent(travel)
        take(percent)

    for idx, s in enumerate(samples):
        phase = s["phase"]
        if phase in ("down", "move"):
            is_position = True
        elif phase == "up":
            prev = samples[idx - 1]
            is_position = (s["x"], s["y"]) != (prev["x"], prev["y"])
        else:
            is_position = False

        if is_position:
            q = q_of(s)
            dq = 0.0 if prev_q is None else q - prev_q
            prev_q = q
            pos.append((s["t"], q))
            if phase != "up":
                moves.append((s["t"], q))
            if state == "possible":
                if s["touches"] > max_touches:
                    state = "failed"
                    outcome = ("none", "tooManyTouches", False)
                    frames.append((s["seq"], "failed", "none", 0.0, o))
                    break
                if phase == "down" and outside_edge(s):
                    state = "failed"
                    outcome = ("none", "outsideEdge", False)
                    frames.append((s["seq"], "failed", "none", 0.0, o))
                    break
                if phase != "down":
                    dist = math.hypot(s["x"] - down["x"], s["y"] - down["y"])
                    if dist >= slop:
                        state = "began"
                        began_seq = s["seq"]
                        if (detents and cfg["scrollExpands"] and has_scroll
                                and hs < anchors[-1] and q < q_of(down)):
                            # docs/model.md §4.3 scrollExpands: expands first, list held
                            start_transition(s, q)
                        elif gating == "none" or o <= 0:
                            if gating == "offsetAtBegin" and not lock:
                                simultaneous = True
                                overscroll = max(0.0, -o)
                            start_transition(s, q)
                        else:
                            owner = "scroll"
                        frames.append((s["seq"], "began", owner, percent, o))
                if state == "possible":
                    frames.append((s["seq"], "possible", "none", 0.0, o))
            else:  # began
                if owner == "transition":
                    if simultaneous:
                        o = min(o - dq, m)
                        overscroll = max(overscroll, -o)
                    T = q - origin
                    if detents:
                        travel = T  # no reset: dragging up is allowed
                        percent = detent_percent(T)
                    elif T < 0:
                        origin = q
                    else:
                        percent = min(1.0, T / E)
                    take(percent)
                elif owner == "scroll":
                    if gating == "offsetAtBegin":
                        o = min(max(o - dq, 0.0), m)
                    else:  # handoff
                        o_prime = o - dq
                        if o_prime >= 0:
                            o = min(o_prime, m)
                        else:
                            o = 0.0
                            start_transition(s, q, o_prime)
                frames.append((s["seq"], "changed", owner, percent, o))

        if phase in ("up", "cancel"):
            if state == "possible":
                outcome = ("none", "neverBegan", False)
            elif owner != "transition":
                outcome = ("none", "scrollOwned", False)
            elif phase == "cancel":
                outcome = ("cancel", "cancelled", False)
            else:
                outcome = (None, None, True)
            break

    decision, reason, at_lift = outcome
    result = {
        "began_seq": began_seq,
        "start_seq": start_seq,
        "attempted": 0,
        "projected": None,
        "velocity": 0.0,
        "rest": 0.0,
        "stale": 0,
        "frames": frames,
    }
    if detents:
        result["detent"] = start_name
        result["start_detent"] = start_name
    if decision == "none":
        result.update(decision="none", reason=reason, percent=0.0,
                      peak_percent=0.0, settle=0.0, overscroll=0.0,
                      tracking_error=0.0)
        return result

    p = percent
    if detents:
        return finish_detents(result, samples, at_lift, pos, moves, travel, p,
                              peak, overscroll, tracking, E, anchors, names,
                              hs, cfg)
    if at_lift:
        v = release_velocity(pos, moves, cfg)
        result["velocity"] = v
        decision, reason, attempted, projected = decide(p, v, E, cfg)
        result["attempted"] = attempted
        result["projected"] = projected
        # docs/model.md §4.6 rest and stale velocity: since the last down or move
        rest = rest_before_lift(samples)
        result["rest"] = rest
        if rest >= 0.05 - 1e-9:
            moving = decide_unguarded(p, v, E, cfg)[0] == "finish"
            resting = decide_unguarded(p, 0.0, E, cfg)[0] == "finish"
            result["stale"] = 1 if moving != resting else 0
    settle = settle_time(decision, p, cfg)
    result.update(decision=decision, reason=reason, percent=p,
                  peak_percent=peak, settle=settle, overscroll=overscroll,
                  tracking_error=tracking, extent=E)
    return result


def release_velocity(pos, moves, cfg):
    """docs/model.md §4.5 under the config's estimator."""
    estimator = cfg["velocityEstimator"]
    if estimator == "lastSegment":
        return velocity_last_segment(pos)
    if estimator == "uikit":
        return velocity_uikit(moves)
    if estimator == "impulse":
        return velocity_impulse(pos)
    return velocity_lsq2(pos)


def rest_before_lift(samples):
    """docs/model.md §4.6: the time from the last down or move to the up."""
    up = next(i for i, x in enumerate(samples) if x["phase"] == "up")
    return samples[up]["t"] - samples[up - 1]["t"] if up > 0 else 0.0


def finish_detents(result, samples, at_lift, pos, moves, travel, p, peak,
                   overscroll, tracking, E, anchors, names, hs, cfg):
    """The end of a trace with detents whose transition started (docs/model.md
    §4.10): a lift decides the target; a cancel goes back to the start."""
    h = hs - travel / E  # not clamped
    start = anchors.index(hs)
    if at_lift:
        v = release_velocity(pos, moves, cfg)
        target, reason, attempted, projected = detent_decide(h, v, anchors, hs, E, cfg)
        rest = rest_before_lift(samples)
        stale = 0
        if rest >= 0.05 - 1e-9:
            moving = detent_steps(h, v, anchors, hs, E, cfg)[0]
            resting = detent_steps(h, 0.0, anchors, hs, E, cfg)[0]
            stale = 1 if moving != resting else 0
        result.update(velocity=v, attempted=attempted, projected=projected,
                      rest=rest, stale=stale)
    else:  # cancel sample: cancelled, back to the start
        target, reason = start, "cancelled"
    result.update(decision="finish" if is_dismissal(target, cfg) else "cancel", reason=reason,
                  detent=names[target], percent=p, peak_percent=peak,
                  settle=detent_settle(h, anchors[target], anchors, hs, cfg),
                  overscroll=overscroll, tracking_error=tracking, extent=E,
                  height=h, target=target, anchors=anchors, names=names,
                  start_height=hs)
    return result


# --------------------------------------------------------------------------
# Comparison

FIELDS = ["decision", "reason", "percent", "peak_percent", "velocity",
          "projected", "settle", "overscroll", "tracking_error", "attempted",
          "began_seq", "start_seq"]


def close(a, b, rel, abs_):
    return abs(a - b) <= max(abs_, rel * max(abs(a), abs(b)))


def field_agrees(field, stored, oracle):
    if field in ("decision", "reason", "attempted", "began_seq", "start_seq", "stale",
                 "detent", "start_detent"):
        return stored == oracle
    if stored is None or oracle is None:
        return stored is None and oracle is None
    stored = float(stored)
    if field == "velocity":
        return close(stored, oracle, 1e-7, 1e-6)
    if field == "tracking_error":
        return close(stored, oracle, 0.0, 1e-6)
    if field == "projected":
        # follows the velocity (1e-7 relative) through r/(1-r)/1000/E
        return close(stored, oracle, 1e-7, 1e-9)
    return close(stored, oracle, 1e-9, 1e-9)


def is_boundary(row, out, bad, cfg):
    """True when only the decision-derived fields differ, the stored percent
    and velocity agree with the oracle's, and the decision rule applied to the
    stored numbers gives the stored outcome."""
    if not all(isinstance(f, str) for f in bad):
        return False
    if not set(bad) <= {"decision", "reason", "attempted", "projected", "settle"}:
        return False
    if "decision" not in bad and "reason" not in bad:
        return False
    if out["decision"] == "none" or out["reason"] == "cancelled" or row["decision"] == "none":
        return False
    d, r, a, pr = decide(float(row["percent"]), float(row["velocity"]), out["extent"], cfg)
    if (d, r, a) != (row["decision"], row["reason"], row["attempted"]):
        return False
    if not field_agrees("projected", row["projected"], pr):
        return False
    return field_agrees("settle", row["settle"], settle_time(d, float(row["percent"]), cfg))


def is_detent_boundary(row, out, bad, cfg):
    """is_boundary for a trace with detents (docs/model.md §4.10): the stored
    velocity (within tolerance of the oracle's) and the oracle's release height,
    or that height a few ulps either way, give the stored target, reason,
    attempted, projected and settle."""
    if not all(isinstance(f, str) for f in bad):
        return False
    if not set(bad) <= {"decision", "reason", "attempted", "projected", "settle", "detent"}:
        return False
    if not set(bad) & {"decision", "reason", "detent"}:
        return False
    if "target" not in out or out["reason"] == "cancelled" or row["decision"] == "none":
        return False
    if row["reason"] == "cancelled":
        return False
    a, names, hs = out["anchors"], out["names"], out["start_height"]
    E = out["extent"]
    v = float(row["velocity"])
    heights = [out["height"]]
    for direction in (math.inf, -math.inf):
        h = out["height"]
        for _ in range(4):
            h = math.nextafter(h, direction)
            heights.append(h)
    for h in heights:
        t, reason, attempted, projected = detent_decide(h, v, a, hs, E, cfg)
        if ("finish" if is_dismissal(t, cfg) else "cancel", reason, attempted, names[t]) != (
                row["decision"], row["reason"], row["attempted"], row["detent"]):
            continue
        if not field_agrees("projected", row["projected"], projected):
            continue
        if field_agrees("settle", row["settle"], detent_settle(h, a[t], a, hs, cfg)):
            return True
    return False


def compare_frames(db, result_id, oracle_frames):
    """Frames (docs/model.md §2 / schema `frame`): owner, percent and scroll offset
    after each position sample, compared where both sides have a frame (the
    oracle stops at a failed pan). Returns (seq, column, stored, oracle)."""
    stored = {r[0]: r[1:] for r in db.execute(
        "SELECT seq, owner, percent, scroll_offset FROM frame WHERE result_id = ?",
        (result_id,))}
    if not stored:
        return []
    bad = []
    for seq, _state, owner, percent, offset in oracle_frames:
        if seq not in stored:
            bad.append((seq, "missing", None, (owner, percent, offset)))
            continue
        s_owner, s_percent, s_offset = stored[seq]
        if s_owner != owner:
            bad.append((seq, "owner", s_owner, owner))
        if not close(s_percent, percent, 1e-9, 1e-9):
            bad.append((seq, "percent", s_percent, percent))
        if not close(s_offset, offset, 1e-9, 1e-9):
            bad.append((seq, "scroll_offset", s_offset, offset))
    return bad


def check_db(path, run_filter, strict=False, frames=False):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    db.row_factory = sqlite3.Row
    runs = db.execute(
        "SELECT run.id, config.name, config.settings FROM run "
        "JOIN config ON config.id = run.config_id ORDER BY run.id").fetchall()
    if run_filter is not None:
        runs = [r for r in runs if r["id"] in run_filter]
        if not runs:
            print("no such run", file=sys.stderr)
            return 2
    trace_cache = {}

    def columns(table):
        return {r[1] for r in db.execute("PRAGMA table_info(%s)" % table)}

    # Detents (docs/model.md §4.10) arrived later: an older database has none
    # of these columns, and every one it lacks reads NULL.
    trace_cols = columns("trace")
    detent_cols = ", ".join(
        c if c in trace_cols else "NULL AS %s" % c for c in ("detents", "start_detent"))
    result_detent = ("result.detent AS result_detent" if "detent" in columns("result")
                     else "NULL AS result_detent")

    def load_trace(trace_id):
        if trace_id not in trace_cache:
            t = db.execute("SELECT name, width, height, scroll_offset, scroll_content, %s "
                           "FROM trace WHERE id = ?" % detent_cols, (trace_id,)).fetchone()
            rows = db.execute("SELECT seq, t, x, y, phase, touches FROM sample "
                              "WHERE trace_id = ? ORDER BY seq", (trace_id,)).fetchall()
            t = dict(t)
            t["detents"] = json.loads(t["detents"]) if t["detents"] is not None else None
            trace_cache[trace_id] = (t, [dict(r) for r in rows])
        return trace_cache[trace_id]

    passed = failed = 0
    for run in runs:
        cfg = make_config(json.loads(run["settings"]), stored=True)
        rp = rf = rb = 0
        rows = db.execute(
            "SELECT d.*, result.trace_id AS trace_id, %s FROM decisions d "
            "JOIN result ON result.id = d.result WHERE d.run = ? ORDER BY d.result"
            % result_detent, (run["id"],)).fetchall()
        for row in rows:
            trace, samples = load_trace(row["trace_id"])
            out = simulate(trace, samples, cfg)
            row = dict(row)
            # the result's detent: the view's column, else result.detent, else NULL
            if "detent" not in row:
                row["detent"] = row["result_detent"]
            fields = FIELDS + [x for x in ("rest", "stale", "start_detent") if x in row] + ["detent"]
            bad = [f for f in fields if not field_agrees(f, row[f], out.get(f))]
            if frames:
                bad += compare_frames(db, row["result"], out["frames"])
            boundary = is_detent_boundary if trace["detents"] else is_boundary
            if bad and boundary(row, out, bad, cfg):
                # the stored percent and velocity agree within tolerance and
                # the stored decision is what docs/model.md §4.6 gives for them: the two
                # values straddle a >= comparison by a rounding error.
                rb += 1
                print("boundary: run %d [%s] trace %s: stored %s/%s (v=%r p=%r) oracle %s/%s (v=%r p=%r)"
                      % (run["id"], run["name"], row["trace"], row["decision"], row["reason"],
                         row["velocity"], row["percent"], out["decision"], out["reason"],
                         out["velocity"], out["percent"]))
                bad = [] if not strict else bad
            if bad:
                rf += 1
                for f in bad:
                    if isinstance(f, tuple):  # frame mismatch
                        print("run %d [%s] trace %s: frame %d %s stored %r oracle %r"
                              % ((run["id"], run["name"], row["trace"]) + f))
                    else:
                        print("run %d [%s] trace %s: field %s stored %r oracle %r"
                              % (run["id"], run["name"], row["trace"], f, row[f], out[f]))
            else:
                rp += 1
        print("run %d [%s]: %d agree, %d disagree%s" % (
            run["id"], run["name"], rp, rf,
            " (%d at a decision boundary)" % rb if rb else ""))
        passed += rp
        failed += rf
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


# --------------------------------------------------------------------------
# docs/model.md §4.9 worked examples, built from their descriptions

def _trace(width, height, points, scroll_offset=0.0, scroll_content=0.0):
    """points: list of (t, x, y); down first, moves, then an up at the last
    move's place and time."""
    samples = []
    for i, (t, x, y) in enumerate(points):
        samples.append({"seq": i, "t": t, "x": x, "y": y,
                        "phase": "down" if i == 0 else "move", "touches": 1})
    t, x, y = points[-1]
    samples.append({"seq": len(points), "t": t, "x": x, "y": y, "phase": "up", "touches": 1})
    return ({"width": width, "height": height, "scroll_offset": scroll_offset,
             "scroll_content": scroll_content}, samples)


def spec_examples():
    checks = []  # (label, ok, detail)

    def expect(label, out, **want):
        bad = []
        for k, (v, tol) in want.items():
            got = out[k]
            if isinstance(v, str) or v is None or isinstance(v, int) and tol is None:
                ok = got == v
            else:
                ok = got is not None and abs(got - v) <= tol
            if not ok:
                bad.append("%s=%r (expected %r)" % (k, got, v))
        checks.append((label, not bad, "; ".join(bad)))

    X = lambda v: (v, None)  # exact

    # 1. Down at y=100, moves every 1/60 s by 400/60 pt to y=500, up at y=500.
    pts = [(i / 60.0, 200.0, 100.0 + i * 400.0 / 60.0) for i in range(61)]
    tr1 = _trace(400.0, 800.0, pts)
    out = simulate(*tr1, make_config())
    expect("1", out, began_seq=X(2), start_seq=X(2), decision=X("finish"),
           reason=X("threshold"), percent=(0.48333, 5e-6), settle=(0.20667, 5e-6),
           velocity=(400.0, 1e-6))
    checks.append(("1 origin", abs(pts[2][2] - 113.33) < 5e-3, "O = %r" % pts[2][2]))

    # 2. Down at y=100, ten moves of 10 pt every 8 ms, up at the last place.
    pts = [(i * 0.008, 200.0, 100.0 + 10.0 * i) for i in range(11)]
    tr2 = _trace(400.0, 800.0, pts)
    out = simulate(*tr2, make_config())
    expect("2 threshold", out, decision=X("cancel"), reason=X("belowThreshold"),
           percent=(0.1125, 1e-12), velocity=(1250.0, 1e-6), projected=X(None))
    out = simulate(*tr2, make_config({"decision": "velocity"}))
    expect("2 velocity", out, decision=X("finish"), reason=X("flick"),
           velocity=(1250.0, 1e-6))
    out = simulate(*tr2, make_config({"decision": "projection"}))
    expect("2 projection", out, decision=X("finish"), reason=X("projection"),
           projected=(0.89219, 5e-6))

    # 3. scrollOffset 50, scrollContent 2000, down at y=100, moves of 5 pt
    # every 1/60 s to y=400, up there.
    pts = [(i / 60.0, 200.0, 100.0 + 5.0 * i) for i in range(61)]
    tr3 = _trace(400.0, 800.0, pts, 50.0, 2000.0)
    out = simulate(*tr3, make_config())
    expect("3 offsetAtBegin", out, decision=X("none"), reason=X("scrollOwned"),
           percent=(0.0, 0.0), start_seq=X(None))
    out = simulate(*tr3, make_config({"scrollGating": "handoff"}))
    expect("3 handoff", out, start_seq=X(13), percent=(0.3, 1e-12),
           decision=X("cancel"), reason=X("belowThreshold"))
    # the origin at 160: the first percent is 5/800
    first = [f for f in out["frames"] if f[0] == 13]
    checks.append(("3 handoff origin", bool(first) and abs(first[0][3] - 5 / 800) < 1e-12,
                   "frame 13 = %r" % (first,)))
    reached = [f for f in out["frames"] if f[0] == 12]
    checks.append(("3 handoff top at y=160", bool(reached) and reached[0][4] == 0.0
                   and reached[0][2] == "scroll", "frame 12 = %r" % (reached,)))
    tr3b = _trace(400.0, 800.0, pts, 0.0, 2000.0)
    out = simulate(*tr3b, make_config())
    expect("3 offset 0", out, percent=(0.3625, 1e-12), overscroll=(290.0, 1e-9))
    out = simulate(*tr3b, make_config({"curve": "easeOut"}))
    expect("3 offset 0 easeOut", out, tracking_error=(130.07, 5e-3))

    # 4. Example 2 under the rules of docs/model.md §4.6 added later.
    out = simulate(*tr2, make_config({"decision": "lookahead"}))
    expect("4 lookahead", out, decision=X("finish"), reason=X("projection"),
           projected=(0.58125, 1e-9))
    out = simulate(*tr2, make_config({"threshold": 56.0, "thresholdUnit": "points"}))
    expect("4 points", out, decision=X("finish"), reason=X("threshold"))
    out = simulate(*tr2, make_config({"decision": "velocity", "flickVelocity": 2.0,
                                      "flickVelocityUnit": "extents"}))
    expect("4 extents", out, decision=X("cancel"), reason=X("belowThreshold"))
    out = simulate(*tr2, make_config({"decision": "velocity", "flickVelocity": 5.5,
                                      "flickVelocityUnit": "remaining"}))
    expect("4 remaining", out, decision=X("cancel"), reason=X("belowThreshold"))

    # 5. Example 2 with the up 0.2 s after the last move, at the same place.
    tr5 = _trace(400.0, 800.0, [(i * 0.008, 200.0, 100.0 + 10.0 * i) for i in range(11)])
    tr5[1][-1]["t"] += 0.2
    out = simulate(*tr5, make_config({"decision": "velocity"}))
    expect("5 velocity", out, decision=X("finish"), reason=X("flick"), rest=(0.2, 1e-12), stale=X(1))
    out = simulate(*tr5, make_config())
    expect("5 threshold", out, decision=X("cancel"), rest=(0.2, 1e-12), stale=X(0))

    # 6. docs/model.md §4.10: example 2's samples on a sheet with detents
    # medium 0.5 and large 1.0, starting at large (release T 90, velocity 1250).
    tr6 = _trace(400.0, 800.0, [(i * 0.008, 200.0, 100.0 + 10.0 * i) for i in range(11)])
    tr6[0].update(detents={"medium": 0.5, "large": 1.0}, start_detent="large")
    out = simulate(*tr6, make_config())
    expect("6 threshold", out, height=(0.8875, 1e-12), percent=(0.1125, 1e-12),
           velocity=(1250.0, 1e-6), decision=X("cancel"), reason=X("belowThreshold"),
           detent=X("large"), projected=X(None))
    checks.append(("6 release T 90", abs((1.0 - out["height"]) * 800.0 - 90.0) < 1e-9,
                   "T = %r" % ((1.0 - out["height"]) * 800.0)))
    a6 = [0.0, 0.5, 1.0]
    _, frm, _, progress = positional_detail(a6, out["height"], 1.0, 800.0, 0.4, "fraction")
    checks.append(("6 threshold segment", frm == 2 and abs(progress - 0.225) < 1e-12,
                   "from a_%r progress %r" % (frm, progress)))
    out = simulate(*tr6, make_config({"decision": "velocity"}))
    expect("6 velocity", out, decision=X("cancel"), reason=X("flick"), detent=X("medium"))
    checks.append(("6 below(0.8875)", below(a6, 0.8875) == 1, "below = %r" % below(a6, 0.8875)))
    out = simulate(*tr6, make_config({"decision": "projection"}))
    expect("6 projection", out, decision=X("finish"), reason=X("projection"),
           detent=X(None), projected=(0.89219, 5e-6))
    x = 1.0 - out["projected"] * 1.0  # projected = (H_s - x) / H_s
    _, frm, _, progress = positional_detail(a6, x, 1.0, 800.0, 0.4, "fraction")
    checks.append(("6 projection 623.75/800", abs((0.8875 - x) * 800.0 - 623.75) < 1e-9,
                   "h - x = %r/800" % ((0.8875 - x) * 800.0)))
    # the spec states 5 decimals: half a unit of the last (5e-6) and float noise
    checks.append(("6 projection x", abs(x - 0.10781) < 5e-6 and frm == 1
                   and abs(progress - 0.78438) <= 6e-6,
                   "x %r from a_%r progress %r" % (x, frm, progress)))
    out = simulate(*tr6, make_config({"decision": "projection", "maxSteps": 1}))
    expect("6 projection maxSteps 1", out, decision=X("cancel"), reason=X("projection"),
           detent=X("medium"), projected=(0.89219, 5e-6))
    uikit_sheet = {"decision": "projection", "decelerationRate": 0.99, "threshold": 0.5,
                   "stepVelocity": 1000.0}
    out = simulate(*tr6, make_config(uikit_sheet))
    expect("6 uikit-sheet", out, decision=X("cancel"), reason=X("projection"),
           detent=X("medium"))
    x = 1.0 - out["projected"]
    checks.append(("6 uikit-sheet 123.75/800", abs((0.8875 - x) * 800.0 - 123.75) < 1e-9,
                   "h - x = %r/800" % ((0.8875 - x) * 800.0)))
    _, frm, _, progress = positional_detail(a6, x, 1.0, 800.0, 0.5, "fraction")
    checks.append(("6 uikit-sheet x", abs(x - 0.73281) < 5e-6 and frm == 2
                   and abs(progress - 0.53438) <= 6e-6 and nearest(a6, 0.8875) == 2,
                   "x %r from a_%r progress %r nearest a_%r"
                   % (x, frm, progress, nearest(a6, 0.8875))))
    # 7. docs/model.md §4.10, from the release: tip 0.25, medium 0.5, large 1.0,
    # start large, released at T 600 (h 0.25) moving up at v -100 (uikit:
    # two segments of -12.5 pt in 0.125 s), under floatingpanel-states.
    tr7 = _trace(400.0, 800.0, [(0.0, 200.0, 100.0), (0.0625, 200.0, 110.0), (0.5, 200.0, 735.0),
                                (0.625, 200.0, 722.5), (0.75, 200.0, 710.0)])
    tr7[0].update(detents={"tip": 0.25, "medium": 0.5, "large": 1.0}, start_detent="large")
    fp_states = {"decision": "projection", "decelerationRate": 0.998, "threshold": 0.5,
                 "stepOrigin": "release", "dismissible": False, "scrollExpands": True}
    out = simulate(*tr7, make_config(fp_states))
    expect("7 floatingpanel-states", out, height=(0.25, 1e-12), velocity=(-100.0, 1e-9),
           projected=(0.687625, 1e-12), decision=X("cancel"), reason=X("projection"),
           detent=X("tip"), settle=(0.0, 1e-12))
    a7 = [0.25, 0.5, 1.0]
    _, frm, to, progress = from_release(0.25, -100.0, a7, 1.0, 0.312375, 800.0, 0.5, "fraction")
    checks.append(("7 from the release", frm == 0 and to == 1 and abs(progress - 0.2495) < 1e-12,
                   "from a_%r to a_%r progress %r" % (frm, to, progress)))
    out = simulate(*tr7, make_config(dict(fp_states, stepOrigin="start", maxSteps=1)))
    expect("7 stepOrigin start maxSteps 1", out, decision=X("cancel"), reason=X("projection"),
           detent=X("medium"), projected=(0.687625, 1e-12))
    _, frm, _, progress = positional_detail(a7, 0.312375, 1.0, 800.0, 0.5, "fraction")
    checks.append(("7 positional(0.312375)", frm == 1 and abs(progress - 0.7505) < 1e-12,
                   "from a_%r progress %r" % (frm, progress)))

    # not applicable under another interaction: before every rule of §4.2
    for interaction in ("swipe-back", "pull-up-present"):
        out = simulate(*tr6, make_config({"interaction": interaction}))
        expect("6 %s" % interaction, out, decision=X("none"), reason=X("notApplicable"),
               began_seq=X(None), start_seq=X(None), percent=(0.0, 0.0),
               peak_percent=(0.0, 0.0), velocity=(0.0, 0.0), settle=(0.0, 0.0),
               overscroll=(0.0, 0.0), tracking_error=(0.0, 0.0), rest=(0.0, 0.0),
               stale=X(0), attempted=X(0), projected=X(None), detent=X("large"))

    # docs/model.md §4.2 edgeWidth: swipe-back fails at a down with x > edgeWidth,
    # pull-up-present at one with height - y > edgeWidth; checked after
    # tooManyTouches; pull-to-dismiss ignores it.
    def swipe(x0, touches=1):
        # ten moves of 20 pt along x every 8 ms
        tr = _trace(400.0, 800.0, [(i * 0.008, x0 + 20.0 * i, 300.0) for i in range(11)])
        tr[1][0]["touches"] = touches
        return tr
    back = {"interaction": "swipe-back", "edgeWidth": 20.0}
    out = simulate(*swipe(30.0), make_config(back))
    expect("edge swipe-back x 30 > 20", out, decision=X("none"), reason=X("outsideEdge"),
           began_seq=X(None), start_seq=X(None), percent=(0.0, 0.0))
    # x = 20 is not outside: it begins at the first move (20 pt >= 10), origin
    # 40, release at 220: percent 180/400 = 0.45 >= 0.4
    out = simulate(*swipe(20.0), make_config(back))
    expect("edge swipe-back x 20 = edge", out, decision=X("finish"), reason=X("threshold"),
           began_seq=X(1), percent=(0.45, 1e-12))
    out = simulate(*swipe(300.0, touches=2), make_config(back))
    expect("edge tooManyTouches first", out, decision=X("none"), reason=X("tooManyTouches"))
    out = simulate(*swipe(300.0), make_config({"interaction": "swipe-back"}))
    expect("edge 0 = anywhere", out, decision=X("finish"), began_seq=X(1))

    def pull_up(y0):
        # ten moves of 20 pt up every 8 ms
        return _trace(400.0, 800.0, [(i * 0.008, 200.0, y0 - 20.0 * i) for i in range(11)])
    up = {"interaction": "pull-up-present", "edgeWidth": 50.0}
    out = simulate(*pull_up(740.0), make_config(up))  # 800 - 740 = 60 > 50
    expect("edge pull-up 60 > 50", out, decision=X("none"), reason=X("outsideEdge"),
           began_seq=X(None))
    out = simulate(*pull_up(760.0), make_config(up))  # 800 - 760 = 40 <= 50
    # begins at the first move, origin -740, release at y 560: 180/800 = 0.225
    expect("edge pull-up 40 <= 50", out, decision=X("cancel"), reason=X("belowThreshold"),
           began_seq=X(1), percent=(0.225, 1e-12))
    out = simulate(*tr2, make_config({"edgeWidth": 20.0}))  # down at x 200
    expect("edge pull-to-dismiss ignores it", out, decision=X("cancel"),
           reason=X("belowThreshold"), percent=(0.1125, 1e-12))

    failed = 0
    for label, ok, detail in checks:
        print("example %s: %s%s" % (label, "pass" if ok else "FAIL",
                                     "" if ok else " — " + detail))
        failed += not ok
    print("%d passed, %d failed" % (len(checks) - failed, failed))
    return 1 if failed else 0


# --------------------------------------------------------------------------
# Self-test of the §4.10 helpers: every expected value below is derived by
# hand from docs/model.md §4.10's formulas (the derivation is in the comment
# beside it), never copied from the oracle's output.

def self_test():
    checks = []  # (label, ok, detail)
    E = 800.0
    A2 = [0.0, 0.5, 1.0]          # medium 0.5, large 1.0
    A3 = [0.0, 0.25, 0.5, 1.0]    # small 0.25, medium 0.5, large 1.0
    N2 = [None, "medium", "large"]
    N3 = [None, "small", "medium", "large"]

    def eq(label, got, want):
        checks.append((label, got == want, "got %r, expected %r" % (got, want)))

    def near(label, got, want, tol=1e-12):
        ok = got is not None and abs(got - want) <= tol
        checks.append((label, ok, "got %r, expected %r" % (got, want)))

    def cfg(**kw):
        return make_config(kw)

    def target(h, v, a, hs, names, **kw):
        """(decision, detent, reason, attempted) of detent_decide."""
        t, reason, attempted, _ = detent_decide(h, v, a, hs, E, cfg(**kw))
        return ("finish" if t == 0 else "cancel", names[t], reason, attempted)

    # below / above: strict, with a_0 and a_n when there is none.
    eq("below(0.5) = 0: the largest anchor < 0.5", below(A2, 0.5), 0)
    eq("below(0) = a_0: none < 0", below(A2, 0.0), 0)
    eq("below(1.2) = 1.0", below(A2, 1.2), 2)
    eq("above(0.5) = 1.0", above(A2, 0.5), 2)
    eq("above(1.0) = a_n: none > 1.0", above(A2, 1.0), 2)
    eq("above(-0.1) = a_0", above(A2, -0.1), 0)

    # nearest: a tie goes to the taller.
    # 0.25: |0.25 - 0| = |0.25 - 0.5| = 0.25 -> the taller, 0.5.
    eq("nearest(0.25) tie -> 0.5", nearest(A2, 0.25), 1)
    # 0.75: |0.75 - 0.5| = |0.75 - 1.0| = 0.25 -> 1.0.
    eq("nearest(0.75) tie -> 1.0", nearest(A2, 0.75), 2)
    # 0.7: 0.2 from 0.5, 0.3 from 1.0.
    eq("nearest(0.7) -> 0.5", nearest(A2, 0.7), 1)
    eq("nearest(1.3) -> 1.0", nearest(A2, 1.3), 2)
    eq("nearest(-0.2) -> 0", nearest(A2, -0.2), 0)
    # 0.125 in A3: |0.125 - 0| = |0.125 - 0.25| -> 0.25.
    eq("nearest(0.125) tie in A3 -> 0.25", nearest(A3, 0.125), 1)

    # positional with threshold 0.5: an exact midpoint goes away from the start.
    # Start 1.0, x 0.75 in [0.5, 1.0], from 1.0: progress 0.25 / 0.5 = 0.5 >= 0.5 -> 0.5.
    eq("positional(0.75) from large, midpoint -> medium",
       positional(A2, 0.75, 1.0, E, 0.5, "fraction"), 1)
    # Start 0.5, x 0.75: H_s 0.5 < a_{i+1} 1.0, so from is a_i 0.5:
    # progress 0.25 / 0.5 = 0.5 -> to, 1.0.
    eq("positional(0.75) from medium, midpoint -> large",
       positional(A2, 0.75, 0.5, E, 0.5, "fraction"), 2)
    # Start 0.5, x 0.25 in [0, 0.5]: from 0.5, progress 0.25 / 0.5 = 0.5 -> 0.
    eq("positional(0.25) from medium, midpoint -> dismissed",
       positional(A2, 0.25, 0.5, E, 0.5, "fraction"), 0)
    # A3, start 1.0, x 0.375 in [0.25, 0.5]: from 0.5, 0.125 / 0.25 = 0.5 -> 0.25.
    eq("positional(0.375) in A3 midpoint -> small",
       positional(A3, 0.375, 1.0, E, 0.5, "fraction"), 1)
    # Just short of the midpoint: 0.76 -> progress 0.24 / 0.5 = 0.48 < 0.5 -> from.
    eq("positional(0.76) from large -> large", positional(A2, 0.76, 1.0, E, 0.5, "fraction"), 2)
    # Outside (a_0, a_n): the ends.
    eq("positional(1.2) -> a_n", positional(A2, 1.2, 1.0, E, 0.4, "fraction"), 2)
    eq("positional(-0.1) -> a_0", positional(A2, -0.1, 1.0, E, 0.4, "fraction"), 0)
    # points: progress |x - from| * E against threshold 56 (points).
    # x 0.875: 0.125 * 800 = 100 >= 56 -> medium; x 0.9375: 0.0625 * 800 = 50 < 56 -> large.
    eq("positional points 100 >= 56", positional(A2, 0.875, 1.0, E, 56.0, "points"), 1)
    eq("positional points 50 < 56", positional(A2, 0.9375, 1.0, E, 56.0, "points"), 2)

    # Step (projection, decelerationRate 0.99, threshold 0.5, stepVelocity 100), start large.
    # h 0.9, v 100: x = 0.9 - (100/1000 * 0.99/0.01)/800 = 0.9 - 9.9/800 = 0.887625;
    # from 1.0, progress 0.112375 / 0.5 = 0.22475 < 0.5 -> 1.0 = nearest(0.9)
    # (0.1 from 1.0, 0.4 from 0.5); v > 0 and 0.9 < 1.0: one further down -> medium.
    step = dict(decision="projection", decelerationRate=0.99, threshold=0.5, stepVelocity=100.0)
    eq("step down one anchor", target(0.9, 100.0, A2, 1.0, N2, **step),
       ("cancel", "medium", "step", 0))
    _, _, proj = detent_steps(0.9, 100.0, A2, 1.0, E, cfg(**step))
    near("step projected (1 - 0.887625) / 1", proj, 0.112375)
    # v 99 < stepVelocity: x = 0.9 - 9.801/800 = 0.88774875 -> 1.0, the start.
    eq("no step below stepVelocity", target(0.9, 99.0, A2, 1.0, N2, **step),
       ("cancel", "large", "belowThreshold", 0))
    # h 1.05 (above large), v 100: x = 1.037625 >= a_n -> 1.0 = nearest(1.05), but
    # the finger is above it, not past it downwards: no step.
    eq("no step when not past the anchor", target(1.05, 100.0, A2, 1.0, N2, **step),
       ("cancel", "large", "belowThreshold", 0))
    # Upwards from medium: h 0.55, v -100: x = 0.55 + 0.012375 = 0.562375, from 0.5,
    # progress 0.12475 < 0.5 -> 0.5 = nearest(0.55); v < 0 and 0.55 > 0.5 -> large.
    eq("step up one anchor", target(0.55, -100.0, A2, 0.5, N2, **step),
       ("cancel", "large", "step", 0))
    # h -0.1, v 100: x < 0 -> a_0 = nearest(-0.1); no anchor below a_0: unchanged.
    eq("no step below dismissed", target(-0.1, 100.0, A2, 1.0, N2, **step),
       ("finish", None, "projection", 0))
    # Step is read by projection and lookahead only: velocity rule (1000 pt/s),
    # h 0.9 v 100: no flick, positional(0.9) from 1.0, 0.1/0.5 = 0.2 < 0.5 -> large.
    eq("step ignored by velocity", target(0.9, 100.0, A2, 1.0, N2, decision="velocity",
                                          threshold=0.5, stepVelocity=100.0),
       ("cancel", "large", "belowThreshold", 0))

    # maxSteps, counting dismissal as an anchor. A3 from large (index 3), h 0.1,
    # threshold 0.4: in [0, 0.25] from 0.25, progress 0.15 / 0.25 = 0.6 >= 0.4 -> a_0,
    # 3 anchors away. maxSteps 2 -> index 1 (small); 1 -> medium; 3 -> dismissed.
    eq("A3 dismissed", target(0.1, 0.0, A3, 1.0, N3), ("finish", None, "threshold", 0))
    eq("maxSteps 3 keeps dismissal", target(0.1, 0.0, A3, 1.0, N3, maxSteps=3),
       ("finish", None, "threshold", 0))
    eq("maxSteps 2 -> small", target(0.1, 0.0, A3, 1.0, N3, maxSteps=2),
       ("cancel", "small", "threshold", 0))
    eq("maxSteps 1 -> medium", target(0.1, 0.0, A3, 1.0, N3, maxSteps=1),
       ("cancel", "medium", "threshold", 0))
    # Upwards: from small (index 1), h 1.2 >= a_n -> large (2 away); maxSteps 1 -> medium.
    eq("maxSteps 1 upwards -> medium", target(1.2, 0.0, A3, 0.25, N3, maxSteps=1),
       ("cancel", "medium", "threshold", 0))
    # The reason stays: a flick from large at h 0.8875, v 1250 >= 1000 -> below = 0.5
    # in A2 (one step): maxSteps 1 leaves it; in A3 below(0.8875) = 0.5 too.
    eq("maxSteps keeps flick", target(0.8875, 1250.0, A2, 1.0, N2, decision="velocity",
                                      maxSteps=1), ("cancel", "medium", "flick", 0))

    # guarded: a target of a_0 becomes a_1 (reason guarded, attempted 1).
    # A3 h 0.1 -> a_0 (above) -> a_1 = small, not the start's neighbour.
    eq("guarded A3 -> small", target(0.1, 0.0, A3, 1.0, N3, guarded=True),
       ("cancel", "small", "guarded", 1))
    # Example 6's projection (x 0.10781 -> a_0) guarded -> medium.
    eq("guarded A2 -> medium", target(0.8875, 1250.0, A2, 1.0, N2, decision="projection",
                                      guarded=True), ("cancel", "medium", "guarded", 1))
    # guarded leaves a detent target alone: the flick to medium.
    eq("guarded leaves a flick", target(0.8875, 1250.0, A2, 1.0, N2, decision="velocity",
                                        guarded=True), ("cancel", "medium", "flick", 0))
    # maxSteps before guarded: maxSteps 2 turns A3's dismissal into small; guarded not applied.
    eq("maxSteps before guarded", target(0.1, 0.0, A3, 1.0, N3, maxSteps=2, guarded=True),
       ("cancel", "small", "threshold", 0))

    # remaining (flickVelocity 5.5): the distance to the next anchor the velocity
    # heads for. h 0.875 from large: v >= 0 -> (0.875 - below 0.5) * 800 = 300,
    # F = 1650; v < 0 -> (above 1.0 - 0.875) * 800 = 100, F = 550.
    rem = dict(decision="velocity", flickVelocity=5.5, flickVelocityUnit="remaining")
    eq("remaining v 1650 >= 1650 -> flick", target(0.875, 1650.0, A2, 1.0, N2, **rem),
       ("cancel", "medium", "flick", 0))
    # v 1649 < 1650: positional(0.875) from 1.0, 0.125 / 0.5 = 0.25 < 0.4 -> large.
    eq("remaining v 1649 -> positional", target(0.875, 1649.0, A2, 1.0, N2, **rem),
       ("cancel", "large", "belowThreshold", 0))
    eq("remaining v -550 <= -550 -> reverseFlick", target(0.875, -550.0, A2, 1.0, N2, **rem),
       ("cancel", "large", "reverseFlick", 0))
    eq("remaining v -549 -> positional", target(0.875, -549.0, A2, 1.0, N2, **rem),
       ("cancel", "large", "belowThreshold", 0))
    # From medium at h 0.375 (dragged down 100 pt): v >= 0 -> (0.375 - 0) * 800 = 300,
    # F = 1650 -> a_0; v < 0 -> (0.5 - 0.375) * 800 = 100, F = 550 -> above = medium.
    eq("remaining from medium v 1650 -> dismissed", target(0.375, 1650.0, A2, 0.5, N2, **rem),
       ("finish", None, "flick", 0))
    eq("remaining from medium v -550 -> medium", target(0.375, -550.0, A2, 0.5, N2, **rem),
       ("cancel", "medium", "reverseFlick", 0))
    # extents: F = 2 * 800 = 1600; v 1600 at h 0.875 -> below = medium.
    eq("extents F 1600", target(0.875, 1600.0, A2, 1.0, N2, decision="velocity",
                                flickVelocity=2.0, flickVelocityUnit="extents"),
       ("cancel", "medium", "flick", 0))

    # A sheet dragged above its tallest detent: h_c clamps to a_n for the flick
    # and the settle, positional(h) takes the raw height.
    # From large at h 1.1, reverse flick: above(h_c = 1.0) = a_n = large.
    eq("above tallest reverseFlick -> large", target(1.1, -1250.0, A2, 1.0, N2,
                                                      decision="velocity"),
       ("cancel", "large", "reverseFlick", 0))
    # Flick down from h 1.1: below(h_c = 1.0) = 0.5 -> medium.
    eq("above tallest flick -> medium", target(1.1, 1250.0, A2, 1.0, N2, decision="velocity"),
       ("cancel", "medium", "flick", 0))
    # Settle from h 1.1 at large: |min(1.1, 1.0) - 1.0| / 1.0 * 0.4 = 0.
    near("above tallest settle 0", detent_settle(1.1, 1.0, A2, 1.0, cfg()), 0.0, 0.0)
    # Settle from h -0.2 dismissed: |max(-0.2, 0) - 0| = 0.
    near("below 0 settle 0", detent_settle(-0.2, 0.0, A2, 1.0, cfg()), 0.0, 0.0)
    # Settle from h 0.375 (start medium) back to medium: 0.125 * 0.4 = 0.05
    # (the whole extent in duration, wherever the sheet starts).
    near("settle over the extent", detent_settle(0.375, 0.5, A2, 0.5, cfg()), 0.05)

    # lookahead (0.3 s) on example 6: x = 0.8875 - 1250 * 0.3 / 800 = 0.41875,
    # in [0, 0.5] from 0.5, progress 0.08125 / 0.5 = 0.1625 < 0.4 -> medium;
    # projected = (1 - 0.41875) / 1 = 0.58125.
    eq("lookahead example 6 -> medium", target(0.8875, 1250.0, A2, 1.0, N2,
                                               decision="lookahead"),
       ("cancel", "medium", "projection", 0))
    near("lookahead projected", detent_steps(0.8875, 1250.0, A2, 1.0, E,
                                             cfg(decision="lookahead"))[2], 0.58125, 1e-12)

    # Whole traces ------------------------------------------------------------
    def detent_trace(points, detents, start, up_phase="up", rest=0.0, **kw):
        tr = _trace(400.0, 800.0, points, **kw)
        tr[0].update(detents=detents, start_detent=start)
        tr[1][-1]["phase"] = up_phase
        tr[1][-1]["t"] += rest
        return tr

    D2 = {"medium": 0.5, "large": 1.0}
    ex2 = [(i * 0.008, 200.0, 100.0 + 10.0 * i) for i in range(11)]

    def expect(label, out, **want):
        for k, v in want.items():
            got = out.get(k)
            if isinstance(v, float):
                near("%s %s" % (label, k), got, v, 1e-9)
            else:
                eq("%s %s" % (label, k), got, v)

    # A sheet at medium dragged up above large: down y 500, 25 moves of -20 pt
    # every 16 ms to y 0, up there. Begins at the first move (20 >= 10), origin
    # 480; T = 0 - 480 = -480, h = 0.5 + 480/800 = 1.1; percent clamp(-480/400) = 0
    # (peak 0). threshold: h >= a_n -> large, reason threshold (not the start);
    # settle |1.0 - 1.0| = 0. uikit velocity: every segment -20/0.016 = -1250.
    up = [(i * 0.016, 200.0, 500.0 - 20.0 * i) for i in range(26)]
    trU = detent_trace(up, D2, "medium")
    out = simulate(*trU, make_config())
    expect("drag above tallest", out, height=1.1, percent=0.0, peak_percent=0.0,
           decision="cancel", detent="large", reason="threshold", settle=0.0,
           velocity=-1250.0, began_seq=1, start_seq=1)
    # projection: x = 1.1 + 623.75/800 = 1.8796875, projected (0.5 - 1.8796875)/0.5
    # = -2.759375 (unclamped) -> large.
    out = simulate(*trU, make_config({"decision": "projection"}))
    expect("drag above tallest projection", out, detent="large", reason="projection",
           projected=-2.759375)

    # Example 6's samples ending in a cancel: cancel/cancelled at the start
    # detent, settle |0.8875 - 1.0| / 1 * 0.4 = 0.045, velocity 0.
    out = simulate(*detent_trace(ex2, D2, "large", "cancel"), make_config({"decision": "velocity"}))
    expect("cancel sample", out, decision="cancel", reason="cancelled", detent="large",
           settle=0.045, velocity=0.0, rest=0.0, stale=0, projected=None)

    # Stale: example 6 with the up 0.2 s after the last move (rest 0.2).
    # velocity: with v 1250 -> medium; with v 0 -> positional(0.8875) = large: stale 1.
    trR = detent_trace(ex2, D2, "large", rest=0.2)
    out = simulate(*trR, make_config({"decision": "velocity"}))
    expect("rest velocity", out, detent="medium", reason="flick", rest=0.2, stale=1)
    # threshold reads no velocity: stale 0.
    out = simulate(*trR, make_config())
    expect("rest threshold", out, detent="large", stale=0)
    # projection + guarded: with v -> a_0, with v 0 -> x = h -> large: stale 1
    # (both before guarded), and the result is guarded at medium.
    out = simulate(*trR, make_config({"decision": "projection", "guarded": True}))
    expect("rest projection guarded", out, decision="cancel", detent="medium",
           reason="guarded", attempted=1, stale=1)
    # From medium (T 90: h = 0.5 - 0.1125 = 0.3875): with v 1250, projection
    # x = 0.3875 - 0.7796875 < 0 -> a_0, guarded -> medium; with v 0, x = h, from
    # 0.5, progress 0.1125/0.5 = 0.225 < 0.4 -> medium. Before guarded the two
    # differ (a_0, medium): stale 1, though both results rest at medium.
    trM = detent_trace(ex2, D2, "medium", rest=0.2)
    out = simulate(*trM, make_config({"decision": "projection", "guarded": True}))
    expect("rest guarded from medium", out, decision="cancel", detent="medium",
           reason="guarded", attempted=1, stale=1, height=0.3875)
    # No rest: stale 0 whatever the rule.
    out = simulate(*detent_trace(ex2, D2, "large"), make_config({"decision": "velocity"}))
    expect("no rest", out, stale=0, rest=0.0)

    # Hand-off from medium: example 3's samples (scrollOffset 50): the transition
    # starts at y 165 with origin 160: T = 5, first percent 5 / (0.5 * 800) =
    # 0.0125. At y 400 T = 240: h = 0.5 - 0.3 = 0.2, percent 240/400 = 0.6;
    # threshold: [0, 0.5] from 0.5, progress 0.3/0.5 = 0.6 >= 0.4 -> dismissed;
    # settle |0.2 - 0| * 0.4 = 0.08.
    ex3 = [(i / 60.0, 200.0, 100.0 + 5.0 * i) for i in range(61)]
    trH = detent_trace(ex3, D2, "medium", scroll_offset=50.0, scroll_content=2000.0)
    out = simulate(*trH, make_config({"scrollGating": "handoff"}))
    first = [f for f in out["frames"] if f[0] == 13]
    near("handoff first percent", first[0][3] if first else None, 0.0125)
    expect("handoff from medium", out, start_seq=13, height=0.2, percent=0.6,
           decision="finish", detent=None, reason="threshold", settle=0.08)

    # Overscroll as §4.3: example 3 with scrollOffset 0 (offsetAtBegin) from large:
    # overscroll 290; T = 400 - 110 = 290, percent 290/800 = 0.3625,
    # h = 0.6375 -> from 1.0, 0.3625/0.5 = 0.725 >= 0.4 -> medium.
    trO = detent_trace(ex3, D2, "large", scroll_content=2000.0)
    out = simulate(*trO, make_config())
    expect("overscroll", out, overscroll=290.0, percent=0.3625, detent="medium",
           reason="threshold")

    # A drag up after a drag down does not reset the origin: down y 100, to
    # y 300 then back to y 50 (10 pt every 16 ms). T = 50 - 110 = -60 (origin at
    # the beginning sample y 110): h = 1 + 60/800 = 1.075, percent 0, peak
    # 190/800 = 0.2375 (y 300).
    back = ([(i * 0.016, 200.0, 100.0 + 10.0 * i) for i in range(21)]
            + [((20 + i) * 0.016, 200.0, 300.0 - 10.0 * i) for i in range(1, 26)])
    out = simulate(*detent_trace(back, D2, "large"), make_config())
    expect("no reset", out, height=1.075, percent=0.0, peak_percent=0.2375,
           detent="large", reason="belowThreshold")

    # Three detents, tooManyTouches and notApplicable keep the start's detent.
    D3 = {"small": 0.25, "medium": 0.5, "large": 1.0}
    tr3 = detent_trace(ex2, D3, "large")
    tr3[1][0]["touches"] = 2
    out = simulate(*tr3, make_config())
    expect("tooManyTouches", out, decision="none", reason="tooManyTouches", detent="large")
    out = simulate(*tr3, make_config({"interaction": "swipe-back"}))
    expect("notApplicable before tooManyTouches", out, reason="notApplicable", detent="large")

    failed = 0
    for label, ok, detail in checks:
        if not ok:
            print("self-test %s: FAIL — %s" % (label, detail))
        failed += not ok
    print("%d passed, %d failed" % (len(checks) - failed, failed))
    return 1 if failed else 0


# --------------------------------------------------------------------------
# JSONL mode (no database): print the oracle's outcome per trace

def run_jsonl(paths, sets):
    cfg = make_config(dict(parse_set(s) for s in sets))
    for path in paths:
        with open(path) as fh:
            for line in fh:
                if not line.strip():
                    continue
                obj = json.loads(line)
                trace = {"width": obj["width"], "height": obj["height"],
                         "scroll_offset": obj.get("scrollOffset", 0),
                         "scroll_content": obj.get("scrollContent", 0),
                         "detents": obj.get("detents"),
                         "start_detent": obj.get("detent")}
                samples = [{"seq": i, "t": s["t"], "x": s["x"], "y": s["y"],
                            "phase": s["phase"], "touches": s.get("touches", 1)}
                           for i, s in enumerate(obj["samples"])]
                out = simulate(trace, samples, cfg)
                out.pop("frames")
                # internals of a result with detents; `height` (the release
                # height h) stays beside `detent` and `start_detent`
                for key in ("anchors", "names", "start_height", "target"):
                    out.pop(key, None)
                print(obj["name"], json.dumps(out, sort_keys=True))
    return 0


# --------------------------------------------------------------------------
# Android's impulse expectations (peer fixture): per-axis relative error

def peer_impulse(path):
    """For each stroke with meta.expected.impulse, the impulse velocity of
    every checked axis (x by swipe-back, y by pull-to-dismiss, -y by
    pull-up-present, slop 0) against Android's expected value; fails an axis
    off by more than 20 % (Android's VELOCITY_TOLERANCE)."""
    worst_all = 0.0
    failed = 0
    axes = 0
    with open(path) as fh:
        for line in fh:
            if not line.strip():
                continue
            obj = json.loads(line)
            expected = obj["meta"].get("expected", {}).get("impulse")
            if not expected:
                continue
            trace = {"width": obj["width"], "height": obj["height"],
                     "scroll_offset": 0, "scroll_content": 0}
            samples = [{"seq": i, "t": s["t"], "x": s["x"], "y": s["y"],
                        "phase": s["phase"], "touches": s.get("touches", 1)}
                       for i, s in enumerate(obj["samples"])]
            worst = 0.0
            checks = []
            if expected.get("vx") is not None:
                checks.append(("vx", "swipe-back", 1.0, expected["vx"]))
            if expected.get("vy") is not None:
                checks.append(("vy", "pull-to-dismiss", 1.0, expected["vy"]))
                checks.append(("-vy", "pull-up-present", -1.0, expected["vy"]))
            for label, interaction, sign, want in checks:
                cfg = make_config({"interaction": interaction, "touchSlop": 0.0,
                                   "velocityEstimator": "impulse"})
                got = sign * simulate(trace, samples, cfg)["velocity"]
                err = abs(got - want) / abs(want)
                worst = max(worst, err)
                axes += label != "-vy"
                if err > 0.2:
                    failed += 1
                    print("%s %s: %r vs %r (%.1f %%)" % (obj["name"], label, got, want, 100 * err))
            worst_all = max(worst_all, worst)
            print("%s: max relative error %.2f %%" % (obj["name"], 100 * worst))
    print("%d axes, %d beyond 20 %%, worst %.2f %%" % (axes, failed, 100 * worst_all))
    return 1 if failed else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", default="pantrace.sqlite", help="pantrace database")
    ap.add_argument("--run", type=int, action="append",
                    help="check only this run (repeatable)")
    ap.add_argument("--strict", action="store_true",
                    help="count decisions that differ only at a >= boundary "
                         "(within the numeric tolerance) as failures")
    ap.add_argument("--frames", action="store_true",
                    help="also compare stored frames (owner, percent, scroll "
                         "offset after each position sample)")
    ap.add_argument("--spec-examples", action="store_true",
                    help="check docs/model.md §4.9's worked examples with synthetic traces")
    ap.add_argument("--self-test", action="store_true",
                    help="check the detent helpers (docs/model.md §4.10) on hand-computed cases")
    ap.add_argument("--from", dest="from_", action="append",
                    help="print the oracle's outcomes for a JSONL file (no database)")
    ap.add_argument("--set", action="append", default=[],
                    help="config override for --from, key=value")
    ap.add_argument("--peer-impulse", metavar="JSONL",
                    help="check impulse against Android's expectations in a "
                         "peer-velocity fixture (meta.expected.impulse)")
    args = ap.parse_args(argv)
    if args.peer_impulse:
        return peer_impulse(args.peer_impulse)
    if args.spec_examples:
        return spec_examples()
    if args.self_test:
        return self_test()
    if args.from_:
        return run_jsonl(args.from_, args.set)
    return check_db(args.db, set(args.run) if args.run else None, args.strict,
                    args.frames)


if __name__ == "__main__":
    sys.exit(main())
