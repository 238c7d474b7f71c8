# Shared defaults for sprt.sh and gauntlet.sh (sourced, not run). Every value can be set in the
# environment: RULE (0 1 4 8 9), SIZE, TC (ms per move), MATCH_MS, GAMES, CONCURRENCY, OPENINGS
# (a file; empty = random openings), OUT_ROOT (where match folders go).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RULE="${RULE:-0}"
SIZE="${SIZE:-15}"
TC="${TC:-100}"
MATCH_MS="${MATCH_MS:-0}"
CONCURRENCY="${CONCURRENCY:-2}"
OUT_ROOT="${OUT_ROOT:-$ROOT/matches}"
if [ -z "${OPENINGS+x}" ]; then
    case "$RULE" in
        0) OPENINGS="$ROOT/tests/data/openings_freestyle_15.txt" ;;
        1) OPENINGS="$ROOT/tests/data/openings_standard_15.txt" ;;
        4) OPENINGS="$ROOT/tests/data/openings_renju_15.txt" ;;
        *) OPENINGS="" ;;
    esac
    [ "$SIZE" = 15 ] || OPENINGS=""
fi
# File openings first, then random 4-stone openings so long matches keep varying.
OPENING_ARGS=(--random-openings 4)
[ -n "$OPENINGS" ] && OPENING_ARGS=(--openings "$OPENINGS" --random-openings 4)
cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml" --bin gorin-match
MATCH="$ROOT/target/release/gorin-match"
stamp() { date -u +%Y%m%d-%H%M%S; }
