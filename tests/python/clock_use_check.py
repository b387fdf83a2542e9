#!/usr/bin/env python3
# scripts/clock-use on a hand-made PGN whose answers are known. Game 1: Ludex is
# White and plays 22 moves at 0.2 s and depth 10, its opponent 0.5 s and depth 14.
# Game 2: Ludex is Black, 12 moves each, Ludex 0.4 s depth 12, the opponent 0.1 s
# depth 8. A game between two other players is left out, and a move without a
# comment counts for nothing.
import subprocess
import sys
import tempfile

CYCLE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def game(white, black, plies, comment_of):
    out = []
    for ply in range(plies):
        if ply % 2 == 0:
            out.append(f"{ply // 2 + 1}.")
        out.append(CYCLE[ply % 4])
        c = comment_of(ply)
        if c:
            out.append("{" + c + "}")
    return f'[White "{white}"]\n[Black "{black}"]\n[Result "1/2-1/2"]\n\n{" ".join(out)} 1/2-1/2\n\n'


pgn = (
    game("Ludex", "Opp", 44, lambda p: "+0.10/10 0.2s" if p % 2 == 0 else "-0.10/14 0.5s")
    # Black's (Ludex's) first move has no comment.
    + game("Opp", "Ludex", 24, lambda p: "+0.10/8 0.1s" if p % 2 == 0 else (None if p == 1 else "-0.10/12 0.4s"))
    + game("Opp", "Other", 10, lambda p: "+0.10/30 9.0s")
)
with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    f.write(pgn)
    path = f.name
script = sys.argv[1] if len(sys.argv) > 1 else "scripts/clock-use"
out = subprocess.run([script, path], capture_output=True, text=True, check=True).stdout
rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:]}
# Moves 1-10: Ludex 10 x 0.2 s (d10) and 9 x 0.4 s (d12); others 10 x 0.5 s (d14) and 10 x 0.1 s (d8).
# Moves 11-20: Ludex 10 x 0.2 and 2 x 0.4 = 2.8 s over 12; others 10 x 0.5 and 2 x 0.1 = 5.2 s over 12.
# Moves 21-30: game 1's last two moves only.
expected = {
    "1-10": ["0.295", "s", "d10.9", "0.300", "s", "d11.0"],
    "11-20": ["0.233", "s", "d10.3", "0.433", "s", "d13.0"],
    "21-30": ["0.200", "s", "d10.0", "0.500", "s", "d14.0"],
}
assert out.startswith("Ludex: 2 games\n"), out
assert rows == expected, f"clock-use printed\n{out}\nexpected rows {expected}"
print("clock-use: ok")

# A book position with Black to move: Black's move comes first, and each side's
# moves are still its own. Ludex is White here (2 s, depth 7), its opponent
# Black (1 s, depth 5).
fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
black_first = (
    f'[White "Ludex"]\n[Black "Opp"]\n[Result "*"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n'
    "1... Nf6 {+0.10/5 1.0s} 2. Nf3 {+0.10/7 2.0s} Ng8 {+0.10/5 1.0s} 3. Ng1 {+0.10/7 2.0s} *\n\n"
)
with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    f.write(black_first)
    path = f.name
out = subprocess.run([script, path], capture_output=True, text=True, check=True).stdout
rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:]}
assert rows == {"1-10": ["2.000", "s", "d7.0", "1.000", "s", "d5.0"]}, out
print("clock-use, Black to move first: ok")
