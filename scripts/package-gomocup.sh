#!/usr/bin/env bash
# Builds the Gomocup package: a statically linked 64-bit Windows brain, pbrain-gorin64.exe,
# at the root of dist/gorin-gomocup-<version>.zip (Gomocup wants pbrain-*.exe, with "64" in
# the name of 64-bit builds, at the top of the zip).
#
# Needs: the Rust target x86_64-pc-windows-gnu, the MinGW-w64 cross linker, and zip. Where one
# is missing the script says which and how to get it, and exits with status 2.
set -euo pipefail
cd "$(dirname "$0")/.."

target=x86_64-pc-windows-gnu
linker=x86_64-w64-mingw32-gcc
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

missing=()
sysroot=$(rustc --print sysroot 2>/dev/null || true)
if [ -z "$sysroot" ] || [ ! -d "$sysroot/lib/rustlib/$target/lib" ]; then
  missing+=("the Rust standard library for $target: run 'rustup target add $target'")
fi
if ! command -v "$linker" >/dev/null 2>&1; then
  missing+=("the MinGW-w64 linker $linker: e.g. 'apt-get install gcc-mingw-w64-x86-64' (Debian/Ubuntu)")
fi
if ! command -v zip >/dev/null 2>&1; then
  missing+=("zip: e.g. 'apt-get install zip'")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "package-gomocup: cannot build the Windows brain on this machine; missing:" >&2
  for m in "${missing[@]}"; do echo "  - $m" >&2; done
  exit 2
fi

# crt-static: no MinGW runtime DLLs next to the exe (Gomocup runs the brain alone).
CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER="$linker" \
RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" \
  cargo build --release --target "$target" --bin pbrain-gorin

mkdir -p dist
cp "target/$target/release/pbrain-gorin.exe" dist/pbrain-gorin64.exe
zipfile="dist/gorin-gomocup-$version.zip"
rm -f "$zipfile"
zip -j "$zipfile" dist/pbrain-gorin64.exe
echo "package-gomocup: wrote $zipfile"
