extension LabPage {
    /// What the page adds around each result (docs/lab.md "A slip does not
    /// count", "Every detent is used, and seen"): the offer to discard a
    /// gesture that slipped, until the next gesture starts; for a sheet with
    /// detents, where the next detent lay and which limit stopped the sheet
    /// short; and the prompt kept clear of the detents' marks and of a sheet
    /// at its lowest detent.
    ///
    /// It wraps the core script's `showMessage` and `showMarks`, so it comes
    /// after ``coreScript`` and ``feelScript`` and before ``pairScript``
    /// (which starts the page).
    static let slipScript = #"""
        // docs/lab.md "Every detent is used, and seen": with a sheet, the prompt sits at the top, left of the
        // detents' marks, so that neither a mark nor a sheet at its lowest detent is under it.
        const drawDetentMarks = showMarks;
        showMarks = function () {
          drawDetentMarks();
          const hud = $("hud");
          if (!sheet) {
            hud.classList.remove("clear-of-sheet");
            hud.style.right = "";
            return;
          }
          hud.classList.add("clear-of-sheet");
          let widest = 0;
          for (const mark of $("marks").children) widest = Math.max(widest, mark.getBoundingClientRect().width);
          hud.style.right = Math.ceil(widest + 12) + "px";
        };

        // Where the next detent lay from where the finger let go ("medium was at 50 %"), and the limit that
        // stopped the sheet short of where its release was heading.
        function detentNotes(r, g) {
          const s = g && g.pan ? g.pan.sheet : null;
          if (!s) return "";
          const released = g.pan.height !== null ? g.pan.height : s.Hs;
          const down = released <= s.Hs;
          const sorted = s.detents.slice().sort((a, b) => a.height - b.height);
          const next = down ? sorted.filter((d) => d.height < released - 1e-9).pop() : sorted.find((d) => d.height > released + 1e-9);
          let text = "";
          if (next) {
            text += " Next detent " + (down ? "down" : "up") + ": " + next.name + " was at " + pct(next.height)
              + ", you let go at " + pct(released) + ".";
          } else if (down) {
            text += " You let go at " + pct(released) + ", below the lowest detent (" + sorted[0].name + " at " + pct(sorted[0].height) + ").";
          }
          if (r.stoppedShort) {
            const where = r.stoppedShort.heading === "dismissed" ? "closed" : "gone to " + r.stoppedShort.heading;
            text += r.stoppedShort.key === "stepOrigin"
              ? " A rule stopped the sheet short: it moves one state at most from where you let go (stepOrigin release)"
                + "; without it, it would have " + where + "."
              : " A rule stopped the sheet short: " + r.stoppedShort.key + " " + r.stoppedShort.limit
                + " lets one gesture move it " + r.stoppedShort.limit + " detent" + (r.stoppedShort.limit === 1 ? "" : "s")
                + " at most; without it, it would have " + where + ".";
          }
          return text;
        }

        // docs/lab.md "A slip does not count": the result's message offers to discard the gesture until the
        // next gesture starts (the message goes then); a discarded task, or A/B pair, is done again.
        function offerSlip(r) {
          if (!r.trace) return;
          const slip = document.createElement("button");
          slip.type = "button";
          slip.id = "discard";
          slip.dataset.trace = r.trace;
          slip.textContent = "That slipped \u2014 don't count it";
          slip.addEventListener("click", () => {
            slip.disabled = true;
            fetch("/discard", {method: "POST", cache: "no-store",
              headers: {"Content-Type": "application/json", "X-Pantrace-Token": token}, body: JSON.stringify({trace: r.trace})})
              .then((response) => response.json().catch(() => ({})).then((json) => ({ok: response.ok, status: response.status, json: json})))
              .then((reply) => {
                if (!reply.ok) {
                  slip.remove();
                  outcomeEl.appendChild(document.createTextNode(" Not discarded (" + reply.status + "): " + (reply.json.error || "")));
                  return;
                }
                outcomeEl.textContent = "Discarded: that gesture does not count. Do the task again.";
                outcomeEl.className = "neutral";
                outcomeEl.dataset.discarded = r.trace;
                outcomeEl.dataset.count = String(Math.max(0, Number(outcomeEl.dataset.count) - 1));
                index = Math.max(0, index - 1);
                // A settle still under way hands this result's `next` to the pairs: it is the session's now.
                r.next = reply.json.next;
                if (pairs) {
                  pairs.heard(reply.json);
                  const askEl = $("ask");
                  askEl.hidden = true;
                  askEl.dataset.ready = "false";
                }
                showCount(index);
                if (mode === "ready" || mode === "asking") startTask();
              })
              .catch((err) => {
                slip.disabled = false;
                outcomeEl.appendChild(document.createTextNode(" Not discarded: the lab cannot be reached (" + err + ")"));
              });
          });
          outcomeEl.appendChild(slip);
        }

        const showResultMessage = showMessage;
        showMessage = function (r, g) {
          showResultMessage(r, g);
          outcomeEl.dataset.discarded = "";
          const notes = detentNotes(r, g);
          if (notes) {
            const note = document.createElement("span");
            note.id = "detent-note";
            note.textContent = notes;
            outcomeEl.appendChild(note);
          }
          offerSlip(r);
        };
        """#
}
