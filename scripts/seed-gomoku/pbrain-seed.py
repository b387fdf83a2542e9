#!/usr/bin/env python3
"""pbrain-seed: a one-ply "scoring-table" gomoku player, the benchmark opponent for Ludex.

It plays the way the classic table-driven gomoku programs do: every 5-cell window
(a "tuple") on the board gets a score from a fixed table indexed by how many stones of
one colour it holds, and each empty cell is worth the sum of the scores of the windows
through it. A window holding both colours can never become five, so it is worth
nothing. The player takes the best cell, ties going to the first cell in row-major
order, so it is deterministic and has no search: it sees threats one move deep and is
easy to drill.

Exact five (Gomocup rule bit 1): a window next to a stone of the same colour (just
past either end, along the window's line) can only ever become six or more, which does
not win; such a window is worth nothing to that colour, so the player neither plays for
that "five" nor blocks the opponent's.

It speaks the Gomocup (Piskvork) brain protocol on stdin/stdout: START, RECTSTART,
RESTART, INFO, BEGIN, TURN, BOARD ... DONE, TAKEBACK, ABOUT, END; anything else gets
UNKNOWN, bad input gets ERROR, and the session goes on. Python 3 standard library only.
"""

import sys

# Score of a window by how many stones it holds of one colour (and none of the other).
# Index 0 is the empty window. ATTACK counts the mover's stones, DEFENCE the
# opponent's: completing our own four (a win) beats everything, blocking the
# opponent's four beats making an open three, and so on.
EMPTY_WINDOW = 7
ATTACK = [0, 35, 800, 15000, 800000]
DEFENCE = [0, 15, 400, 1800, 100000]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
WINDOW = 5

FREE, OWN, OPP, BLOCK = 0, 1, 2, 3


class Board:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.cells = [[FREE] * width for _ in range(height)]
        self.exact_five = False
        self.windows = self._windows()

    def _windows(self):
        """Every window as (cells, flank-before, flank-after); a flank is None off the board."""
        out = []
        for y in range(self.height):
            for x in range(self.width):
                for dx, dy in DIRECTIONS:
                    ex, ey = x + dx * (WINDOW - 1), y + dy * (WINDOW - 1)
                    if not (0 <= ex < self.width and 0 <= ey < self.height):
                        continue
                    cells = [(x + dx * i, y + dy * i) for i in range(WINDOW)]
                    out.append((cells, self._inside(x - dx, y - dy), self._inside(ex + dx, ey + dy)))
        return out

    def _inside(self, x, y):
        return (x, y) if 0 <= x < self.width and 0 <= y < self.height else None

    def on_board(self, x, y):
        return 0 <= x < self.width and 0 <= y < self.height

    def get(self, x, y):
        return self.cells[y][x]

    def put(self, x, y, who):
        self.cells[y][x] = who

    def window_score(self, cells, before, after):
        own = opp = 0
        for x, y in cells:
            c = self.cells[y][x]
            if c == OWN:
                own += 1
            elif c == OPP:
                opp += 1
            elif c == BLOCK:
                return 0
        if own and opp:
            return 0
        if own == 0 and opp == 0:
            return EMPTY_WINDOW
        colour = OWN if own else OPP
        if self.exact_five and (self._holds(before, colour) or self._holds(after, colour)):
            return 0
        return ATTACK[own] if own else DEFENCE[opp]

    def _holds(self, cell, colour):
        return cell is not None and self.cells[cell[1]][cell[0]] == colour

    def best_move(self):
        """The free cell with the highest summed window score. Ties go to the cell nearest
        the centre (Chebyshev distance, then Manhattan), then to the first in row-major
        order: on an empty board every cell four or more from the edge is in twenty
        windows, and the centre is the natural first move."""
        score = [[0] * self.width for _ in range(self.height)]
        for cells, before, after in self.windows:
            s = self.window_score(cells, before, after)
            if s:
                for x, y in cells:
                    score[y][x] += s
        cx, cy = (self.width - 1) // 2, (self.height - 1) // 2
        best = None
        for y in range(self.height):
            for x in range(self.width):
                if self.cells[y][x] != FREE:
                    continue
                dx, dy = abs(x - cx), abs(y - cy)
                key = (score[y][x], -max(dx, dy), -(dx + dy))
                if best is None or key > best[0]:
                    best = (key, x, y)
        return None if best is None else (best[1], best[2])


