#!/bin/sh
# The HTML game viewer and the tournament page in headless Chromium
# (viewer_test.js and tournament_test.js say what they check). Set-up:
# Debian's chromium (.ci/setup.sh installs it) and the
# pinned playwright-core from package-lock.json, installed here with
# npm ci when missing or not the locked version; no browser is
# downloaded. Fails, never skips, when Chromium is missing.
#
# usage: run.sh RGN RGN-GEN SOURCE-DIR OUT-DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x /usr/bin/chromium ]; then
    echo "FAIL: /usr/bin/chromium is missing: install Debian's chromium package"
    exit 1
fi
for tool in node npm xmllint; do
    if ! command -v $tool >/dev/null 2>&1; then
        echo "FAIL: $tool is missing"
        exit 1
    fi
done
locked=$(node -e 'console.log(require(process.argv[1]).packages["node_modules/playwright-core"].version)' \
    "$here/package-lock.json")
installed=$(node -e 'try { console.log(require(process.argv[1]).version) } catch (e) { console.log("none") }' \
    "$here/node_modules/playwright-core/package.json")
if [ "$locked" != "$installed" ]; then
    echo "installing playwright-core $locked (npm ci)"
    (cd "$here" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --ignore-scripts) || {
        echo "FAIL: npm ci in $here"
        exit 1
    }
fi
node "$here/viewer_test.js" "$@" || exit 1
# the tournament's page: standings and crosstable over the viewer
exec node "$here/tournament_test.js" "$@"
