"""PGN reading shared by the scripts that study match and ladder games: the
python-chess guard and the walk over a file's games (decided-at, clock-use,
paired-runs, game-errors), or over one player's games (the first three). Each script runs from this directory, which Python puts
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


def games(path):
    """Each game of the PGN file `path`, read leniently (bytes that are not UTF-8
    become replacement characters instead of stopping the read)."""
    import chess.pgn

    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            yield game


def player_games(path, player):
    """Each game of the PGN file `path` in which `player` plays (the White or Black
    tag starts with it), with whether it has White; other games are passed over."""
    for game in games(path):
        if game.headers.get("White", "").startswith(player):
            yield game, True
        elif game.headers.get("Black", "").startswith(player):
            yield game, False
