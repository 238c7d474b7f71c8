#!/usr/bin/env bash
# Smoke test of the Gomocup package (not part of CI; run it by hand before a release):
#   1. builds dist/gorin-gomocup-<version>.zip with scripts/package-gomocup.sh;
#   2. lists the exe's imports (DLLs and functions) and fails on any that Windows 7 lacks:
#      a DLL outside the Windows 7 system DLLs below (api-ms-win-*/ext-ms-win-* API sets and
#      bcryptprimitives.dll included), or a function known to have come with Windows 8 or later;
#   3. runs a protocol transcript with the exe under wine and checks every answer: ABOUT,
#      START, BEGIN, TURN, a renju position by yxboard + yxshowforbid, END.
#
# Needs what the package script needs (a nightly toolchain with rust-src, mingw-w64, zip) and
# wine with 64-bit support; on Debian/Ubuntu:
#   apt-get install mingw-w64 zip unzip wine64
#   rustup toolchain install nightly && rustup component add rust-src --toolchain nightly
# The brain is a console program: no X display (xvfb) is needed.
# Environment: SMOKE_EXE (check this exe instead of building the package), WINEPREFIX (default
# target/wine-smoke, created on the first run, which takes a while), WINE (default: wine, else
# wine64), SMOKE_TIMEOUT (seconds per answer, default 60).
# Exit status 0 when every check passed, 1 when one failed, 2 when a tool is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "smoke-windows: FAIL: $*" >&2
  exit 1
}

objdump=x86_64-w64-mingw32-objdump
command -v "$objdump" >/dev/null 2>&1 || objdump=objdump
wine=${WINE:-}
if [ -z "$wine" ]; then
  if command -v wine >/dev/null 2>&1; then wine=wine; elif command -v wine64 >/dev/null 2>&1; then wine=wine64; fi
fi
if [ -z "$wine" ] || ! command -v "$objdump" >/dev/null 2>&1 || ! command -v unzip >/dev/null 2>&1; then
  echo "smoke-windows: needs wine (apt-get install wine64), $objdump (apt-get install mingw-w64) and unzip (apt-get install unzip)" >&2
  exit 2
fi

# 1. The package.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${SMOKE_EXE:-}" ]; then
  exe="$work/pbrain-under-test.exe"
  cp "$SMOKE_EXE" "$exe"
  echo "smoke-windows: $SMOKE_EXE: $(stat -c %s "$exe") byte exe (the package is not built)"
else
  scripts/package-gomocup.sh
  version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
  zipfile="dist/gorin-gomocup-$version.zip"
  entries=$(unzip -Z1 "$zipfile")
  [ "$entries" = "pbrain-gorin64.exe" ] || fail "$zipfile should hold pbrain-gorin64.exe alone at its root, holds: $entries"
  unzip -q -o "$zipfile" -d "$work"
  exe="$work/pbrain-gorin64.exe"
  echo "smoke-windows: $zipfile: $(stat -c %s "$exe") byte exe"
fi

# 2. Imports. Windows 7 system DLLs a Rust program may link to (lower case).
win7_dlls=" kernel32.dll advapi32.dll ntdll.dll msvcrt.dll user32.dll gdi32.dll shell32.dll
  shlwapi.dll ole32.dll oleaut32.dll ws2_32.dll mswsock.dll bcrypt.dll crypt32.dll secur32.dll
  userenv.dll psapi.dll dbghelp.dll iphlpapi.dll version.dll winmm.dll comctl32.dll "
# Functions of those DLLs that arrived with Windows 8 or later (the ones a Rust or C program
# is likely to import; Microsoft's "minimum supported client" of each).
post_win7_functions=" WaitOnAddress WakeByAddressSingle WakeByAddressAll ProcessPrng
  GetSystemTimePreciseAsFileTime CreateFile2 CopyFile2 GetCurrentThreadStackLimits
  SetThreadDescription GetThreadDescription PrefetchVirtualMemory GetSystemCpuSetInformation
  SetThreadInformation GetThreadInformation GetProcessMitigationPolicy SetProcessMitigationPolicy
  CreateFileMappingFromApp MapViewOfFileFromApp VirtualAlloc2 MapViewOfFile3
  GetCurrentPackageId GetCurrentPackageFullName GetPackageFamilyName AddDllDirectory
  SetDefaultDllDirectories RemoveDllDirectory GetOverlappedResultEx GetFirmwareType
  GetProcessInformation SetProcessInformation DiscardVirtualMemory OfferVirtualMemory
  ReclaimVirtualMemory InitializeSynchronizationBarrier EnterSynchronizationBarrier
  DeleteSynchronizationBarrier CreateProcessAsUserW2 GetSystemTimeAdjustmentPrecise
  QueryInterruptTime QueryInterruptTimePrecise QueryUnbiasedInterruptTimePrecise
  GetTempPath2W GetTempPath2A SetFileIoOverlappedRange GetMachineTypeAttributes
  IsWow64Process2 CreatePseudoConsole ResizePseudoConsole ClosePseudoConsole "
imports="$work/imports.txt"
"$objdump" -p "$exe" | awk '
  /^[ \t]*DLL Name:/ { dll = $3; print dll; next }
  /^[ \t]*$/ { dll = "" }
  dll != "" && /^[ \t]+[0-9a-f]+[ \t]+[0-9]+[ \t]+[A-Za-z_]/ { print dll " " $3 }
