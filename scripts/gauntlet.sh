#!/usr/bin/env bash
# One engine against several: a fixed-length match against each opponent in turn.
#   scripts/gauntlet.sh ENGINE OPPONENT [OPPONENT ...]
# Engines are command lines (quote them if they have arguments). Defaults: freestyle 15x15,
# 100 ms a move, 100 games per opponent, 2 games at once; override with RULE, SIZE, TC, GAMES,
# CONCURRENCY, OPENINGS, OUT_ROOT. Ends with one summary line per opponent.
if [ $# -lt 2 ]; then
    sed -n '2,6p' "$0" >&2
    exit 2
fi
source "$(dirname "$0")/_match_env.sh"
ENGINE="$1"; shift
RUN="$OUT_ROOT/gauntlet-$(stamp)"
SUMMARIES=()
n=0
for OPP in "$@"; do
    n=$((n + 1))
    OUT="$RUN/opponent$n"
    "$MATCH" --engine "$ENGINE" --engine "$OPP" --rule "$RULE" --size "$SIZE" \
        --turn-ms "$TC" --match-ms "$MATCH_MS" --games "${GAMES:-100}" \
        --concurrency "$CONCURRENCY" "${OPENING_ARGS[@]}" --out "$OUT"
    SUMMARIES+=("$(tail -n 1 "$OUT/summary.txt")")
done
echo "gauntlet results (records in $RUN):"
printf '%s\n' "${SUMMARIES[@]}"
