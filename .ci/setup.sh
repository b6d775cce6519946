# Sourced by .ci/main and .ci/run: installs what is missing on a Debian
# machine, then builds rgn with gcc into build/.
set -eu
cd "$(dirname "$0")/.."

packages="cmake make gcc clang libclang-rt-dev pkg-config libxml2-dev libxml2-utils libcmocka-dev librsvg2-bin groff-base man-db zlib1g-dev libzstd-dev libbz2-dev gzip zstd bzip2"
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
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
cmake --build build -j "$jobs"