' >"$imports"
[ -s "$imports" ] || fail "no imports read from the exe (is it a PE file?)"
dlls=$(awk 'NF == 1' "$imports" | sort -u)
echo "smoke-windows: imported DLLs:" $dlls
echo "smoke-windows: $(awk 'NF == 2' "$imports" | wc -l) imported functions (full list: $objdump -p EXE)"
bad=0
for d in $dlls; do
  lower=$(echo "$d" | tr 'A-Z' 'a-z')
  case " $win7_dlls " in
    *" $lower "*) ;;
    *) echo "smoke-windows: import from $d: not a Windows 7 system DLL" >&2; bad=1 ;;
  esac
done
while read -r d f; do
  [ -n "${f:-}" ] || continue
  case " $post_win7_functions " in
    *[[:space:]]"$f"[[:space:]]*) echo "smoke-windows: import $d!$f: arrived after Windows 7" >&2; bad=1 ;;
  esac
done <"$imports"
[ "$bad" = 0 ] || fail "the exe imports what Windows 7 does not have"
echo "smoke-windows: imports: all in Windows 7 (no bcryptprimitives.dll, no api-ms-win-* API sets)"

# 3. A transcript under wine.
export WINEPREFIX=${WINEPREFIX:-$PWD/target/wine-smoke}
export WINEDEBUG=${WINEDEBUG:--all}
mkdir -p "$WINEPREFIX"
echo "smoke-windows: $("$wine" --version 2>/dev/null || echo wine), prefix $WINEPREFIX"
wait_s=${SMOKE_TIMEOUT:-60}
transcript="$work/transcript.txt"
coproc BRAIN { exec "$wine" "$exe" 2>"$work/stderr.txt"; }
brain_pid=$BRAIN_PID
trap 'kill "$brain_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
to_brain=${BRAIN[1]}
from_brain=${BRAIN[0]}

messages=0 # MESSAGE lines since the last command
closing=0  # closing 'MESSAGE Speed' lines since the last command
send() {
  messages=0
  closing=0
  echo "> $1" >>"$transcript"
  printf '%s\r\n' "$1" >&"$to_brain"
}

# The next line that is not MESSAGE/DEBUG (those are logged); fails after $wait_s seconds.
answer() {
  local line
  while true; do
    if ! IFS= read -r -t "$wait_s" line <&"$from_brain"; then
      cat "$transcript" >&2
      fail "no answer within $wait_s s after '$1' (wine stderr: $(tail -n 3 "$work/stderr.txt" 2>/dev/null))"
    fi
    line=${line%$'\r'}
    echo "< $line" >>"$transcript"
    case "$line" in
      "MESSAGE Speed "*) messages=$((messages + 1)) closing=$((closing + 1)); continue ;;
      MESSAGE*) messages=$((messages + 1)); continue ;;
      DEBUG*) continue ;;
    esac
    REPLY=$line
    return 0
  done
}

expect() { # command, pattern (extended regex), what the answer should be
  answer "$1"
  if ! [[ $REPLY =~ $2 ]]; then
    cat "$transcript" >&2
    fail "'$1' answered '$REPLY', expected $3"
  fi
  echo "smoke-windows: $1 -> $REPLY"
}

send ABOUT
expect ABOUT '^name="Gorin", version="[^"]+"' 'name="Gorin", version=…'
send "START 15"
expect "START 15" '^OK$' OK
send "INFO timeout_turn 500"
send "INFO rule 0"
# A move: at most 30 MESSAGE lines, one of them the closing line.
check_lines() {
  [ "$closing" = 1 ] || fail "$1: $closing closing 'MESSAGE Speed' lines, expected 1"
  [ "$messages" -le 30 ] || fail "$1: $messages MESSAGE lines, more than 30"
}
send BEGIN
expect BEGIN '^[0-9]+,[0-9]+$' 'a move x,y'
check_lines BEGIN
first=$REPLY
[ "$first" = "7,7" ] || fail "BEGIN on an empty board answered $first, expected the centre 7,7"
send "TURN 8,8"
expect "TURN 8,8" '^[0-9]+,[0-9]+$' 'a move x,y'
check_lines "TURN 8,8"
case "$REPLY" in 7,7 | 8,8) fail "TURN 8,8 answered the occupied point $REPLY" ;; esac
IFS=, read -r x y <<<"$REPLY"
{ [ "$x" -lt 15 ] && [ "$y" -lt 15 ]; } || fail "TURN 8,8 answered $REPLY, off the 15x15 board"
# Renju, black to move: the double threes of a recursive position (the same as tests/protocol.rs).
send "INFO rule 4"
send "yxboard"
for s in 6,5,2 7,5,2 6,6,1 7,6,1 4,7,2 5,7,1 6,7,1 7,7,1 8,7,1 9,7,2 4,8,2 5,8,1 6,8,1 7,8,1 8,8,1 \
  9,8,2 6,9,1 7,9,1 6,10,2 7,10,2; do
  send "$s"
done
send "done"
send "yxshowforbid"
expect yxshowforbid '^FORBID ' 'FORBID …'
[ "$REPLY" = "FORBID 0506080605090809." ] || fail "yxshowforbid answered '$REPLY', expected 'FORBID 0506080605090809.'"
send "END"
for _ in $(seq 1 $((wait_s * 10))); do
  kill -0 "$brain_pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$brain_pid" 2>/dev/null; then
  fail "the brain did not exit within $wait_s s of END"
fi
echo "smoke-windows: END -> exited"
echo "smoke-windows: transcript:"
sed 's/^/  /' "$transcript"
echo "smoke-windows: PASS"
