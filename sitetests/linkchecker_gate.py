"""A pass-through proxy in front of `blogpager serve` that lets LinkChecker check at full speed.

LinkChecker waits 0.1-0.6 s between two requests to one host unless the host answers with a
`LinkChecker` header (its documented way for a server to allow more); the sample site's few
hundred links then take a minute of waiting. The proxy forwards every request unchanged and adds
only that header, so what is checked is still what blogpager serves."""
import http.client
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

# LinkChecker's own config: its highest rate, taken only from hosts that send the header.
CONFIG = "[checking]\nmaxrequestspersecond=1000\n"


class LinkCheckerGate:
    def __init__(self, upstream):
        self.upstream = urlsplit(upstream)

    def __enter__(self):
        upstream = self.upstream

        class Forward(BaseHTTPRequestHandler):
            def _forward(self, with_body):
                connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=30)
                connection.request(self.command, self.path, headers=dict(self.headers.items()))
                response = connection.getresponse()
                body = response.read()
                self.send_response(response.status, response.reason)
                for name, value in response.getheaders():
                    if name.lower() not in ("connection", "transfer-encoding", "keep-alive"):
                        self.send_header(name, value)
                self.send_header("LinkChecker", "allow")
                self.send_header("Connection", "close")
                self.end_headers()
                if with_body:
                    self.wfile.write(body)
                connection.close()

            def do_GET(self):
                self._forward(with_body=True)

            def do_HEAD(self):
                self._forward(with_body=False)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Forward)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
