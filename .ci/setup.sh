# Sourced by .ci/main and .ci/run: installs what is missing on a Debian
# machine, then builds rgn with gcc into build/.
set -eu
cd "$(dirname "$0")/.."

packages="cmake make gcc clang clang-format libclang-rt-dev pkg-config libxml2-dev libxml2-utils python3-jsonschema libcmocka-dev librsvg2-bin groff-base man-db zlib1g-dev libzstd-dev libbz2-dev libarchive-dev libsqlite3-dev sqlite3 gzip zstd bzip2 xz-utils zip chromium nodejs pgn-extract python3"
# the Dask driver's test (contrib/dask): a real scheduler and workers
packages="$packages python3-distributed"
# the HTML viewer's browser test: Chromium, and npm for its pinned
# playwright-core (a nodejs of NodeSource brings its own npm)
command -v npm >/dev/null 2>&1 || packages="$packages npm"
missing=""
for p in $packages; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi

jobs=$(nproc 2>/dev/null || echo 2)
# optimised with a profile of a training run (cmake/build-pgo.sh)
sh cmake/build-pgo.sh build -DCMAKE_C_COMPILER=gcc
