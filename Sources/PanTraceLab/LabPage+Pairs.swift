extension LabPage {
    /// The A/B flow (docs/lab.md "Which felt better"): each task twice, under
    /// the config the server drew for each try, then the question; the page
    /// follows the server's `next` and never names a config. Then the page starts.
    static let pairScript = #"""
        // docs/lab.md "Which felt better": in a session that compares two configs, each task is done twice,
        // under the config the server drew for each try, then the page asks which felt better. The words say
        // "first" and "second" only.
        const pairs = data.versus ? (() => {
          const configs = {a: data.config, b: data.versus};
          let next = data.next || {pair: 1, config: "a", stored: 0, asking: false};
          const askEl = $("ask");
          function answer(word) {
            if (askEl.dataset.ready !== "true") return;
            askEl.dataset.ready = "false";
            const pair = next.pair;
            $("ask-error").textContent = "";
            fetch("/preferences", {method: "POST", cache: "no-store",
              headers: {"Content-Type": "application/json", "X-Pantrace-Token": token}, body: JSON.stringify({pair: pair, answer: word})})
              .then((response) => response.json().catch(() => ({})).then((json) => ({ok: response.ok, status: response.status, json: json})))
              .then((reply) => {
                if (!reply.ok) {
                  $("ask-error").textContent = "Not stored (" + reply.status + "): " + (reply.json.error || "");
                  // Answered elsewhere (another page of the session), or a gesture of the pair deleted since:
                  // go on from where the session is.
                  if (reply.status === 400 || reply.status === 409) setTimeout(() => location.reload(), 1500); else askEl.dataset.ready = "true";
                  return;
                }
                askEl.hidden = true;
                next = reply.json.next;
                clearMessage();
                startTask();
              })
              .catch((err) => {
                $("ask-error").textContent = "Not stored: the lab cannot be reached (" + err + ")";
                askEl.dataset.ready = "true";
              });
          }
          $("prefer-first").addEventListener("click", () => answer("first"));
          $("prefer-second").addEventListener("click", () => answer("second"));
          $("prefer-same").addEventListener("click", () => answer("same"));
          return {
            get next() { return next; },
            asking() { return next.asking === true; },
            taskIndex() { return next.pair - 1; },
            useItsConfig() { useConfig(configs[next.config] || data.config); },
            tryText() { return next.stored === 0 ? "First try." : "Second try: the same task again."; },
            countText() {
              return "Pair " + next.pair + " · " + (next.asking ? "both tries done" : next.stored === 0 ? "first try" : "second try")
                + " · " + outcomeEl.dataset.count + " stored";
            },
            heard(reply) { if (reply.next) next = reply.next; },
            ask() {
              setMode("asking");
              setReady(false);
              $("try").textContent = "Both tries done.";
              showCount(index);
              askEl.dataset.pair = String(next.pair);
              askEl.hidden = false;
              askEl.dataset.ready = "true";
            },
          };
        })() : null;

        window.addEventListener("resize", () => { if (mode === "ready") startTask(); });
        startTask();
        """#
}
