#!/usr/bin/env python3
# scripts/net-rounding on a hand-made network and state whose answers are known:
# from a network of zeros but for a few weights, the state moves one first-layer
# weight by 0.6 of a step (kept by rounding), another by 0.3 (lost), one output
# weight by 0.45 (lost), and no bias.
import math
import struct
import subprocess
import sys
import tempfile

INPUTS, HIDDEN, QA, QB = 768, 512, 255, 64
script = sys.argv[1]
n1, nb, n2 = INPUTS * HIDDEN, HIDDEN, 2 * HIDDEN
w1, b1, w2 = [0] * n1, [0] * nb, [0] * n2
w1[5], w1[7], w2[3] = 10, -4, 17
net = b"LUDEXNN2" + struct.pack("<6I", INPUTS, HIDDEN, QA, QB, 1, 1000) + struct.pack(f"<{n1 + nb + n2}h", *w1, *b1, *w2) + struct.pack("<i", 0)
f1 = [w / QA for w in w1]
f1[5] += 0.6 / QA
f1[7] += 0.3 / QA
fb = [0.0] * nb
f2 = [w / QB for w in w2]
f2[3] -= 0.45 / QB
state = b"LUDEXFT1" + struct.pack("<4I", INPUTS, HIDDEN, 1, 1000) + struct.pack(f"<{n1 + nb + n2 + 1}f", *f1, *fb, *f2, 0.0)

with tempfile.TemporaryDirectory() as d:
    open(f"{d}/start.nnue", "wb").write(net)
    open(f"{d}/state", "wb").write(state)
    out = subprocess.run([script, f"{d}/start.nnue", f"{d}/state"], capture_output=True, text=True, check=True).stdout
    bad = subprocess.run([script, f"{d}/state", f"{d}/start.nnue"], capture_output=True, text=True)
lines = out.splitlines()
assert len(lines) == 3, out
rms1 = math.sqrt((0.36 + 0.09) / n1)
want = [
    f"first-layer weights: moved {rms1:.3f} rms, 0.60 at most; {100 / n1:.1f}% changed once rounded; share of the move kept {0.6 / 0.45:.2f}",
    "first-layer biases: moved 0.000 rms, 0.00 at most; 0.0% changed once rounded; share of the move kept nan",
    f"output weights: moved {math.sqrt(0.2025 / n2):.3f} rms, 0.45 at most; 0.0% changed once rounded; share of the move kept 0.00",
]
for got, expected in zip(lines, want):
    assert got == expected, f"\n got: {got}\nwant: {expected}"
assert bad.returncode != 0 and "not a LUDEXNN2 network" in bad.stderr, bad
print("net-rounding: ok")
