#!/usr/bin/env python3
# scripts/decided-at on a hand-made PGN whose answers are known: a win decided at
# ply 3 by the opponent's score, a loss decided at ply 22 (the second row), a loss
# the judge never scored past the margin (only a mate it did not report), a draw
# left out, a game of other players left out, and a mate score counted as decided.
import subprocess
import sys
import tempfile

CYCLE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def moves(n, comments):
    """n plies of knight shuffles with {comment} after the plies given in `comments`."""
    out = []
    for ply in range(n):
        if ply % 2 == 0:
            out.append(f"{ply // 2 + 1}.")
        out.append(CYCLE[ply % 4])
        if ply in comments:
            out.append("{" + comments[ply] + "}")
    return " ".join(out)


def game(white, black, result, body):
    return f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{body} {result}\n\n'


pgn = (
    # Ludex (White) wins: the opponent (Black, odd plies) is at -1.60 on ply 3.
    game("Ludex", "Opp", "1-0", moves(8, {1: "-0.50/10 0.1s", 3: "-1.60/10 0.1s", 5: "-3.00/10 0.1s"}))
    # Ludex (Black) loses: the opponent (White, even plies) reaches +1.50 on ply 22;
    # Ludex's own +2.00 on ply 5 is not the judge's.
    + game("Opp", "Ludex", "1-0", moves(24, {0: "+0.20/10 0.1s", 5: "+2.00/10 0.1s", 20: "+1.49/10 0.1s", 22: "+1.50/10 0.1s"}))
    # Ludex (White) loses and the opponent never says so.
    + game("Ludex", "Opp", "0-1", moves(6, {1: "+0.30/10 0.1s"}))
    # Ludex (Black) wins: the opponent reports being mated (-M3) on ply 4.
    + game("Opp", "Ludex", "0-1", moves(6, {0: "-0.10/10 0.1s", 4: "-M3/12 0.1s"}))
    # A draw and a game without Ludex are left out.
    + game("Ludex", "Opp", "1/2-1/2", moves(4, {1: "-5.00/10 0.1s"}))
    + game("Opp", "Other", "1-0", moves(4, {0: "+5.00/10 0.1s"}))
)
with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    f.write(pgn)
    path = f.name
out = subprocess.run([sys.argv[1] if len(sys.argv) > 1 else "scripts/decided-at", path],
                     capture_output=True, text=True, check=True).stdout
rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:]}
expected = {"0-19": ["2", "0"], "20-39": ["0", "1"], "never": ["0", "1"], "all": ["2", "2"]}
assert rows == expected, f"decided-at printed\n{out}\nexpected rows {expected}"
assert out.startswith("Ludex: 5 games;"), out
print("decided-at: ok")
