#!/usr/bin/env bash
# Copy the browser runtime (PyScript + Pyodide) from node_modules/ into static/vendor/,
# so the page loads everything from its own origin and never from a CDN.
#   static/vendor/pyscript/  every file of @pyscript/core/dist: core.js, core.css, the chunks
#                            they import (statically or lazily) and their source maps
#   static/vendor/pyodide/   only what a pure-Python app needs from the pyodide package, with
#                            python_stdlib.zip precompiled to bytecode (tools/build_runtime.mjs)
# Idempotent: the target folders are rebuilt from scratch on every run.
set -euo pipefail
cd "$(dirname "$0")/.."

src_pyscript=node_modules/@pyscript/core/dist
src_pyodide=node_modules/pyodide
out=static/vendor
pyodide_files=(pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json)

for f in "$src_pyscript/core.js" "$src_pyscript/core.css" "${pyodide_files[@]/#/$src_pyodide/}"; do
    [[ -f $f ]] || { echo "vendor.sh: missing $f (run 'npm ci' first)" >&2; exit 1; }
done

rm -rf "$out/pyscript" "$out/pyodide"
mkdir -p "$out/pyscript" "$out/pyodide"

# PyScript: core.js imports hashed chunks and loads the others lazily (py-editor, terminal,
# toml parser, ...), so copy the whole flat dist (*.js, *.css, *.map; it has no sub-folders).
cp -p "$src_pyscript"/*.js "$src_pyscript"/*.css "$src_pyscript"/*.map "$out/pyscript/"

# Pyodide: the loader, the wasm runtime, the standard library and the lock file.
cp -p "${pyodide_files[@]/#/$src_pyodide/}" "$out/pyodide/"

# The standard library with the modules a start-up imports precompiled by Pyodide's own Python
# (same file name). If that step fails the page still works, from npm's plain zip, only slower.
if node tools/build_runtime.mjs stdlib "$out/pyodide/python_stdlib.zip.tmp"; then
    mv "$out/pyodide/python_stdlib.zip.tmp" "$out/pyodide/python_stdlib.zip"
else
    rm -f "$out/pyodide/python_stdlib.zip.tmp"
    echo "vendor.sh: NOTE: could not precompile the standard library; using npm's plain" \
         "python_stdlib.zip (the game works, its start-up is slower)" >&2
fi

# Sanity check: every relative module a copied chunk imports must be there too.
missing=0
for name in $(grep -ohE '(from|import)\s*\(?"\./[^"]+\.js"' "$out/pyscript"/*.js \
              | grep -oE '\./[^"]+\.js' | sort -u); do
    if [[ ! -f "$out/pyscript/${name#./}" ]]; then
        echo "vendor.sh: $out/pyscript/${name#./} is imported but missing" >&2
        missing=1
    fi
done
[[ $missing == 0 ]] || exit 1

echo "vendor.sh: $(ls "$out/pyscript" | wc -l) PyScript files, $(ls "$out/pyodide" | wc -l) Pyodide files in $out/"
