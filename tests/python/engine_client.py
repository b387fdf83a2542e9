"""python-chess drives Ludex as a UCI engine (chess.engine.SimpleEngine.popen_uci).

For chess, Chess960, antichess, giveaway and suicide: `play` under a time and a node
limit, `analyse` to a depth and for 0.2 s, an infinite `analysis()` stopped after
0.3 s, and a short game with python-chess as the referee. Every move Ludex returns
(best moves and PV moves) must be legal on python-chess's board. python-chess sets
UCI_Variant and UCI_Chess960 itself from the board type.

Exits nonzero with a message naming the variant and the check on the first failure.
Usage: python3 tests/python/engine_client.py [--plies 30]
(the binary: --binary, else $LUDEX_BIN, else $CARGO_TARGET_DIR/release/ludex, else target/release/ludex)
"""

import argparse
import os
import sys
import time

import chess
import chess.engine
import chess.variant

DEFAULT_BINARY = os.path.join(
    os.environ.get("CARGO_TARGET_DIR") or os.path.join(os.path.dirname(__file__), "..", "..", "target"), "release", "ludex")
# Every engine command must be answered within this (python-chess raises TimeoutError).
COMMAND_TIMEOUT = 10.0


class Failure(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Failure(msg)


def boards():
    """(name, a fresh start board) per variant; Chess960 from a fixed start position."""
    return [
        ("chess", lambda: chess.Board()),
        ("chess960", lambda: chess.Board.from_chess960_pos(759)),
        ("antichess", lambda: chess.variant.AntichessBoard()),
        ("giveaway", lambda: chess.variant.GiveawayBoard()),
        ("suicide", lambda: chess.variant.SuicideBoard()),
    ]


def check_pv(name, what, board, pv):
    b = board.copy()
    for mv in pv:
        check(mv in b.legal_moves, "%s %s: PV move %s illegal in %s (PV %s)" % (name, what, mv, b.fen(), pv))
        b.push(mv)


def check_play(name, what, engine, board, limit):
    t = time.monotonic()
    result = engine.play(board, limit)
    took = time.monotonic() - t
    check(result.move is not None, "%s %s: no move in %s" % (name, what, board.fen()))
    check(result.move in board.legal_moves, "%s %s: illegal move %s in %s" % (name, what, result.move, board.fen()))
    if result.ponder is not None:
        after = board.copy()
        after.push(result.move)
        check(result.ponder in after.legal_moves, "%s %s: illegal ponder move %s" % (name, what, result.ponder))
    return took


def check_analyse(name, what, engine, board, limit, max_seconds):
    t = time.monotonic()
    info = engine.analyse(board, limit)
    took = time.monotonic() - t
    check(took < max_seconds, "%s %s: analyse took %.2f s" % (name, what, took))
    check("score" in info, "%s %s: no score in %s" % (name, what, info))
    check(info.get("pv"), "%s %s: no pv in %s" % (name, what, info))
    check_pv(name, what, board, info["pv"])
    if isinstance(limit.depth, int):
        check(info.get("depth") == limit.depth, "%s %s: depth %s, asked %s" % (name, what, info.get("depth"), limit.depth))
    return info


def check_infinite(name, engine, board):
    with engine.analysis(board) as analysis:
        time.sleep(0.3)
        t = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        took = time.monotonic() - t
    check(took < 0.5, "%s infinite: bestmove %.3f s after stop" % (name, took))
    check(best.move in board.legal_moves, "%s infinite: illegal best move %s" % (name, best.move))
    check_pv(name, "infinite", board, analysis.info.get("pv", []))


def short_game(name, engine, board, plies):
    for _ in range(plies):
        if board.is_game_over(claim_draw=False):
            break
        result = engine.play(board, chess.engine.Limit(time=0.02))
        check(result.move in board.legal_moves, "%s game: illegal move %s in %s (moves %s)" % (
            name, result.move, board.fen(), " ".join(m.uci() for m in board.move_stack)))
        board.push(result.move)
    return board


def run(binary, plies):
    engine = chess.engine.SimpleEngine.popen_uci(binary, timeout=COMMAND_TIMEOUT)
    try:
        check(engine.id.get("name", "").startswith("Ludex"), "engine id %s" % engine.id)
        for name, fresh in boards():
            t0 = time.monotonic()
            board = fresh()
            # A few moves in, so that python-chess sends `position ... moves ...`.
            opening = engine.play(board, chess.engine.Limit(depth=3)).move
            check(opening in board.legal_moves, "%s: illegal opening move %s" % (name, opening))
            board.push(opening)
            check_play(name, "play time=0.05", engine, board, chess.engine.Limit(time=0.05))
            check_play(name, "play nodes=5000", engine, board, chess.engine.Limit(nodes=5000))
            check_analyse(name, "analyse depth=3", engine, board, chess.engine.Limit(depth=3), 5.0)
            check_analyse(name, "analyse time=0.2", engine, board, chess.engine.Limit(time=0.2), 1.0)
            multi = engine.analyse(board, chess.engine.Limit(depth=3), multipv=3)
            check(len(multi) == 3, "%s multipv 3: %d lines" % (name, len(multi)))
            firsts = set()
            for line in multi:
                check_pv(name, "multipv", board, line["pv"])
                firsts.add(line["pv"][0])
            check(len(firsts) == 3, "%s multipv 3: first moves not distinct: %s" % (name, firsts))
            check_infinite(name, engine, board)
            game = short_game(name, engine, fresh(), plies)
            print("ok %-10s %3d plies (%s) in %.1f s" % (name, game.ply(), game.result(claim_draw=True), time.monotonic() - t0), flush=True)
        # Castling as python-chess writes it (e1g1; king takes rook in Chess960), sent
        # in `searchmoves` and read back in `bestmove`.
        for board in [
            chess.Board("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
            chess.Board("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1", chess960=True),
            chess.variant.GiveawayBoard("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
            chess.variant.SuicideBoard("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
        ]:
            castles = [m for m in board.legal_moves if board.is_castling(m)]
            check(len(castles) == 2, "expected two castling moves in %s" % board.fen())
            for c in castles:
                result = engine.play(board, chess.engine.Limit(depth=2), root_moves=[c])
                check(result.move == c, "%s %s: searchmoves %s gave %s" % (type(board).__name__, board.fen(), c, result.move))
        print("ok castling in searchmoves and bestmove")
        # A finished position: python-chess reads `bestmove (none)` as no move.
        mate = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
        result = engine.play(mate, chess.engine.Limit(time=0.1))
        check(result.move is None, "checkmated side got a move: %s" % result.move)
        empty = chess.variant.AntichessBoard("8/8/8/8/8/8/8/k7 w - - 0 1")
        result = engine.play(empty, chess.engine.Limit(time=0.1))
        check(result.move is None, "antichess side without pieces got a move: %s" % result.move)
        print("ok finished positions answer bestmove (none)")
    finally:
        engine.quit()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plies", type=int, default=30)
    ap.add_argument("--binary", default=os.environ.get("LUDEX_BIN", DEFAULT_BINARY))
    args = ap.parse_args()
    if not os.path.isfile(args.binary):
        print("FAIL: no ludex binary at %s (build it, or set LUDEX_BIN)" % args.binary, file=sys.stderr)
        return 1
    try:
        run(args.binary, args.plies)
    except Failure as e:
        print("FAIL: %s" % e, file=sys.stderr)
        return 1
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as e:
        print("FAIL: engine error: %r" % e, file=sys.stderr)
        return 1
    print("python-chess engine client: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
