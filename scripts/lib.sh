# Helpers shared by the scripts (usage_header by all of them; the rest by the match
# scripts: gauntlet, calibrate-elo, levels, gomoku-bench, endurance). Sourced, not run: `. "$(dirname "$0")/lib.sh"`. Each reads the text
# `ludex match` prints, so the table and Elo formats are parsed in one place.

# find_engine NAME... -> the path of the first NAME found on PATH or in /usr/games
# (where Debian puts stockfish, toga2, glaurung, fairy-stockfish); fails if none is.
find_engine() {
    local n p
    for n in "$@"; do
        for p in "$(command -v "$n" 2>/dev/null || true)" "/usr/games/$n"; do
            if [ -n "$p" ] && [ -x "$p" ]; then echo "$p"; return 0; fi
        done
    done
    return 1
}

# ludex_binary [PATH] -> the absolute path of PATH, or of a fresh release build of
# this checkout when PATH is empty.
ludex_binary() {
    if [ -z "${1:-}" ]; then
        cargo build --release --quiet >&2
        realpath "${CARGO_TARGET_DIR:-target}/release/ludex"
    else
        realpath "$1"
    fi
}

# match_wdl LOG NAME -> "games wins draws losses" of engine NAME in the result table
# of a `ludex match` log; nothing if the table is missing.
match_wdl() {
    awk -v n="$2" '$2 == n && NF == 8 {print $3, $4, $5, $6}' "$1"
}

# match_score LOG NAME -> NAME's score column ("57.5%") from the same table.
match_score() {
    awk -v n="$2" '$2 == n && NF == 8 {print $8}' "$1"
}

# match_elo LOG -> the "E ± M" of the log's first Elo line, or nothing.
match_elo() {
    sed -n 's/^Elo difference ([^)]*): \(.*\) (95%).*/\1/p' "$1" | head -n 1
}

# match_endings LOG -> "reason: count; ..." from the log's "Games ended by:" block.
match_endings() {
    awk '/^Games ended by:/ {on = 1; next} on && NF {sub(/^ +/, ""); printf "%s; ", $0}' "$1"
}

# usage_header -> the running script's header comment (its --help): the comment
# lines after the shebang, up to the first other line, so a header that grows
# needs no line count kept. The script is looked up beside this file, which holds
# whatever directory it was started from or has changed to.
usage_header() {
    sed -n '2,/^[^#]/{/^#/p}' "$(dirname "${BASH_SOURCE[0]}")/${0##*/}"
}
