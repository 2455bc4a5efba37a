extension LabPage {
    /// The page's script: ``coreScript``, ``feelScript``, ``slipScript`` and ``pairScript``, in that order (the last starts the page).
    static let script = coreScript + "\n" + feelScript + "\n" + slipScript + "\n" + pairScript

    /// The page's tasks, gestures and drawing.
    ///
    /// `Pan` is docs/model.md §4.2–4.4 ported line by line (recognition,
    /// scroll arbitration, percent; for a sheet with detents, §4.10's
    /// height), so that the view follows the finger as the config says; the decision itself is the server's, which the page
    /// then settles to (§4.7) and explains. A gesture's samples are every
    /// pointer event of the first finger from its down to its lift or
    /// cancel, moves with their coalesced events, each with its own
    /// timestamp (docs/lab.md).
    static let coreScript = #"""
        "use strict";
        const data = JSON.parse(document.getElementById("lab-data").textContent);
        // The config of the gesture under way: the lab's own, or in a pair the one drawn for it (useConfig).
        let cfg = data.config;
        const token = new URLSearchParams(location.search).get("token") || "";
        const $ = (id) => document.getElementById(id);
        const taskEl = $("task"), outcomeEl = $("outcome");
        // Both configs of a pair have one interaction (the lab refuses two).
        const horizontal = cfg.interaction === "swipe-back";
        const sign = cfg.interaction === "pull-up-present" ? -1 : 1;
        const num = (v, d) => (typeof v === "number" && isFinite(v) ? v : d);
        let touchSlop, maxTouches, gating, lockScroll, edgeWidth;
        function useConfig(c) {
          cfg = c;
          touchSlop = num(cfg.touchSlop, 10);
          maxTouches = num(cfg.maximumNumberOfTouches, 1);
          gating = cfg.scrollGating || "offsetAtBegin";
          lockScroll = cfg.lockScroll === true;
          // docs/model.md §4.2: a screen-edge pan under swipe-back and pull-up-present; the strip shows where it starts.
          edgeWidth = cfg.interaction === "pull-to-dismiss" ? 0 : Math.max(0, num(cfg.edgeWidth, 0));
          const strip = document.getElementById("edge");
          strip.hidden = edgeWidth <= 0;
          strip.style[cfg.interaction === "swipe-back" ? "width" : "height"] = edgeWidth + "px";
        }
        useConfig(data.config);

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
        // `raw` is the offset unclamped while the list owns the gesture: what the rubber band draws past an edge.
        class Pan {
          constructor(task, w, h) {
            this.E = extentOf(w, h);
            this.h = h;
            this.hasScroll = task.scrollContent > 0;
            this.m = Math.max(0, task.scrollContent - (horizontal ? w : h));
            this.o = task.scrollOffset;
            this.raw = this.o;
            this.state = "possible";   // possible, failed, transition, scroll, handoff
            this.percent = 0;
            this.simultaneous = false;
            this.origin = 0;
            this.prevQ = null;
            this.down = null;
            // docs/model.md §4.10: a sheet with detents follows the finger by its height h = H_s − T/E, unclamped.
            this.sheet = sheetOf(task);
            this.T = 0;
          }
          // The sheet's height now (a fraction of the extent); null without detents.
          get height() { return this.sheet ? this.sheet.Hs - this.T / this.E : null; }
          // What draw() takes: the percent, or for a sheet how far it is below its start (T/E).
          get shown() { return this.sheet ? this.T / this.E : this.percent; }
          track(t) {
            if (this.sheet) {
              this.T = t;
              this.percent = Math.min(1, Math.max(0, t / (this.sheet.Hs * this.E)));
            } else {
              this.percent = Math.min(1, t / this.E);
            }
          }
          q(s) { return sign * (horizontal ? s.x : s.y); }
          // A down farther from the screen edge than edgeWidth: the screen-edge pan fails there.
          outsideEdge(s) {
            if (edgeWidth <= 0) return false;
            return horizontal ? s.x > edgeWidth : this.h - s.y > edgeWidth;
          }
          position(s) {
            const q = this.q(s);
            if (this.state === "failed") return;
            if (this.state === "possible") {
              if (s.touches > maxTouches) { this.state = "failed"; return; }
              if (this.down === null) { this.down = s; this.prevQ = q; if (this.outsideEdge(s)) this.state = "failed"; return; }
              if (Math.hypot(s.x - this.down.x, s.y - this.down.y) < touchSlop) { this.prevQ = q; return; }
              this.prevQ = q;
              this.begin(q);
              return;
            }
            const dq = q - this.prevQ;
            this.prevQ = q;
            if (this.state === "scroll") { this.o = Math.min(Math.max(this.o - dq, 0), this.m); this.raw -= dq; return; }
            if (this.state === "handoff") {
              const o2 = this.o - dq;
              if (o2 >= 0) { this.o = Math.min(o2, this.m); this.raw -= dq; return; }
              this.o = 0;
              this.raw = 0;
              this.state = "transition";
              this.origin = q + o2;
              this.track(-o2);
              return;
            }
            // The transition runs.
            if (this.simultaneous) this.o = Math.min(this.o - dq, this.m);
            this.raw = this.o;
            const t = q - this.origin;
            if (this.sheet) this.track(t);
            else if (t < 0) this.origin = q; else this.track(t);
          }
          begin(q) {
            const policy = this.hasScroll ? gating : "none";
            // docs/model.md §4.3 scrollExpands: a sheet below its tallest detent pulled up expands, its list held.
            const expands = cfg.scrollExpands === true && this.sheet && this.hasScroll && q < this.q(this.down)
              && this.sheet.detents.some((d) => d.height > this.sheet.Hs);
            if (expands) {
              this.state = "transition";
              this.origin = q;
              this.percent = 0;
              this.T = 0;
              this.simultaneous = false;
              return;
            }
            if (policy === "none" || this.o <= 0) {
              this.state = "transition";
              this.origin = q;
              this.percent = 0;
              this.T = 0;
              this.simultaneous = policy === "offsetAtBegin" && !lockScroll;
              return;
            }
            this.state = policy === "handoff" ? "handoff" : "scroll";
          }
          // The list owns the gesture: it scrolls, and after the lift it coasts.
          get scrolling() { return this.state === "scroll" || this.state === "handoff"; }
          // The offset drawn: the model's, or past an edge of a list that owns the gesture, the rubber band's.
          get shownOffset() { return this.scrolling ? rubberBand(this.raw, this.m) : this.o; }
        }

        // The sheet of a task with detents under pull-to-dismiss: its anchors (0 and the detents' heights,
        // increasing), the start's name and height H_s; null otherwise.
        function sheetOf(task) {
          if (!task || !task.detents || cfg.interaction !== "pull-to-dismiss") return null;
          const start = task.detents.find((d) => d.name === task.detent) || task.detents.reduce((a, b) => (b.height > a.height ? b : a));
          return {start: start.name, Hs: start.height, detents: task.detents,
            heightOf(name) { const d = task.detents.find((x) => x.name === name); return d ? d.height : start.height; }};
        }
        // The sheet drawn now: the task's, between tasks too.
        let sheet = null;
        // Where each detent puts the sheet's top: a tick and its name at the right edge.
        function showMarks() {
          const marks = $("marks");
          marks.textContent = "";
          marks.hidden = !sheet;
          if (!sheet) return;
          const {w, h} = size();
          for (const d of sheet.detents) {
            const el = document.createElement("div");
            el.className = "mark";
            el.style.top = Math.max(10, h - d.height * extentOf(w, h)) + "px";
            el.textContent = d.name;
            el.appendChild(document.createElement("i"));
            marks.appendChild(el);
          }
        }

        // UIScrollView's rubber band: a drag of x past an edge shows (1 − 1/(0.55·x/d + 1))·d, d the viewport's length.
        function rubberBand(o, m) {
          const {w, h} = size();
          const d = horizontal ? w : h;
          const band = (x) => (1 - 1 / (0.55 * x / d + 1)) * d;
          return o < 0 ? -band(-o) : o > m ? m + band(o - m) : o;
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

        // Draws percent p (the view shows curve(p) of the way) and scroll offset o. For a sheet with
        // detents p is how far it is below its start (T/E): its top is where its height H_s − p puts it.
        function draw(p, o, m) {
          const {w, h} = size();
          const E = extentOf(w, h);
          const d = sheet ? Math.min(h, Math.max(0, h - (sheet.Hs - p) * E)) : curve(p) * E;
          // All the way away (a finished sheet or screen), its shadow must not show at the edge.
          front.style.visibility = cfg.interaction !== "pull-up-present" && d >= (horizontal ? w : h) ? "hidden" : "visible";
          if (cfg.interaction === "pull-to-dismiss") {
            front.style.transform = "translateY(" + d + "px)";
            dim.style.opacity = String(0.4 * (1 - Math.min(1, d / h)));
            front.dataset.height = sheet ? String(sheet.Hs - p) : "";
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

        // The session: tasks in order, one gesture at a time (in a pair, two, then the question).
        let index = data.stored;
        let task = null;
        let mode = "ready";      // ready, tracking, posting, settling, settled, asking
        let gesture = null;
        const pointers = new Set();

        // "Gesture 3 of 18 · 2 stored": the task's place in the session's order, and what is stored.
        function showCount(at) {
          if (pairs) { $("count").textContent = pairs.countText(); return; }
          const round = Math.floor(at / data.tasks.length);
          $("count").textContent = "Gesture " + (at % data.tasks.length + 1) + " of " + data.tasks.length
            + (round > 0 ? " (round " + (round + 1) + ")" : "") + " · " + outcomeEl.dataset.count + " stored";
        }
        function setReady(ready) { taskEl.dataset.ready = ready ? "true" : "false"; }
        // What the page is doing, for a person's screenshots and the tests: ready, tracking, posting, settling, settled, asking.
        function setMode(next) { mode = next; document.body.dataset.mode = next; }
        function startTask() {
          if (pairs && pairs.asking()) { pairs.ask(); return; }
          const at = pairs ? pairs.taskIndex() : index;
          if (pairs) pairs.useItsConfig();
          task = data.tasks[at % data.tasks.length];
          taskEl.dataset.task = task.id;
          taskEl.dataset.intent = task.intent || "";
          sheet = sheetOf(task);
          taskEl.dataset.detent = sheet ? sheet.start : "";
          showMarks();
          $("prompt").textContent = task.prompt;
          $("try").textContent = pairs ? pairs.tryText() : "";
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
          draw(gesture.pan.shown, gesture.pan.shownOffset, gesture.pan.m);
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
          // docs/lab.md: a gesture starts on the sheet; a touch above its top is ignored.
          if (sheet && e.clientY < h - sheet.Hs * extentOf(w, h)) return;
          gesture = {pointer: e.pointerId, t0: e.timeStamp, samples: [], pan: new Pan(task, w, h), w: w, h: h,
            pointerType: e.pointerType || "touch"};
          try { surface.setPointerCapture(e.pointerId); } catch (_) {}
          setMode("tracking");
          setReady(false);
          clearMessage();
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
          // A list that owned the gesture coasts at once, as a phone's does, while the server decides.
          gesture.list = coast(gesture);
          post();
        }
        surface.addEventListener("pointerup", (e) => lift(e, "up"));
        surface.addEventListener("pointercancel", (e) => lift(e, "cancel"));
        // iOS: no page scroll, zoom or callout on the surface.
        for (const type of ["touchmove", "gesturestart", "contextmenu", "dblclick"]) {
          document.addEventListener(type, (e) => e.preventDefault(), {passive: false});
        }

        // The detents as a JSON object, each name its own key: defined, not assigned, so that a detent
        // named "__proto__" (or "constructor") is a name like any other.
        function detentsObject(detents) {
          return Object.fromEntries(detents.map((d) => [d.name, d.height]));
        }

        async function post() {
          setMode("posting");
          const g = gesture;
          const meta = {task: task.id, pointerType: g.pointerType, devicePixelRatio: window.devicePixelRatio || 1,
            userAgent: navigator.userAgent};
          if (pairs) meta.pair = pairs.next.pair;
          const body = {width: g.w, height: g.h, scrollOffset: task.scrollOffset, scrollContent: task.scrollContent,
            meta: meta, samples: g.samples};
          if (g.pan.sheet) {
            body.detents = detentsObject(g.pan.sheet.detents);
            body.detent = g.pan.sheet.start;
          }
          send(g, JSON.stringify(body));
        }

        async function send(g, text) {
          let reply = null, failure = null, retry = false;
          try {
            const response = await fetch("/gestures", {method: "POST", cache: "no-store",
              headers: {"Content-Type": "application/json", "X-Pantrace-Token": token}, body: text});
            const json = await response.json().catch(() => ({}));
            if (response.ok) reply = json; else failure = "Not stored (" + response.status + "): " + (json.error || response.statusText);
            retry = response.status === 503 && json.retry === true;
          } catch (err) {
            failure = "Not stored: the lab cannot be reached (" + err + ")";
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
            settle(g, g.pan.shown, 0, 0.25, 0, () => startTask());
            return;
          }
          outcomeEl.dataset.trace = reply.trace;
          outcomeEl.dataset.decision = reply.decision;
          outcomeEl.dataset.reason = reply.reason;
          outcomeEl.dataset.detent = reply.detent || "";
          outcomeEl.dataset.count = String(reply.count);
          index += 1;
          showCount(index);
          showMessage(reply, g);
          setMode("settling");
          const away = reply.decision === "finish";
          // docs/model.md §4.10: a sheet settles at the decided detent (its start for none), or off the bottom.
          const s = g.pan.sheet;
          const from = s ? g.pan.shown : reply.percent;
          const target = s ? s.Hs - (away ? 0 : s.heightOf(reply.detent || s.start)) : away ? 1 : 0;
          settle(g, from, target, reply.decision === "none" ? 0 : reply.settle, reply.velocity, () => {
            // The settled screen stays a moment before the next task brings the view back. How many
            // gestures have settled, and where the list came to rest, stay on the body after that moment.
            setMode("settled");
            document.body.dataset.settled = String(index);
            document.body.dataset.listRest = String(Math.round(g.list.o * 100) / 100);
            setTimeout(() => { if (pairs) pairs.heard(reply); startTask(); }, (away ? 500 : 300) * data.pause);
          });
        }
        """#
}
