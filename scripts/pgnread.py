"""PGN reading shared by the scripts that study match and ladder games: the
python-chess guard (decided-at, clock-use, paired-runs, game-errors) and the walk
over one player's games (the first three; game-errors reports from its own
scored records). Each script runs from this directory, which Python puts
first on its import path, so `from pgnread import ...` finds this file."""
import sys


def require_chess(tool):
    """The `chess` module with `chess.pgn` loaded. Without python-chess, says that
    `tool` is skipped and exits with status 0: these scripts are diagnostics that
    a machine without python-chess simply goes without."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        print(f"{tool}: python-chess is not installed (pip install chess); skipped", file=sys.stderr)
        sys.exit(0)
    return chess


def player_games(path, player):
    """Each game of the PGN file `path` in which `player` plays (the White or Black
    tag starts with it), with whether it has White; other games are passed over."""
    import chess.pgn

    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if game.headers.get("White", "").startswith(player):
                yield game, True
            elif game.headers.get("Black", "").startswith(player):
                yield game, False
