#!/usr/bin/env python3
"""A scripted UCI engine for the match runner's tests. It knows no rules; each mode
misbehaves in one way the referee must catch:

  illegal  answers every go with a move that is never legal at the start (e2e5)
  slow     answers go with e2e4 only after the clock (wtime/btime or movetime) + 0.5 s
  crash    exits with status 3 when asked to move
  silent   never answers go (nor stop), but keeps answering isready
"""
import sys, time

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
side_white = True

def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()

for raw in sys.stdin:
    tokens = raw.split()
    if not tokens:
        continue
    cmd = tokens[0]
    if cmd == "uci":
        out("id name Fake-" + mode)
        out("option name UCI_Variant type combo default chess var chess var antichess var giveaway "
            "var suicide var tictactoe var gomoku var gomokufreestyle")
        out("option name UCI_Chess960 type check default false")
        out("uciok")
    elif cmd == "isready":
        out("readyok")
    elif cmd == "position":
        moves = tokens[tokens.index("moves") + 1:] if "moves" in tokens else []
        fen_black = "fen" in tokens and tokens[tokens.index("fen") + 2] == "b"
        side_white = (len(moves) % 2 == 0) != fen_black
    elif cmd == "go":
        if mode == "illegal":
            out("bestmove e2e5")
        elif mode == "slow":
            args = dict(zip(tokens[1::2], tokens[2::2]))
            ms = int(args.get("movetime", args.get("wtime" if side_white else "btime", "1000")))
            time.sleep(ms / 1000.0 + 0.5)
            out("bestmove e2e4")
        elif mode == "crash":
            sys.exit(3)
        elif mode == "silent":
            pass
    elif cmd == "quit":
        break
