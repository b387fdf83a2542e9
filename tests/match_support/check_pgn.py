#!/usr/bin/env python3
"""Reads a PGN written by `ludex match` back with python-chess and checks it: every
game parses without errors in its variant's board class, the move count matches
PlyCount, and a game that ended by the rules ends in a position python-chess agrees
with (checkmate, no legal moves, repetition, fifty moves, insufficient material).
Exit status 0 when all is well, 1 on a problem, 77 when python-chess is missing."""
import sys

try:
    import chess
    import chess.pgn
    import chess.variant  # noqa: F401  (the PGN reader looks variants up here)
except ImportError:
    sys.exit(77)

def check(game):
    h = game.headers
    if game.errors:
        return f"parse errors: {game.errors}"
    board = game.board()
    moves = list(game.mainline_moves())
    if str(len(moves)) != h.get("PlyCount"):
        return f"{len(moves)} moves but PlyCount {h.get('PlyCount')}"
    for m in moves:
        board.push(m)
    comment = game.end().comment
    if h.get("Termination") != "normal":
        return None
    if "checkmate" in comment and not board.is_checkmate():
        return f"not checkmate: {board.fen()}"
    if "no legal moves" in comment and not (board.is_variant_end() or not any(board.legal_moves)):
        return f"legal moves remain: {board.fen()}"
    if "threefold" in comment and not board.is_repetition(3):
        return f"no threefold repetition: {board.fen()}"
    if "fifty" in comment and not board.is_fifty_moves():
        return f"fifty-move rule not reached: {board.fen()}"
    if "insufficient" in comment and not board.is_insufficient_material():
        return f"material is sufficient: {board.fen()}"
    expected = h.get("Result")
    outcome = board.outcome(claim_draw=True)
    if outcome is not None and outcome.result() != expected:
        return f"python-chess says {outcome.result()}, PGN says {expected}: {board.fen()}"
    return None

games = 0
with open(sys.argv[1]) as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        games += 1
        problem = check(game)
        if problem:
            print(f"game {games} ({game.headers.get('Variant', 'chess')}): {problem}")
            sys.exit(1)
if games == 0:
    print("no games read")
    sys.exit(1)
print(f"ok {games} games")
