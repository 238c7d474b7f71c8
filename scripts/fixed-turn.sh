#!/usr/bin/env bash
# Runs a Gomocup brain that is told a fixed time per move, whatever the manager says:
#   scripts/fixed-turn.sh MS ENGINE [ARGS...]
# Every `INFO timeout_turn N` line on the way in becomes `INFO timeout_turn MS`; everything
# else passes unchanged, line by line. For development matches against a stronger engine at a
# fraction of our time, e.g. with gorin-match:
#   --engine "$PWD/scripts/fixed-turn.sh 60 /path/to/pbrain-other"
# ENGINE may be a relative path; the brain runs in its own folder (where such brains look for
# their configuration). The brain replaces this shell, so a manager that kills the process
# kills the brain.
set -euo pipefail
if [ $# -lt 2 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
    sed -n '2,10p' "$0" >&2
    exit 2
fi
MS="$1"
DIR="$(cd "$(dirname "$2")" && pwd)"
ENGINE="$DIR/$(basename "$2")"
shift 2
cd "$DIR"
exec "$ENGINE" "$@" < <(exec sed -u "s/^INFO timeout_turn .*/INFO timeout_turn $MS/")
