"""A static server for the browser tests: serves a built site on 127.0.0.1, logs
requests, fails chosen requests on demand, and can strip scripts (JavaScript off)."""
import mimetypes
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

# Records uncaught errors and console.error calls, for the "no console errors" check,
# and the archive requests made before the loader is ready.
ERROR_PROBE = (
    b"<script>window.__bpErrors=[];addEventListener('error',function(e){__bpErrors.push(String(e.message||e))});"
    b"addEventListener('unhandledrejection',function(e){__bpErrors.push('rejection: '+e.reason)});"
    b"(function(c){console.error=function(){__bpErrors.push([].join.call(arguments,' '));c.apply(console,arguments)}})(console.error);"
    # The archive requests made before the loader is ready: what opening the page cost.
    b"document.addEventListener('blogpager:ready',function(){window.__bpReadyRequests=performance.getEntriesByType('resource')"
    b".map(function(r){return new URL(r.name).pathname}).filter(function(p){return /index[.]json$|[/]fragments[/]/.test(p)})},true);"
    b"</script>"
    # Every frame from the first, the entry first in view and how far it has moved since it was
    # first seen: what a reader sees (a frame of a hidden document shows nothing), measured from outside the loader. `__bpFrames.reset()` starts again.
    b"<script>(function(){var t=null,top0=0,s=null;function reset(){t=null;s={max:0,frames:0,url:null,moves:[]}}reset();"
    b"function frame(){if(document.documentElement.style.visibility==='hidden'){requestAnimationFrame(frame);return}"
    b"var l=document.querySelectorAll('.bp-feed [data-page] > [data-url]');"
    b"if(t===null||!t.isConnected){t=null;for(var i=0;i<l.length;i++){var b=l[i].getBoundingClientRect();"
    b"if(b.bottom>0){t=l[i];top0=b.top;s.url=t.getAttribute('data-url');break}}}"
    b"else{var d=Math.abs(t.getBoundingClientRect().top-top0);if(d>s.max){s.max=d}"
    b"if(d>0&&s.moves.length<20){s.moves.push([s.frames,t.getAttribute('data-url'),top0,t.getBoundingClientRect().top,scrollY])}}"
    b"s.frames++;window.__bpFrames=s;requestAnimationFrame(frame)}"
    b"window.__bpFramesReset=reset;requestAnimationFrame(frame)})();</script>"
    # Chromium's Layout Instability API: the page's cumulative layout shift, as search engines count it.
    b"<script>window.__bpCLS=null;if(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes&&"
    b"PerformanceObserver.supportedEntryTypes.indexOf('layout-shift')>=0){window.__bpCLS=0;window.__bpShifts=[];"
    b"new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(!e.hadRecentInput){window.__bpCLS+=e.value;"
    b"window.__bpShifts.push([e.value,(e.sources||[]).map(function(s){return s.node&&s.node.className})])}})})"
    b".observe({type:'layout-shift',buffered:true})}</script>"
)


class SiteServer:
    def __init__(self, root):
        self.root = Path(root)
        self.requests = []
        self.fail_once = set()    # paths that answer 500 once
        self.strip_scripts = False
        self.theme_css = ""      # a theme's own style, put in every page's head
        self.image_delay = 0.25   # seconds: images arrive after the page, as over a real network
        self.slow = {}            # path -> seconds it takes to answer: a slow network for chosen files
        self.lock = threading.Lock()
        server = self

        class Handler(SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(server.root), **kwargs)

            def log_message(self, *args):
                pass

            def do_GET(self):
                path = unquote(urlsplit(self.path).path)
                with server.lock:
                    server.requests.append(path)
                    failing = path in server.fail_once
                    server.fail_once.discard(path)
                if failing:
                    self.send_response(500)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                target = server.root / path.lstrip("/")
                if target.is_dir():
                    target = target / "index.html"
                if not target.is_file() or server.root.resolve() not in target.resolve().parents:
                    self.send_error(404)
                    return
                body = target.read_bytes()
                if target.suffix in (".png", ".jpg", ".gif", ".webp"):
                    time.sleep(server.image_delay)
                time.sleep(server.slow.get(path, 0))
                kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
                if target.suffix == ".html" and b"<head>" in body:
                    if server.strip_scripts:
                        body = body.replace(b"<script", b"<template").replace(b"</script>", b"</template>")
                    else:
                        theme = f"<style>{server.theme_css}</style>".encode() if server.theme_css else b""
                        body = body.replace(b"<head>", b"<head>" + ERROR_PROBE + theme, 1)
                self.send_response(200)
                self.send_header("Content-Type", kind + ("; charset=utf-8" if kind.startswith("text/") or kind.endswith("json") or kind.endswith("javascript") else ""))
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def reset(self):
        with self.lock:
            self.requests.clear()
            self.fail_once.clear()
        self.slow = {}
        self.strip_scripts = False
        self.theme_css = ""
