#!/usr/bin/env python3
"""Cross-checks Ludex's chess-family rules against python-chess, an independent oracle.

For each rule set (chess, Chess960, antichess, giveaway, suicide) it plays random games
with python-chess from a fixed seed and, at every position reached, asks Ludex (over UCI)
for its legal moves (`go perft 1`) and its FEN (`d`). The legal move sets must be equal
in both directions and the FEN must come back exactly as python-chess writes it.

Usage: xcheck_rules.py [--positions N] [--seed S] [--variants chess,antichess,...]
Exit status 0 when everything agrees, 1 with a list of disagreements otherwise.
"""

import argparse
import random
import sys
import time

import chess
import chess.variant

from ludex_uci import Ludex

# (name, board factory, UCI_Variant, UCI_Chess960, shredder FEN)
RULE_SETS = {
    "chess": (lambda rng: chess.Board(), "chess", False, False),
    "chess960": (lambda rng: chess.Board.from_chess960_pos(rng.randrange(960)), "chess", True, True),
    "antichess": (lambda rng: chess.variant.AntichessBoard(), "antichess", False, False),
    "giveaway": (lambda rng: chess.variant.GiveawayBoard(), "giveaway", False, False),
    "suicide": (lambda rng: chess.variant.SuicideBoard(), "suicide", False, False),
}


def expected_moves(board):
    return sorted(m.uci() for m in board.legal_moves)


def positions(make_board, rng, count, max_plies=250):
    """Yields `count` boards reached by random playouts (each playout from a fresh start)."""
    produced = 0
    while produced < count:
        board = make_board(rng)
        for _ in range(max_plies):
            yield board
            produced += 1
            if produced >= count:
                return
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            board.push(rng.choice(moves))


def check_rule_set(name, count, seed, ludex_bin):
    make_board, uci_variant, chess960, shredder = RULE_SETS[name]
    rng = random.Random(seed)
    engine = Ludex(ludex_bin)
    failures = []
    checked = 0
    try:
        engine.send("uci")
        engine.read_until(lambda l: l == "uciok")
        engine.send("setoption name UCI_Variant value " + uci_variant)
        engine.send("setoption name UCI_Chess960 value " + ("true" if chess960 else "false"))
        for board in positions(make_board, rng, count):
            fen = board.fen(shredder=shredder)
            try:
                engine.set_position(fen)
                got = sorted(engine.legal_moves())
                got_fen = engine.fen()
            except Exception as e:  # a refused FEN or a hang is a failure, not a crash of the check
                failures.append("%s: %s" % (fen, e))
                engine.close()
                engine = Ludex(ludex_bin)
                engine.send("setoption name UCI_Variant value " + uci_variant)
                engine.send("setoption name UCI_Chess960 value " + ("true" if chess960 else "false"))
                continue
            want = expected_moves(board)
            if got != want:
                missing = sorted(set(want) - set(got))
                extra = sorted(set(got) - set(want))
                failures.append("%s: missing %s, extra %s" % (fen, missing, extra))
            if got_fen != fen:
                failures.append("%s: FEN came back as %s" % (fen, got_fen))
            checked += 1
    finally:
        engine.close()
    return checked, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000, help="positions per rule set (default 2000)")
    parser.add_argument("--seed", type=int, default=20261121)
    parser.add_argument("--variants", default=",".join(RULE_SETS))
    parser.add_argument("--ludex", default=None, help="path to the ludex binary (default $LUDEX_BIN, else $CARGO_TARGET_DIR/release/ludex, else target/release/ludex)")
    args = parser.parse_args()

    all_ok = True
    for name in args.variants.split(","):
        start = time.time()
        checked, failures = check_rule_set(name, args.positions, args.seed, args.ludex)
        status = "ok" if not failures else "FAILED (%d disagreements)" % len(failures)
        print("%-10s %5d positions  %5.1fs  %s" % (name, checked, time.time() - start, status))
        for f in failures[:20]:
            print("    " + f)
        all_ok = all_ok and not failures
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
