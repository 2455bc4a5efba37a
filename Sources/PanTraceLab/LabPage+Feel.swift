extension LabPage {
    /// How the page feels (docs/lab.md "Feel"): a list that owned the
    /// gesture coasts after the lift and bounces back from its edges, the
    /// view settles leaving with its release velocity, and the message says
    /// what happened in plain words, with the signed velocity and, under a
    /// projecting rule, where the view was heading, coloured by whether it
    /// is what the task meant.
    static let feelScript = #"""
        // The finger's speed along the interaction over its last 100 ms (points per second), for the list's coasting:
        // a finger that rested before lifting has none, as on a phone.
        function fingerVelocity(g) {
          const s = g.samples.filter((x) => x.phase !== "cancel");
          const n = s[s.length - 1];
          let k = null;
          for (let i = s.length - 2; i >= 0 && n.t - s[i].t <= 0.1; i--) if (s[i].t < n.t) k = s[i];
          return k ? (g.pan.q(n) - g.pan.q(k)) / (n.t - k.t) : 0;
        }

        // The list after the lift: a list that owned the gesture coasts with the finger's speed, slowing as
        // UIScrollView's normal deceleration (0.998 a millisecond), and past an edge a spring pulls it back.
        function coast(g) {
          const L = {o: g.pan.shownOffset, v: 0, m: g.pan.m, active: false};
          if (g.pan.hasScroll) {
            const last = g.samples[g.samples.length - 1];
            if (g.pan.scrolling && last.phase === "up") L.v = -fingerVelocity(g);
            L.active = Math.abs(L.v) >= 20 || L.o < 0 || L.o > L.m;
          }
          g.p = g.pan.shown;
          g.list = L;
          animate(g);
          return L;
        }
        function stepList(L, dt) {
          if (!L.active) return;
          const edge = L.o < 0 ? 0 : L.o > L.m ? L.m : null;
          if (edge !== null) {
            // A critically damped spring (ω = 13 per second): the bounce settles in about half a second.
            const k = 169, c = 26;
            L.v += (-k * (L.o - edge) - c * L.v) * dt;
            L.o += L.v * dt;
            if (Math.abs(L.o - edge) < 0.5 && Math.abs(L.v) < 20) { L.o = edge; L.v = 0; L.active = false; }
          } else {
            L.v *= Math.pow(0.998, dt * 1000);
            L.o += L.v * dt;
            if (Math.abs(L.v) < 20 && L.o >= 0 && L.o <= L.m) { L.v = 0; L.active = false; }
          }
        }

        // One animation loop a gesture: the list coasting and the view settling, drawn together.
        function animate(g) {
          if (g.running) return;
          g.running = true;
          let last = performance.now();
          function frame(now) {
            const dt = Math.min(0.05, Math.max(0, (now - last) / 1000));
            last = now;
            for (let left = dt; left > 1e-9; left -= 1 / 120) stepList(g.list, Math.min(left, 1 / 120));
            if (g.sheet) g.p = g.sheet.at(now);
            draw(g.p, g.list.o, g.list.m);
            const sheetDone = !g.sheet || g.sheet.done(now);
            if (g.list.active || !sheetDone) { requestAnimationFrame(frame); return; }
            g.running = false;
            if (g.sheet) { const then = g.sheet.then; g.sheet = null; then(); }
          }
          requestAnimationFrame(frame);
        }

        // docs/model.md §4.7: away for finish, back for cancel, over `settle` seconds, leaving with the
        // velocity it was released with (pt/s, positive toward finishing): a cubic Hermite curve from the
        // release (its slope the release velocity, when it points the way the view goes, and at most three
        // times the mean speed, so that it never overshoots) to rest at the end.
        function settle(g, from, to, seconds, velocity, done) {
          const start = performance.now();
          const {w, h} = size();
          const distance = to - from;
          const rate = num(velocity, 0) / extentOf(w, h);
          let slope = 0;
          if (distance !== 0 && seconds > 0 && rate * distance > 0) {
            slope = Math.sign(distance) * Math.min(Math.abs(rate) * seconds, 3 * Math.abs(distance));
          }
          g.sheet = {
            at(now) {
              const s = seconds > 0 ? Math.min(1, (now - start) / (seconds * 1000)) : 1;
              const s2 = s * s, s3 = s2 * s;
              return from * (2 * s3 - 3 * s2 + 1) + slope * (s3 - 2 * s2 + s) + to * (3 * s2 - 2 * s3);
            },
            done(now) { return seconds <= 0 || now - start >= seconds * 1000; },
            then: done,
          };
          if (!g.list) g.list = {o: g.pan.o, v: 0, m: g.pan.m, active: false};
          animate(g);
        }

        // What happened, in plain words: what the view did, where the finger let go, its signed velocity
        // (+ toward closing), under a projecting rule where the view was heading, and whether that is
        // what the task meant, which also gives the colour (not the decision).
        const words = {
          "pull-to-dismiss": {thing: "sheet", done: "The sheet closed", back: "The sheet went back up", verb: "close",
            plus: "down", minus: "up", way: "of the way down", away: "off the bottom of the screen",
            list: "list", edge: "its top", side: "edge"},
          "swipe-back": {thing: "screen", done: "The screen went back", back: "The screen stayed", verb: "go back",
            plus: "right", minus: "left", way: "of the way across", away: "off the right of the screen",
            list: "photo strip", edge: "its first photo", side: "left edge"},
          "pull-up-present": {thing: "card", done: "The card opened", back: "The card went back down", verb: "open",
            plus: "up", minus: "down", way: "of the way up", away: "all the way up",
            list: "list", edge: "its bottom", side: "bottom edge"},
        }[cfg.interaction];
        const pct = (p) => Math.round(p * 100) + " %";
        function signedSpeed(v) {
          const r = Math.round(v);
          return (r > 0 ? "+" : r < 0 ? "\u2212" : "") + Math.abs(r).toLocaleString("en-US") + " pt/s";
        }
        function moving(v) {
          const r = Math.round(v);
          return r === 0 ? "not moving (0 pt/s)" : "moving " + (r > 0 ? words.plus : words.minus) + " at " + signedSpeed(v);
        }
        function thresholdFraction() {
          const t = num(cfg.threshold, 0.4);
          const {w, h} = size();
          return cfg.thresholdUnit === "points" ? t / extentOf(w, h) : t;
        }
        // Where the view was heading at the release speed (the rule's projection, as a fraction of the way).
        function heading(x) {
          if (x >= 1) return "heading " + words.away;
          if (x <= 0) return "heading back past where it started";
          return "heading for " + pct(x) + " " + words.way;
        }
        // A sheet with detents (docs/model.md §4.10): where it came to rest, named, and why.
        function explainSheet(r, s, g) {
          const rest = r.decision === "finish" ? null : (r.detent || s.start);
          const restH = rest === null ? 0 : s.heightOf(rest);
          const head = rest === null ? "The sheet closed"
            : restH < s.Hs ? "The sheet dropped to " + rest
            : restH > s.Hs ? "The sheet rose to " + rest
            : "The sheet went back to " + rest;
          const released = g && g.pan.height !== null ? g.pan.height : s.Hs;
          const at = released > s.Hs ? "you let go with it pulled up above " + s.start : "you let go " + pct(r.percent) + " of the way down from " + s.start;
          const projected = typeof r.projected === "number" ? r.projected : null;
          const toward = (x) => x >= 1 ? "heading off the bottom of the screen" : x <= 0 ? "heading up past " + s.start
            : "heading for " + pct(x) + " of the way down";
          const speed = projected !== null ? "; at that speed it was " + toward(projected) : "";
          // In a pair the words never name a setting: "first" and "second" must not be told apart by them.
          const share = pairs ? "the point where it changes detent" : pct(thresholdFraction()) + " of the way to the next detent";
          switch (r.reason) {
            case "threshold": return head + ": " + at + ", past " + share + " (" + moving(r.velocity) + ").";
            case "belowThreshold": return head + ": " + at + ", " + moving(r.velocity) + speed + ", not far enough to change detent.";
            case "projection": return head + ": " + at + ", " + moving(r.velocity) + speed + ".";
            case "flick": return head + " with the flick: " + at + ", " + moving(r.velocity) + ", fast enough to go on.";
            case "step": return head + ": " + at + ", " + moving(r.velocity) + speed + "; a flick that fast goes one detent further.";
            case "reverseFlick": return head + ": you flicked it up, " + moving(r.velocity) + ".";
            case "guarded": return "The sheet refused to close (it is guarded) and went to " + rest + ": " + at + " (" + moving(r.velocity) + ").";
            case "cancelled": return "The sheet went back to " + s.start + ": the touch was cancelled (the browser or the system took it).";
            default: return null;
          }
        }
        function explain(r, g) {
          const s = g && g.pan ? g.pan.sheet : null;
          const said = s ? explainSheet(r, s, g) : null;
          if (said) return said;
          // In a pair the words never name a setting: "first" and "second" must not be told apart by them.
          const need = pairs ? "the point where it would " + words.verb : "the " + pct(thresholdFraction()) + " it takes to " + words.verb;
          const at = "you let go " + pct(r.percent) + " " + words.way;
          const projected = typeof r.projected === "number" ? r.projected : null;
          switch (r.reason) {
            case "threshold": return words.done + ": " + at + ", past " + need + " (" + moving(r.velocity) + ").";
            case "belowThreshold":
              return projected !== null
                ? words.back + ": " + at + ", " + moving(r.velocity) + "; at that speed it was " + heading(projected) + ", short of " + need + "."
                : words.back + ": " + at + ", short of " + need + " (" + moving(r.velocity) + ").";
            case "projection":
              return words.done + ": " + at + ", " + moving(r.velocity) + "; at that speed it was " + heading(projected === null ? r.percent : projected) + ", past " + need + ".";
            case "flick": return words.done + " with the flick: " + at + ", " + moving(r.velocity) + ", fast enough to " + words.verb + ".";
            case "reverseFlick": return words.back + ": you flicked it back, " + moving(r.velocity) + ".";
            case "guarded": return "The " + words.thing + " refused to " + words.verb + " (it is guarded) and went back: " + at + " (" + moving(r.velocity) + ").";
            case "cancelled": return words.back + ": the touch was cancelled (the browser or the system took it).";
            case "tooManyTouches": return "Nothing happened: more than " + maxTouches + " finger" + (maxTouches === 1 ? "" : "s") + " touched.";
            case "neverBegan": return pairs ? "Nothing happened: the finger hardly moved, not enough to start." : "Nothing happened: the finger moved less than the " + touchSlop + " pt it takes to start.";
            case "outsideEdge":
              return "Nothing happened: the swipe began too far from the " + words.side + " of the screen"
                + (pairs ? "" : " (more than " + edgeWidth + " pt in)") + ". Start it in the strip along the " + words.side + ".";
            case "scrollOwned": return "Only the " + words.list + " scrolled: it was away from " + words.edge + ", so it took the gesture.";
            default: return (r.decision === "finish" ? words.done : r.decision === "cancel" ? words.back : "Nothing happened") + " (" + r.reason + ").";
          }
        }
        // docs/model.md §2 "agrees": the server's answer, by the one rule every count uses (no copy of it here).
        function agrees(r) {
          if (!r.agreement) return null;
          return r.agreement === "agree";
        }
        function showMessage(r, g) {
          const agree = agrees(r);
          outcomeEl.dataset.agrees = agree === null ? "" : String(agree);
          outcomeEl.className = agree === null ? "neutral" : agree ? "agrees" : "disagrees";
          outcomeEl.textContent = "";
          const head = document.createElement("b");
          head.textContent = explain(r, g);
          outcomeEl.appendChild(head);
          if (agree !== null) {
            const why = document.createElement("span");
            why.className = "why";
            why.textContent = agree ? " As you meant." : " Not what you meant.";
            outcomeEl.appendChild(why);
          }
        }
        // The previous gesture's message goes when the next gesture starts (its data stays for the tests).
        function clearMessage() {
          outcomeEl.textContent = "";
          outcomeEl.className = "";
        }
        """#
}
