#!/usr/bin/env python3
# scripts/paired-runs on two hand-made runs whose answers are known. Run A and run
# B share three (opening, colour) games: A wins where B draws, A draws where B
# loses, and both lose the third. Each run also has a game the other lacks (an
# opening B never played; the same opening with Ludex on the other colour), a
# game of other players, and an unfinished game, none of which may be paired.
import subprocess
import sys
import tempfile

OPEN1 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
OPEN2 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
OPEN3 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"


def game(white, black, result, fen):
    return f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n{result}\n\n'


run_a = (
    game("Ludex", "Opp", "1-0", OPEN1)          # Ludex White on OPEN1: 1
    + game("Opp", "Ludex", "1/2-1/2", OPEN1)    # Ludex Black on OPEN1: 0.5
    + game("Opp", "Ludex", "1-0", OPEN2)        # Ludex Black on OPEN2: 0
    + game("Ludex", "Opp", "1-0", OPEN3)        # only in A
    + game("Opp", "Other", "0-1", OPEN1)        # not Ludex
    + game("Ludex", "Opp", "*", OPEN2)          # unfinished
)
run_b = (
    game("Opp", "Ludex", "1-0", OPEN1)          # Ludex Black on OPEN1: 0
    + game("Ludex", "Opp", "1/2-1/2", OPEN1)    # Ludex White on OPEN1: 0.5
    + game("Opp", "Ludex", "1-0", OPEN2)        # Ludex Black on OPEN2: 0
    + game("Opp", "Ludex", "1-0", OPEN3)        # Ludex Black on OPEN3: only in B
)
paths = []
for text in (run_a, run_b):
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(text)
        paths.append(f.name)
script = sys.argv[1] if len(sys.argv) > 1 else "scripts/paired-runs"
out = subprocess.run([script, *paths], capture_output=True, text=True, check=True).stdout
lines = out.splitlines()
assert lines[0] == "paired games: 3 (1 of A and 1 of B unpaired)", out
assert lines[1] == "A: 1.5 of 3 (50.0%)", out
assert lines[2] == "B: 0.5 of 3 (16.7%)", out
# Differences +0.5, +0.5, 0: mean 1/3, standard error sqrt((1/36 + 1/36 + 1/9) / 2 / 3) = 1/6.
assert lines[3] == "A - B: +33.3 ± 16.7 points per 100 games (one standard error); 1 pairs ended alike", out

# A single pair has no spread: the script says so instead of printing nan.
with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
    f.write(game("Opp", "Ludex", "0-1", OPEN2))
    one = f.name
out = subprocess.run([script, paths[0], one], capture_output=True, text=True, check=True).stdout
lines = out.splitlines()
assert lines[0] == "paired games: 1 (3 of A and 0 of B unpaired)", out
assert lines[3] == "A - B: -100.0 points per 100 games (one pair: no standard error); 0 pairs ended alike", out
print("paired-runs: ok")
