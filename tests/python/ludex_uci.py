"""A minimal line-level driver for the ludex binary, shared by the Python checks.

Every read has a timeout, so a hang fails the check instead of blocking CI.
"""

import os
import queue
import subprocess
import threading

DEFAULT_BINARY = os.path.join(
    os.environ.get("CARGO_TARGET_DIR") or os.path.join(os.path.dirname(__file__), "..", "..", "target"), "release", "ludex")


class LudexError(RuntimeError):
    pass


class Ludex:
    def __init__(self, binary=None, timeout=10.0):
        self.binary = binary or os.environ.get("LUDEX_BIN", DEFAULT_BINARY)
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [self.binary],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise LudexError("no answer from ludex within %.1f s" % self.timeout)
        if line is None:
            raise LudexError("ludex exited")
        return line

    def read_until(self, pred):
        out = []
        while True:
            line = self.read()
            out.append(line)
            if pred(line):
                return out

    def sync(self):
        """isready; returns the lines printed before readyok."""
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")[:-1]

    def set_position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)
        errors = [l for l in self.sync() if l.startswith("info string error")]
        if errors:
            raise LudexError("%s -> %s" % (cmd, errors[0]))

    def legal_moves(self):
        self.send("go perft 1")
        lines = self.read_until(lambda l: l.startswith("Nodes searched:"))
        moves = [l.split(":")[0] for l in lines[:-1] if l]
        total = int(lines[-1].split(":")[1])
        if total != len(moves):
            raise LudexError("perft 1 total %d but %d moves listed" % (total, len(moves)))
        return moves

    def fen(self):
        self.send("d")
        for line in self.sync():
            if line.startswith("Fen: "):
                return line[5:]
        raise LudexError("no Fen line in d output")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=self.timeout)
        except Exception:
            self.proc.kill()
