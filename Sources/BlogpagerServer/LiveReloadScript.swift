/// The script pages load when served with `--watch`: reload on a good rebuild,
/// an overlay with the errors of a failed one.
enum LiveReloadScript {
    static let source = """
    // blogpager live reload: only present while `blogpager serve --watch` runs.
    (() => {
      "use strict";
      let overlay = null;
      function hide() {
        if (overlay) { overlay.remove(); overlay = null; }
      }
      function show(lines) {
        hide();
        overlay = document.createElement("div");
        overlay.id = "blogpager-build-errors";
        overlay.setAttribute("role", "alert");
        overlay.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2147483647;" +
          "margin:0;padding:1em 1.25em;background:#1b1b1b;color:#f3f3f3;border-top:4px solid #d33;" +
          "font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;box-shadow:0 -4px 16px rgba(0,0,0,.4)";
        const heading = document.createElement("strong");
        heading.textContent = "Build failed: the last good site is still served.";
        heading.style.cssText = "display:block;margin-bottom:.5em;color:#ff8a8a";
        const text = document.createElement("pre");
        text.style.cssText = "margin:0;padding:0;border:0;border-radius:0;background:none;color:inherit;box-shadow:none;" +
          "white-space:pre-wrap;overflow-wrap:anywhere;font:inherit";
        text.textContent = lines.join("\\n");
        const close = document.createElement("button");
        close.type = "button";
        close.textContent = "Dismiss";
        close.style.cssText = "position:absolute;top:.75em;right:1em;font:inherit";
        close.addEventListener("click", hide);
        overlay.append(heading, text, close);
        document.body.append(overlay);
      }
      const events = new EventSource("/_blogpager/events");
      events.addEventListener("reload", () => location.reload());
      events.addEventListener("failure", (event) => show(JSON.parse(event.data)));
      // Let other windows' scripts and tests see that the page is listening.
      events.addEventListener("open", () => { document.documentElement.dataset.blogpagerLiveReload = "open"; });
    })();
    """
}
