#!/usr/bin/env bash
# Builds the Gomocup package: a statically linked 64-bit Windows brain, pbrain-gorin64.exe,
# at the root of dist/gorin-gomocup-<version>.zip (Gomocup wants pbrain-*.exe, with "64" in
# the name of 64-bit builds, at the top of the zip).
#
# The exe must start on Windows 7 and later and under wine (Debian 12's wine 8.0 included).
# The ordinary x86_64-pc-windows-gnu standard library imports functions that Windows 7 lacks
# (bcryptprimitives.dll!ProcessPrng since Rust 1.78, WaitOnAddress from
# api-ms-win-core-synch-l1-2-0.dll), so the exe is built for Rust's x86_64-win7-windows-gnu
# target instead. That target ships no prebuilt standard library: it is compiled from source
# (-Zbuild-std) with a nightly toolchain.
#
# Installs nothing. Needs, and lists with the command that installs each when missing (then
# exits with status 2):
#   - a nightly Rust toolchain (`rustup toolchain install nightly`; another name through
#     GORIN_NIGHTLY, e.g. GORIN_NIGHTLY=nightly-2026-05-19),
#   - its rust-src component (`rustup component add rust-src --toolchain nightly`),
#   - the MinGW-w64 cross compiler x86_64-w64-mingw32-gcc (`apt-get install mingw-w64`),
#   - zip (`apt-get install zip`).
# scripts/smoke-windows.sh builds the package with this script, checks the exe's imports against
# Windows 7 and plays a protocol transcript with it under wine.
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain=${GORIN_NIGHTLY:-nightly}
target=x86_64-win7-windows-gnu
linker=x86_64-w64-mingw32-gcc
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

missing=()
sysroot=$(rustup run "$toolchain" rustc --print sysroot 2>/dev/null || true)
if [ -z "$sysroot" ]; then
  missing+=("the Rust toolchain '$toolchain': run 'rustup toolchain install $toolchain'")
elif [ ! -f "$sysroot/lib/rustlib/src/rust/library/Cargo.lock" ]; then
  missing+=("the standard library's source for '$toolchain': run 'rustup component add rust-src --toolchain $toolchain'")
fi
if ! command -v "$linker" >/dev/null 2>&1; then
  missing+=("the MinGW-w64 cross compiler $linker: e.g. 'apt-get install mingw-w64' (Debian/Ubuntu)")
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
# panic_unwind is built too: the brain turns a panic in a command into an ERROR line.
CARGO_TARGET_X86_64_WIN7_WINDOWS_GNU_LINKER="$linker" \
RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" \
  cargo "+$toolchain" build --release --target "$target" -Zbuild-std=std,panic_unwind --bin pbrain-gorin

mkdir -p dist
cp "target/$target/release/pbrain-gorin.exe" dist/pbrain-gorin64.exe
zipfile="dist/gorin-gomocup-$version.zip"
rm -f "$zipfile"
zip -j "$zipfile" dist/pbrain-gorin64.exe
echo "package-gomocup: wrote $zipfile"
