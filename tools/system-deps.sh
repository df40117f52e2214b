#!/usr/bin/env bash
# The system packages `make play` and `make test` need (tools/system-deps.txt, the one list):
# checks each, and installs the missing ones with apt-get when it can (as root, or through
# `sudo -n` when that works without a password). Otherwise it stops at once, before anything is
# built or tested, naming the missing packages and the one command that installs them.
#
#   bash tools/system-deps.sh play|test           check, and install what is missing
#   bash tools/system-deps.sh play|test --check   check only: never installs
#
# SYSTEM_DEPS_LIST names another list (the tests use it to make a package look missing);
# PYTHON is the interpreter whose venv module `make` uses (python3 by default).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
list=${SYSTEM_DEPS_LIST:-$here/system-deps.txt}
python=${PYTHON:-python3}
want=${1:-}
mode=${2:-install}
case $want in play|test) ;; *) echo "usage: $0 play|test [--check]" >&2; exit 2 ;; esac

present() {  # KIND WHAT: is it on this machine?
    case $1 in
        command) PATH="$PATH:/usr/sbin:/sbin" command -v "$2" >/dev/null 2>&1 ;;
        file) [[ -e $2 ]] ;;
        python) "$python" -c "import $2" >/dev/null 2>&1 ;;
        *) echo "system-deps: unknown check '$1' in $list" >&2; exit 2 ;;
    esac
}

missing_packages() {
    local need pkg kind what
    while read -r need pkg kind what; do
        [[ -z $need || $need == \#* ]] && continue
        [[ ",$need," == *",$want,"* ]] || continue
        present "$kind" "$what" || printf '%s\n' "$pkg"
    done <"$list"
}

mapfile -t missing < <(missing_packages)
((${#missing[@]})) || exit 0

how="sudo apt-get update && sudo apt-get install -y ${missing[*]}"
stop() {
    echo "make $want: missing system packages: ${missing[*]}" >&2
    echo "  $1" >&2
    echo "  install them with:  $how" >&2
    exit 1
}
[[ $mode == --check ]] && stop "(checked only)"
command -v apt-get >/dev/null 2>&1 || stop "apt-get is not here (not Debian or Ubuntu): install their equivalents"
if [[ $(id -u) == 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
else
    stop "not root, and sudo needs a password"
fi
echo "make $want: installing ${missing[*]} (apt-get)" >&2
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
mapfile -t missing < <(missing_packages)
((${#missing[@]})) && stop "still missing after apt-get install"
exit 0
