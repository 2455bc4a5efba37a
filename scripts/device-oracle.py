#!/usr/bin/env python3
"""Independent check of `export actions` and `export xcuitest` (docs/device.md).

Written from the rules of docs/device.md alone: rebuilds every trace's W3C
actions, its straight drag (speed, hold) and both re-simulations with
scripts/oracle.py's simulation, and compares them with pantrace's output.

    pantrace export traces > t.jsonl
    pantrace export actions --set decision=velocity > a.jsonl
    pantrace export xcuitest --set decision=velocity > T.swift
    python3 scripts/device-oracle.py t.jsonl a.jsonl T.swift decision=velocity

Prints each disagreement, `bad N of M`, and per family the traces, the
faithful actions and the faithful drags. Exit status 1 on a disagreement.
"""
import sys, json, math, re, os
import importlib.util
spec = importlib.util.spec_from_file_location("oracle", os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle.py"))
oracle = importlib.util.module_from_spec(spec); spec.loader.exec_module(oracle)

def rnd(t):
    v = t * 1000.0
    return int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1)

def actions_of(samples):
    acts = []
    s0 = samples[0]
    acts.append({"type": "pointerMove", "duration": 0, "x": s0["x"], "y": s0["y"], "origin": "viewport"})
    acts.append({"type": "pointerDown", "button": 0})
    for i in range(1, len(samples)):
        s, p = samples[i], samples[i-1]
        d = rnd(s["t"]) - rnd(p["t"])
        if s["phase"] == "move":
            acts.append({"type": "pointerMove", "duration": d, "x": s["x"], "y": s["y"], "origin": "viewport"})
        elif s["phase"] == "up":
            if (s["x"], s["y"]) != (p["x"], p["y"]):
                acts.append({"type": "pointerMove", "duration": d, "x": s["x"], "y": s["y"], "origin": "viewport"})
            elif d != 0:
                acts.append({"type": "pause", "duration": d})
            acts.append({"type": "pointerUp", "button": 0})
        else:
            acts.append({"type": "pause", "duration": d})
            acts.append({"type": "pointerCancel"})
    return acts

def sim(tr, samples, cfg):
    trace = {"width": tr["width"], "height": tr["height"], "scroll_offset": tr.get("scrollOffset", 0), "scroll_content": tr.get("scrollContent", 0)}
    ss = [{"seq": i, "t": s["t"], "x": s["x"], "y": s["y"], "phase": s["phase"], "touches": s.get("touches", 1)} for i, s in enumerate(samples)]
    return oracle.simulate(trace, ss, cfg)

def drag(tr, cfg, v):
    S = tr["samples"]
    first = S[0]; release = first; last_move_t = first["t"]; hold = 0.0; cancels = False
    for i in range(1, len(S)):
        s, p = S[i], S[i-1]
        if s["phase"] == "move":
            release = s; last_move_t = s["t"]
        elif s["phase"] == "up":
            if (s["x"], s["y"]) != (p["x"], p["y"]): release = s
            else: hold = s["t"] - last_move_t
        else: cancels = True
    dx = release["x"] - first["x"]; dy = release["y"] - first["y"]
    L = math.hypot(dx, dy)
    axis = oracle.INTERACTIONS[cfg["interaction"]][0]
    dq = abs(dx if axis == "x" else dy)
    if v != 0 and dq != 0 and L != 0: Sp = max(1, abs(v) * L / dq)
    else: Sp = max(1, L / max(release["t"] - first["t"], 0.001))
    hold = 0 if cancels else hold
    te = 0.05 + L / Sp
    out = [{"t": 0, "x": first["x"], "y": first["y"], "phase": "down", "touches": first.get("touches", 1)}]
    if L > 0:
        k = 1
        while 0.05 + k/120 < te - 1e-6:
            t = 0.05 + k/120; f = Sp*(t-0.05)/L
            out.append({"t": t, "x": first["x"]+dx*f, "y": first["y"]+dy*f, "phase": "move", "touches": 1}); k += 1
        out.append({"t": te, "x": release["x"], "y": release["y"], "phase": "move", "touches": 1})
    out.append({"t": te + hold, "x": release["x"], "y": release["y"], "phase": "cancel" if cancels else "up", "touches": 1})
    return (first, release, Sp, hold, out)

def main():
    traces_path, actions_path, swift_path = sys.argv[1:4]
    sets = sys.argv[4:]
    cfg = oracle.make_config(dict(oracle.parse_set(s) for s in sets))
    traces = [json.loads(l) for l in open(traces_path) if l.strip()]
    got = {}
    for l in open(actions_path):
        o = json.loads(l); got[o["trace"]] = o
    swift = open(swift_path).read()
    bad = 0; fa = fx = 0
    fam = {}
    for tr in traces:
        g = got[tr["name"]]
        acts = actions_of(tr["samples"])
        if g["actions"][0]["actions"] != acts:
            bad += 1; print("actions differ", tr["name"])
        orig = sim(tr, tr["samples"], cfg)
        rs = [dict(s, t=rnd(s["t"])/1000.0, touches=1) for s in tr["samples"]]
        perf = sim(tr, rs, cfg)
        faithful = orig["decision"] == perf["decision"]
        if faithful != g["faithful"]:
            bad += 1; print("actions faithful differ", tr["name"], faithful, g["faithful"])
        first, release, Sp, hold, ds = drag(tr, cfg, orig["velocity"])
        dperf = sim(tr, ds, cfg)
        dfaith = orig["decision"] == dperf["decision"]
        f = (tr.get("meta") or {}).get("family", "?")
        c = fam.setdefault(f, [0, 0, 0]); c[0] += 1; c[1] += faithful; c[2] += dfaith
        # find the test in swift
        idx = swift.find("    // " + tr["name"] + "\n")
        if idx < 0: bad += 1; print("no test", tr["name"]); continue
        block = swift[idx: swift.find("\n    }\n", idx)]
        fl = "// faithful: true" in block
        if fl != dfaith:
            bad += 1; print("drag faithful differ", tr["name"], dfaith, fl, orig["decision"], dperf["decision"])
        m = re.search(r"XCUIGestureVelocity\(([^)]*)\)", block); sp = float(m.group(1))
        if abs(sp - Sp) > 1e-9 * max(1, Sp): bad += 1; print("speed", tr["name"], sp, Sp)
        m = re.search(r"thenHoldForDuration: ([^)]*)\)", block); h = float(m.group(1))
        if abs(h - hold) > 1e-12: bad += 1; print("hold", tr["name"], h, hold)
    print("bad", bad, "of", len(traces))
    print("family traces actionsFaithful dragFaithful")
    for f in sorted(fam): print(f, *fam[f])
    tot = [sum(c[i] for c in fam.values()) for i in range(3)]
    print("total", *tot)
    return 1 if bad else 0

sys.exit(main())
