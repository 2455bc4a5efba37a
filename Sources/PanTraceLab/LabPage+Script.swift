extension LabPage {
    /// The page's script.
    ///
    /// `Pan` is docs/model.md §4.2–4.4 ported line by line (recognition,
    /// scroll arbitration, percent), so that the view follows the finger as
    /// the config says; the decision itself is the server's, which the page
    /// then settles to (§4.7) and explains. A gesture's samples are every
    /// pointer event of the first finger from its down to its lift or
    /// cancel, moves with their coalesced events, each with its own
    /// timestamp (docs/lab.md).
    static let script = #"""
        "use strict";
        const data = JSON.parse(document.getElementById("lab-data").textContent);
        const cfg = data.config;
        const token = new URLSearchParams(location.search).get("token") || "";
        const $ = (id) => document.getElementById(id);
        const taskEl = $("task"), outcomeEl = $("outcome");
        const horizontal = cfg.interaction === "swipe-back";
        const sign = cfg.interaction === "pull-up-present" ? -1 : 1;
        const num = (v, d) => (typeof v === "number" && isFinite(v) ? v : d);
        const touchSlop = num(cfg.touchSlop, 10);
        const maxTouches = num(cfg.maximumNumberOfTouches, 1);
        const gating = cfg.scrollGating || "offsetAtBegin";
        const lockScroll = cfg.lockScroll === true;

        // docs/model.md §4.8: the timing curves, cubic Béziers from (0,0) to (1,1).
        const curves = {easeIn: [0.42, 0, 1, 1], easeOut: [0, 0, 0.58, 1], easeInOut: [0.42, 0, 0.58, 1]};
        function curve(p) {
          const c = curves[cfg.curve];
          if (!c || p <= 0 || p >= 1) return Math.min(1, Math.max(0, p));
          const bez = (t, a, b) => 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t;
          let lo = 0, hi = 1;
          for (let i = 0; i < 40; i++) { const mid = (lo + hi) / 2; if (bez(mid, c[0], c[2]) < p) lo = mid; else hi = mid; }
          return bez((lo + hi) / 2, c[1], c[3]);
        }

        function size() { return {w: window.innerWidth, h: window.innerHeight}; }
        function extentOf(w, h) { return typeof cfg.extent === "number" ? cfg.extent : (horizontal ? w : h); }

        // docs/model.md §4.2–4.4 for one gesture: the percent and the scroll offset after each position sample.
        class Pan {
          constructor(task, w, h) {
            this.E = extentOf(w, h);
            this.hasScroll = task.scrollContent > 0;
            this.m = Math.max(0, task.scrollContent - (horizontal ? w : h));
            this.o = task.scrollOffset;
            this.state = "possible";   // possible, failed, transition, scroll, handoff
            this.percent = 0;
            this.simultaneous = false;
            this.origin = 0;
            this.prevQ = null;
            this.down = null;
          }
          q(s) { return sign * (horizontal ? s.x : s.y); }
          position(s) {
            const q = this.q(s);
            if (this.state === "failed") return;
            if (this.state === "possible") {
              if (s.touches > maxTouches) { this.state = "failed"; return; }
              if (this.down === null) { this.down = s; this.prevQ = q; return; }
              if (Math.hypot(s.x - this.down.x, s.y - this.down.y) < touchSlop) { this.prevQ = q; return; }
              this.prevQ = q;
              this.begin(q);
              return;
            }
            const dq = q - this.prevQ;
            this.prevQ = q;
            if (this.state === "scroll") { this.o = Math.min(Math.max(this.o - dq, 0), this.m); return; }
            if (this.state === "handoff") {
              const o2 = this.o - dq;
              if (o2 >= 0) { this.o = Math.min(o2, this.m); return; }
              this.o = 0;
              this.state = "transition";
              this.origin = q + o2;
              this.percent = Math.min(1, -o2 / this.E);
              return;
            }
            // The transition runs.
            if (this.simultaneous) this.o = Math.min(this.o - dq, this.m);
            const t = q - this.origin;
            if (t < 0) this.origin = q; else this.percent = Math.min(1, t / this.E);
          }
          begin(q) {
            const policy = this.hasScroll ? gating : "none";
            if (policy === "none" || this.o <= 0) {
              this.state = "transition";
              this.origin = q;
              this.percent = 0;
              this.simultaneous = policy === "offsetAtBegin" && !lockScroll;
              return;
            }
            this.state = policy === "handoff" ? "handoff" : "scroll";
          }
        }

        // The scene: rows or photos for the scroll view, placed for the task's offset.
        const front = $("front"), back = $("back"), dim = $("dim");
        const scrollContent = cfg.interaction === "pull-up-present" ? $("back-content") : $("front-content");
        const colours = ["#ff9f0a", "#30d158", "#0a84ff", "#bf5af2", "#ff375f", "#64d2ff", "#ffd60a", "#5e5ce6"];
        // A scroll view of the task's content length; without one (length 0), rows that do not scroll.
        function fillScroll(task) {
          const {w, h} = size();
          scrollContent.textContent = "";
          const scrolls = task.scrollContent > 0;
          const length = scrolls ? task.scrollContent : (horizontal ? w : h);
          // The list starts under the title bar (a content inset), as on iOS; none in the list under the card.
          const inset = cfg.interaction === "pull-to-dismiss" ? 56 : 0;
          if (horizontal) {
            scrollContent.style.width = length + "px";
            scrollContent.style.height = h + "px";
            const photo = scrolls ? Math.max(w * 0.8, 120) : w;
            for (let i = 0; i * photo < length; i++) {
              const el = document.createElement("div");
              el.className = "photo";
              el.style.left = i * photo + "px";
              el.style.width = Math.min(photo, length - i * photo) + "px";
              el.style.background = colours[i % colours.length];
              el.textContent = scrolls ? String(i + 1) : "Photo";
              scrollContent.appendChild(el);
            }
          } else {
            scrollContent.style.width = w + "px";
            scrollContent.style.height = length + "px";
            scrollContent.style.paddingTop = inset + "px";
            for (let i = 0; i * 50 < length - inset; i++) {
              const el = document.createElement("div");
              el.className = "row";
              const mark = document.createElement("b");
              mark.style.background = colours[i % colours.length];
              el.appendChild(mark);
              el.appendChild(document.createTextNode((cfg.interaction === "pull-up-present" ? "Message " : "Row ") + (i + 1)));
              scrollContent.appendChild(el);
            }
          }
        }

        // Draws percent p (the view shows curve(p) of the way) and scroll offset o.
        function draw(p, o, m) {
          const {w, h} = size();
          const E = extentOf(w, h);
          const d = curve(p) * E;
          // All the way away (a finished sheet or screen), its shadow must not show at the edge.
          front.style.visibility = cfg.interaction !== "pull-up-present" && d >= (horizontal ? w : h) ? "hidden" : "visible";
          if (cfg.interaction === "pull-to-dismiss") {
            front.style.transform = "translateY(" + d + "px)";
            dim.style.opacity = String(0.4 * (1 - Math.min(1, d / h)));
            scrollContent.style.transform = "translateY(" + (-o) + "px)";
          } else if (cfg.interaction === "swipe-back") {
            front.style.transform = "translateX(" + d + "px)";
            back.style.transform = "translateX(" + (-0.3 * w * (1 - Math.min(1, d / w))) + "px)";
            dim.style.opacity = String(0.25 * (1 - Math.min(1, d / w)));
            scrollContent.style.transform = "translateX(" + (-o) + "px)";
          } else {
            front.style.transform = "translateY(" + (h - d) + "px)";
            dim.style.opacity = String(0.4 * Math.min(1, d / h));
            scrollContent.style.transform = "translateY(" + (-(m - o)) + "px)";
          }
        }

        // The session: tasks in order, one gesture at a time.
        let index = data.stored;
        let task = null;
        let mode = "ready";      // ready, tracking, posting, settling
        let gesture = null;
        const pointers = new Set();

        // "Gesture 3 of 18 · 2 stored": the task's place in the session's order, and what is stored.
        function showCount(at) {
          const round = Math.floor(at / data.tasks.length);
          $("count").textContent = "Gesture " + (at % data.tasks.length + 1) + " of " + data.tasks.length
            + (round > 0 ? " (round " + (round + 1) + ")" : "") + " · " + outcomeEl.dataset.count + " stored";
        }
        function setReady(ready) { taskEl.dataset.ready = ready ? "true" : "false"; }
        // What the page is doing, for a person's screenshots and the tests: ready, tracking, posting, settling, settled.
        function setMode(next) { mode = next; document.body.dataset.mode = next; }
        function startTask() {
          task = data.tasks[index % data.tasks.length];
          taskEl.dataset.task = task.id;
          taskEl.dataset.intent = task.intent || "";
          $("prompt").textContent = task.prompt;
          showCount(index);
          fillScroll(task);
          const {w, h} = size();
          draw(0, task.scrollOffset, Math.max(0, task.scrollContent - (horizontal ? w : h)));
          setMode("ready");
          setReady(true);
        }

        function sampleOf(e, phase, touches) {
          const t = Math.max(0, Math.round((e.timeStamp - gesture.t0) * 1000) / 1e6);
          const last = gesture.samples[gesture.samples.length - 1];
          return {t: last && t < last.t ? last.t : t, x: e.clientX, y: e.clientY, phase: phase, touches: touches};
        }
        function add(sample) {
          gesture.samples.push(sample);
          if (sample.phase === "down" || sample.phase === "move") gesture.pan.position(sample);
          else if (sample.phase === "up") {
            const prev = gesture.samples[gesture.samples.length - 2];
            if (prev && (prev.x !== sample.x || prev.y !== sample.y)) gesture.pan.position(sample);
          }
          draw(gesture.pan.percent, gesture.pan.o, gesture.pan.m);
        }

        const surface = $("surface");
        surface.addEventListener("pointerdown", (e) => {
          e.preventDefault();
          // The primary pointer is the first finger down: no other one is down then.
          if (e.isPrimary) pointers.clear();
          pointers.add(e.pointerId);
          if (mode === "tracking" && e.pointerId !== gesture.pointer) {
            // Another finger: the first finger's place, with the fingers now down.
            const last = gesture.samples[gesture.samples.length - 1];
            add({t: sampleOf(e, "move", 0).t, x: last.x, y: last.y, phase: "move", touches: pointers.size});
            return;
          }
          if (mode !== "ready") return;
          const {w, h} = size();
          gesture = {pointer: e.pointerId, t0: e.timeStamp, samples: [], pan: new Pan(task, w, h), w: w, h: h,
            pointerType: e.pointerType || "touch"};
          try { surface.setPointerCapture(e.pointerId); } catch (_) {}
          setMode("tracking");
          setReady(false);
          add(sampleOf(e, "down", pointers.size));
        }, {passive: false});

        surface.addEventListener("pointermove", (e) => {
          if (mode !== "tracking" || e.pointerId !== gesture.pointer) return;
          const events = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
          for (const c of (events.length ? events : [e])) add(sampleOf(c, "move", pointers.size));
        });

        function lift(e, phase) {
          const before = pointers.size;
          pointers.delete(e.pointerId);
          if (mode !== "tracking") return;
          if (e.pointerId !== gesture.pointer) {
            const last = gesture.samples[gesture.samples.length - 1];
            add({t: sampleOf(e, "move", 0).t, x: last.x, y: last.y, phase: "move", touches: pointers.size});
            return;
          }
          add(sampleOf(e, phase, Math.max(1, before)));
          post();
        }
        surface.addEventListener("pointerup", (e) => lift(e, "up"));
        surface.addEventListener("pointercancel", (e) => lift(e, "cancel"));
        // iOS: no page scroll, zoom or callout on the surface.
        for (const type of ["touchmove", "gesturestart", "contextmenu", "dblclick"]) {
          document.addEventListener(type, (e) => e.preventDefault(), {passive: false});
        }

        async function post() {
          setMode("posting");
          const g = gesture;
          const body = {width: g.w, height: g.h, scrollOffset: task.scrollOffset, scrollContent: task.scrollContent,
            meta: {task: task.id, pointerType: g.pointerType, devicePixelRatio: window.devicePixelRatio || 1,
              userAgent: navigator.userAgent}, samples: g.samples};
          send(g, JSON.stringify(body));
        }

        async function send(g, text) {
          let reply = null, failure = null, retry = false;
          try {
            const response = await fetch("/gestures", {method: "POST", cache: "no-store",
              headers: {"Content-Type": "application/json", "X-Pantrace-Token": token}, body: text});
            const json = await response.json().catch(() => ({}));
            if (response.ok) reply = json; else failure = "not stored (" + response.status + "): " + (json.error || response.statusText);
            retry = response.status === 503 && json.retry === true;
          } catch (err) {
            failure = "not stored: the lab cannot be reached (" + err + ")";
          }
          if (!reply) {
            outcomeEl.className = "refused";
            outcomeEl.textContent = failure;
            if (retry) {
              // Nothing was stored: the same gesture is offered again, not a new one.
              const again = document.createElement("button");
              again.id = "retry";
              again.textContent = "Send the same gesture again";
              again.addEventListener("click", () => { again.remove(); send(g, text); });
              outcomeEl.appendChild(again);
              return;
            }
            settle(g.pan.percent, 0, 0.25, () => startTask());
            return;
          }
          outcomeEl.dataset.trace = reply.trace;
          outcomeEl.dataset.decision = reply.decision;
          outcomeEl.dataset.reason = reply.reason;
          outcomeEl.dataset.count = String(reply.count);
          showCount(index);
          outcomeEl.className = reply.decision;
          outcomeEl.innerHTML = "";
          const head = document.createElement("b");
          head.textContent = explain(reply);
          outcomeEl.appendChild(head);
          const why = document.createElement("span");
          why.className = "why";
          why.textContent = verdict(reply);
          outcomeEl.appendChild(why);
          index += 1;
          setMode("settling");
          const target = reply.decision === "finish" ? 1 : 0;
          settle(reply.percent, target, reply.decision === "none" ? 0 : reply.settle, () => {
            // The settled screen stays a moment before the next task brings the view back.
            setMode("settled");
            setTimeout(startTask, target === 1 ? 500 : 300);
          });
        }

        // docs/model.md §4.7: away for finish, back for cancel, over `settle` seconds.
        function settle(from, to, seconds, done) {
          const g = gesture;
          const start = performance.now();
          function frame(now) {
            const k = seconds > 0 ? Math.min(1, (now - start) / (seconds * 1000)) : 1;
            draw(from + (to - from) * k, g.pan.o, g.pan.m);
            if (k < 1) requestAnimationFrame(frame); else done();
          }
          requestAnimationFrame(frame);
        }

        // What was decided and why, in words: "finished: flick at 1,240 pt/s".
        const pct = (p) => Math.round(p * 100) + " %";
        const speed = (v) => Math.round(Math.abs(v)).toLocaleString("en-US") + " pt/s";
        function thresholdFraction() {
          const t = num(cfg.threshold, 0.4);
          const {w, h} = size();
          return cfg.thresholdUnit === "points" ? t / extentOf(w, h) : t;
        }
        function explain(r) {
          const word = {finish: "finished", cancel: "cancelled", none: "nothing happened"}[r.decision] || r.decision;
          const T = thresholdFraction();
          const why = {
            threshold: "dragged to " + pct(r.percent) + ", past the threshold of " + pct(T),
            belowThreshold: "released at " + pct(r.percent) + ", below the threshold of " + pct(T) + " (" + speed(r.velocity) + ")",
            flick: "flick at " + speed(r.velocity),
            reverseFlick: "flicked back at " + speed(r.velocity),
            projection: "projected to " + pct(r.projected === null ? r.percent : r.projected) + " (threshold " + pct(T) + ")",
            guarded: "it is guarded and refused to close",
            cancelled: "the touch was cancelled",
            tooManyTouches: "more than " + maxTouches + " finger" + (maxTouches === 1 ? "" : "s"),
            neverBegan: "it never moved the " + touchSlop + " pt it takes to begin",
            scrollOwned: "the " + (horizontal ? "photo strip" : "list") + " took the gesture",
          }[r.reason] || r.reason;
          return word + ": " + why;
        }
        function verdict(r) {
          if (!r.intent) return "";
          const agrees = r.intent === "finish" ? r.decision === "finish" : r.decision !== "finish";
          return agrees ? " — as you meant" : " — not what you meant";
        }

        window.addEventListener("resize", () => { if (mode === "ready") startTask(); });
        startTask();
        """#
}
