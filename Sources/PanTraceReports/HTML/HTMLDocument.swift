
/// The shell of every HTML report: one self-contained HTML5 file whose only
/// style is the inline sheet below, with no script and nothing fetched
/// from the network (docs/commands.md §7.8).
enum HTMLDocument {
    /// A whole document titled `title` whose body `body` writes.
    static func page(title: String, body: (inout Markup) -> Void) -> String {
        var markup = Markup()
        markup.raw("<!DOCTYPE html>\n")
        markup.open("html", [("lang", "en")])
        markup.open("head")
        markup.empty("meta", [("charset", "utf-8")])
        markup.empty("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
        markup.element("title", [], title)
        markup.open("style")
        markup.raw(styleSheet)
        markup.close()
        markup.close()
        markup.open("body")
        markup.open("main")
        body(&markup)
        markup.close()
        markup.close()
        markup.close()
        return markup.text + "\n"
    }

    // System fonts only (no web font to fetch); charts scale down to the
    // window; print keeps each chart on one page and drops the hover hints.
    static let styleSheet = """
        :root{color-scheme:light}
        body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
        main{max-width:1120px;margin:0 auto;padding:20px 24px 48px}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
        h3{font-size:15px;margin:18px 0 4px}
        p.sub{margin:0 0 12px;color:#555}
        table{border-collapse:collapse;margin:6px 0 10px}
        th,td{padding:3px 10px;border-bottom:1px solid #e6e6e6;text-align:left;vertical-align:top}
        th{font-weight:600;background:#f6f6f6}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
        .counts{display:flex;flex-wrap:wrap;gap:8px 12px;margin:6px 0 10px;padding:0;list-style:none}
        .counts li{border:1px solid #ddd;border-radius:6px;padding:6px 12px;min-width:120px}
        .counts b{display:block;font-size:20px;font-variant-numeric:tabular-nums}
        .counts li.bad b{color:#D55E00}.counts li.good b{color:#007A57}#verdict.good{color:#007A57;font-weight:600}#verdict.bad{color:#D55E00;font-weight:600}
        p.warning{border-left:4px solid #D55E00;padding-left:8px}
        figure{margin:10px 0 18px}
        figcaption{color:#333;font-size:14px;max-width:900px}
        svg.chart{max-width:100%;height:auto;display:block;background:#fff}
        svg text{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:#222}
        svg text.tick{font-size:11px;fill:#444}
        svg text.label{font-size:13px;font-weight:600}
        svg text.note{font-size:11px;fill:#333}
        svg text.mark-label{font-size:11px;font-weight:700;paint-order:stroke;stroke:#fff;stroke-width:3px}
        .grid line{stroke:#ececec;stroke-width:1}
        .axis line{stroke:#555;stroke-width:1}
        .axis rect.frame{fill:none;stroke:#999;stroke-width:1}
        .legend{display:flex;flex-wrap:wrap;gap:4px 18px;margin:6px 0;font-size:14px;padding:0;list-style:none}
        .legend li{display:flex;align-items:center;gap:6px}
        .swatch{display:inline-block;width:12px;height:12px;border-radius:50%}
        .swatch.line{width:22px;height:0;border-radius:0;border-top-width:3px;border-top-style:solid}
        .swatch.line.dashed{border-top-style:dashed}
        .swatch.cell{border-radius:2px;opacity:.75}
        .swatch.changed{width:12px;height:12px;border-radius:0;transform:rotate(45deg);border:2px solid #000;box-sizing:border-box}
        ol.changed{columns:2;font-size:14px;margin:4px 0}
        .multiples{display:flex;flex-wrap:wrap;gap:4px 28px}.multiples figure{margin:6px 0}
        .multiples figcaption{font-weight:600}
        tr.best td{background:#FFF1CC;font-weight:600}
        .trace-plot{border-top:1px solid #eee;padding-top:6px}
        .small{font-size:13px;color:#555}
        code{font:13px ui-monospace,"DejaVu Sans Mono",monospace;background:#f3f3f3;padding:0 3px;border-radius:3px}
        @media print{
          main{max-width:none;padding:0}
          body{font-size:11pt}
          h2{break-after:avoid}
          figure,table,.trace-plot{break-inside:avoid}
          .counts li{border-color:#999}
          .hint{display:none}
        }
        """
}
