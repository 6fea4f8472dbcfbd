"""`blogpager serve` as a real process on a free port, for the server tests."""
import os
import queue
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

from helpers import BINARY


class ServeProcess:
    """Starts `blogpager serve args...` with --port 0, reads the URL it prints,
    and keeps every line it writes (stdout and stderr) for the test to read."""

    def __init__(self, *args, cwd=None):
        self.args = [str(BINARY), "serve", *map(str, args)]
        if "--port" not in self.args:
            self.args += ["--port", "0"]
        self.cwd = cwd
        self.lines = queue.Queue()
        self.seen = []
        self.url = None

    def start(self, timeout=30):
        self.process = subprocess.Popen(
            self.args, cwd=self.cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        for stream in (self.process.stdout, self.process.stderr):
            threading.Thread(target=self._pump, args=(stream,), daemon=True).start()
        line = self.wait_for_line(r"^serving .* at (http://\S+)", timeout)
        self.url = re.search(r"(http://\S+)", line).group(1).rstrip("/")
        return self

    def _pump(self, stream):
        for line in stream:
            self.lines.put(line.rstrip("\n"))

    def wait_for_line(self, pattern, timeout=30):
        """The next line (from now on) matching pattern; fails after timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            self.seen.append(line)
            if re.search(pattern, line):
                return line
        if self.process.poll() is not None:
            raise AssertionError(f"serve exited with {self.process.returncode}; output: {self.seen}")
        raise AssertionError(f"no line matching {pattern!r} in {timeout}s; output: {self.seen}")

    def stop(self, sig=signal.SIGTERM, timeout=10):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError(f"serve did not stop within {timeout}s of {sig!r}")
        return self.process.returncode

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
