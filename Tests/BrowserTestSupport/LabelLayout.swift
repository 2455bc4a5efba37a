import Foundation

/// Whether a chart's words can be read (docs/commands.md §7.8): in the
/// browser, every `<text>` of an `<svg>` must lie inside that SVG's box and
/// must not overlap another `<text>` of it. A clipped "be" of "best", a
/// "pt/s" drawn over "−2,000": both fail here.
public enum LabelLayout {
    /// The JavaScript that ``Chromium/load(_:screenshot:height:width:probe:)``
    /// evaluates: one line per problem (`svg#pareto: "best: …" leaves the
    /// SVG by 12.3 px`), empty when none. Boxes come from
    /// `getBoundingClientRect`, as drawn (transforms included); two texts
    /// overlap when their boxes share more than 1 px in both directions.
    public static let probe = #"""
    (() => {
      const problems = [];
      const name = (svg) => 'svg#' + (svg.id || '?');
      for (const svg of document.querySelectorAll('svg')) {
        const outer = svg.getBoundingClientRect();
        if (outer.width === 0 || outer.height === 0) continue;
        const boxes = [];
        for (const text of svg.querySelectorAll('text')) {
          const box = text.getBoundingClientRect();
          if (box.width === 0 || box.height === 0 || !text.textContent.trim()) continue;
          const out = Math.max(outer.left - box.left, box.right - outer.right, outer.top - box.top, box.bottom - outer.bottom);
          if (out > 0.5) problems.push(name(svg) + ': "' + text.textContent + '" leaves the SVG by ' + out.toFixed(1) + ' px');
          boxes.push([text.textContent, box]);
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i][1], b = boxes[j][1];
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 1 && h > 1) problems.push(name(svg) + ': "' + boxes[i][0] + '" overlaps "' + boxes[j][0] + '"');
          }
        }
      }
      return problems.join('\n');
    })()
    """#

    /// The problems ``probe`` found, one a line; empty when none.
    public static func problems(in probed: String) -> [String] {
        probed.split(separator: "\n").map(String.init)
    }
}