def parse_xy(text, board):
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"expected x,y, got '{text}'")
    x, y = int(parts[0]), int(parts[1])
    if not board.on_board(x, y):
        raise ValueError(f"{x},{y} is off the board")
    return x, y


class Brain:
    def __init__(self, out):
        self.out = out
        self.board = None
        self.rule = 0
        self.block = None  # stones of a BOARD block being read

    def say(self, line):
        self.out.write(line + "\n")
        self.out.flush()

    def new_board(self, width, height):
        if not (5 <= width <= 100 and 5 <= height <= 100):
            self.say(f"ERROR unsupported board size {width}x{height}")
            return
        self.board = Board(width, height)
        self.board.exact_five = bool(self.rule & 1)
        self.say("OK")

    def play(self):
        mv = self.board.best_move()
        if mv is None:
            self.say("ERROR the board is full")
            return
        self.board.put(mv[0], mv[1], OWN)
        self.say(f"{mv[0]},{mv[1]}")

    def handle(self, line):
        """One input line; False when the session is over."""
        line = line.strip()
        if not line:
            return True
        if self.block is not None:
            return self.board_line(line)
        word, _, rest = line.partition(" ")
        command = word.upper()
        rest = rest.strip()
        if command == "END":
            return False
        if command == "ABOUT":
            self.say('name="seed", version="1.0", author="Ludex benchmark", country="-"')
        elif command == "START":
            try:
                n = int(rest)
            except ValueError:
                self.say(f"ERROR bad size '{rest}'")
                return True
            self.new_board(n, n)
        elif command == "RECTSTART":
            try:
                w, h = (int(v) for v in rest.split(","))
            except ValueError:
                self.say(f"ERROR bad size '{rest}'")
                return True
            self.new_board(w, h)
        elif command == "INFO":
            key, _, value = rest.partition(" ")
            if key == "rule":
                try:
                    self.rule = int(value)
                except ValueError:
                    self.say(f"ERROR bad rule '{value}'")
                    return True
                if self.board is not None:
                    self.board.exact_five = bool(self.rule & 1)
        elif self.board is None:
            if command in ("RESTART", "BEGIN", "TURN", "BOARD", "TAKEBACK"):
                self.say("ERROR no START yet")
            else:
                self.say(f"UNKNOWN {line}")
        elif command == "RESTART":
            self.board = Board(self.board.width, self.board.height)
            self.board.exact_five = bool(self.rule & 1)
            self.say("OK")
        elif command == "BEGIN":
            self.play()
        elif command == "TURN":
            try:
                x, y = parse_xy(rest, self.board)
            except ValueError as e:
                self.say(f"ERROR {e}")
                return True
            if self.board.get(x, y) != FREE:
                self.say(f"ERROR {x},{y} is occupied")
                return True
            self.board.put(x, y, OPP)
            self.play()
        elif command == "BOARD":
            self.block = []
        elif command == "TAKEBACK":
            try:
                x, y = parse_xy(rest, self.board)
            except ValueError as e:
                self.say(f"ERROR {e}")
                return True
            if self.board.get(x, y) == FREE:
                self.say(f"ERROR {x},{y} is empty")
                return True
            self.board.put(x, y, FREE)
            self.say("OK")
        else:
            self.say(f"UNKNOWN {line}")
        return True

    def board_line(self, line):
        if line.upper() == "DONE":
            stones, self.block = self.block, None
            board = Board(self.board.width, self.board.height)
            board.exact_five = bool(self.rule & 1)
            for x, y, who in stones:
                board.put(x, y, who)
            self.board = board
            self.play()
            return True
        parts = line.split(",")
        try:
            if len(parts) != 3:
                raise ValueError(f"expected x,y,field, got '{line}'")
            x, y = parse_xy(f"{parts[0]},{parts[1]}", self.board)
            who = int(parts[2])
            if who not in (OWN, OPP, BLOCK):
                raise ValueError(f"bad field {who}")
        except ValueError as e:
            self.say(f"ERROR {e}")
            return True
        self.block.append((x, y, who))
        return True


def main():
    brain = Brain(sys.stdout)
    for line in sys.stdin:
        if not brain.handle(line):
            break


if __name__ == "__main__":
    main()
