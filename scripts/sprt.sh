#!/usr/bin/env bash
# SPRT of two builds: is NEW at least ELO1 stronger than OLD, or not better than ELO0?
#   scripts/sprt.sh NEW_ENGINE OLD_ENGINE [more gorin-match flags]
# Engines are command lines (quote them if they have arguments). Defaults: freestyle 15x15,
# 100 ms a move, at most 2000 games, SPRT 0,10,0.05,0.05, 2 games at once; override with RULE,
# SIZE, TC, GAMES, SPRT, CONCURRENCY, OPENINGS, OUT_ROOT. The last line printed is the summary.
if [ $# -lt 2 ]; then
    sed -n '2,6p' "$0" >&2
    exit 2
fi
source "$(dirname "$0")/_match_env.sh"
NEW="$1"; OLD="$2"; shift 2
OUT="$OUT_ROOT/sprt-$(stamp)"
exec "$MATCH" --engine "$NEW" --engine "$OLD" --rule "$RULE" --size "$SIZE" \
    --turn-ms "$TC" --match-ms "$MATCH_MS" --games "${GAMES:-2000}" --concurrency "$CONCURRENCY" \
    --sprt "${SPRT:-0,10,0.05,0.05}" "${OPENING_ARGS[@]}" --out "$OUT" "$@"
