extension LabPage {
    /// The page's style: the viewport is the container (docs/lab.md), nothing
    /// scrolls or zooms but what the script moves, and the layers are the
    /// screen underneath (`#back`), the moving view (`#front`: the sheet, the
    /// pushed screen or the card) and the prompt (`#hud`), which never takes a
    /// touch; in a session that compares two configs, the question (`#ask`) over them.
    static let style = """
        *{box-sizing:border-box;margin:0;padding:0}
        html,body{position:fixed;inset:0;overflow:hidden;overscroll-behavior:none;background:#000;
          font:16px/1.35 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
          -webkit-user-select:none;user-select:none;-webkit-touch-callout:none;-webkit-text-size-adjust:100%}
        #surface{position:fixed;inset:0;overflow:hidden;touch-action:none;background:#000}
        #back,#front{position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden;will-change:transform}
        #back{background:#f2f2f7}
        #front{background:#fff;box-shadow:0 0 24px rgba(0,0,0,.35)}
        #dim{position:absolute;inset:0;background:#000;opacity:0;pointer-events:none}
        .scroll{position:absolute;inset:0;overflow:hidden;background:#e5e5ea}
        .content{position:absolute;left:0;top:0;will-change:transform}
        .bar{position:absolute;left:0;right:0;top:0;z-index:2;height:52px;padding:16px 16px 0;font-weight:600;font-size:17px;
          text-align:center;background:rgba(249,249,249,.92);border-bottom:1px solid #d1d1d6}
        .grabber{position:absolute;z-index:3;left:50%;top:6px;width:36px;height:5px;margin-left:-18px;border-radius:3px;background:#c7c7cc}
        .row{height:50px;padding:14px 16px;border-bottom:1px solid #e5e5ea;color:#1c1c1e;background:#fff;white-space:nowrap}
        .row b{display:inline-block;width:28px;height:28px;margin:-4px 12px 0 0;border-radius:6px;vertical-align:middle}
        .photo{position:absolute;top:0;bottom:0;border-right:2px solid #fff;display:flex;align-items:center;justify-content:center;
          color:#fff;font-size:28px;font-weight:700}
        #tab{position:absolute;left:0;right:0;bottom:0;z-index:2;height:44px;padding-top:11px;text-align:center;font-weight:600;
          color:#007aff;background:rgba(255,255,255,.95);border-top:1px solid #d1d1d6}
        #tab:empty{display:none}
        [data-interaction="pull-to-dismiss"] #front{border-radius:12px 12px 0 0}
        [data-interaction="pull-to-dismiss"] #front-bar{border-radius:12px 12px 0 0;padding-top:20px;height:56px}
        [data-interaction="swipe-back"] .grabber{display:none}
        [data-interaction="pull-up-present"] #front{border-radius:14px 14px 0 0;background:#fffbe6}
        [data-interaction="pull-up-present"] #front-bar{background:rgba(255,251,230,.95);border-radius:14px 14px 0 0;padding-top:20px;height:56px}
        #edge{position:absolute;z-index:5;pointer-events:none;display:flex;align-items:center;justify-content:center;overflow:hidden;
          background:rgba(10,132,255,.16);color:#0a62c9;font-size:11px;font-weight:600;white-space:nowrap}
        #edge[hidden]{display:none}
        [data-interaction="swipe-back"] #edge{left:0;top:0;bottom:0;border-right:1px dashed rgba(10,132,255,.6)}
        [data-interaction="swipe-back"] #edge span{writing-mode:vertical-rl;transform:rotate(180deg)}
        [data-interaction="pull-up-present"] #edge{left:0;right:0;bottom:0;border-top:1px dashed rgba(10,132,255,.6)}
        #marks{position:absolute;inset:0;z-index:4;pointer-events:none}
        #marks[hidden]{display:none}
        .mark{position:absolute;right:0;display:flex;align-items:center;gap:4px;transform:translateY(-50%);
          font-size:11px;font-weight:600;color:#0a62c9;text-shadow:0 0 3px #fff}
        .mark i{display:block;width:16px;height:2px;background:rgba(10,132,255,.75)}
        #hud{position:fixed;left:8px;right:8px;bottom:max(8px,env(safe-area-inset-bottom));z-index:10;pointer-events:none;
          padding:10px 12px;border-radius:14px;background:rgba(28,28,30,.86);color:#fff;box-shadow:0 2px 12px rgba(0,0,0,.3)}
        #prompt{font-size:17px;font-weight:600}
        #count{margin-top:2px;font-size:13px;color:#aeaeb2}
        [data-interaction="pull-up-present"]~#hud{bottom:auto;top:max(8px,env(safe-area-inset-top))}
        #outcome{margin-top:6px;font-size:15px}
        #outcome:empty{display:none}
        .card{margin:12px 16px;height:120px;border-radius:12px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.12)}
        .card:first-child{margin-top:68px}
        .line{height:50px;margin:0 0 0 16px;border-bottom:1px solid #d1d1d6}
        #try{font-size:15px;font-weight:600;color:#ffd60a}
        #outcome.agrees{color:#7ee787}
        #outcome.disagrees{color:#ffb86b}
        #outcome.neutral{color:#e5e5ea}
        #outcome.refused{color:#ff7b72}
        #outcome b{font-weight:500}
        #outcome .why{font-weight:700}
        #ask{position:fixed;left:16px;right:16px;top:30%;z-index:20;padding:18px 16px 16px;border-radius:18px;text-align:center;
          background:rgba(28,28,30,.95);color:#fff;box-shadow:0 6px 30px rgba(0,0,0,.45);pointer-events:auto;touch-action:manipulation}
        #ask[hidden]{display:none}
        #ask-question{font-size:22px;font-weight:700}
        #ask-hint{margin-top:4px;font-size:14px;color:#aeaeb2}
        #ask-buttons{display:flex;gap:8px;margin-top:14px}
        #ask-buttons button{flex:1;min-height:52px;border:0;border-radius:12px;font:600 17px/1.2 inherit;color:#fff;background:#0a84ff}
        #ask-buttons #prefer-same{background:#48484a}
        #ask-error{margin-top:8px;font-size:13px;color:#ff7b72}
        #ask-error:empty{display:none}
        #hud.clear-of-sheet{bottom:auto;top:max(8px,env(safe-area-inset-top))}
        #discard{pointer-events:auto;display:block;margin-top:6px;font:600 14px/1.2 inherit;padding:6px 12px;border-radius:8px;border:0;
          background:#48484a;color:#fff}
        #retry{pointer-events:auto;display:block;margin-top:6px;font:inherit;padding:6px 12px;border-radius:8px;border:0;background:#0a84ff;color:#fff}
        """
}
