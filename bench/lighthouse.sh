#!/usr/bin/env bash
# Lighthouse's accessibility audit of the public pages of a played-out event, in headless
# Chromium, against a server seeded with a demonstration event. Prints each page's score (the
# goal is 100) and the audits that fail. axe-core, which Lighthouse's audit is built on, also
# runs on every page type in the test suite (tests/web/page_types.rs).
#
#   bench/lighthouse.sh                  # needs Node and lighthouse: npm install -g lighthouse
#   KIELA=target/debug/kiela LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse bench/lighthouse.sh
set -euo pipefail
cd "$(dirname "$0")/.."

LIGHTHOUSE=${LIGHTHOUSE:-lighthouse}
CHROMIUM=${KIELA_CHROMIUM:-/usr/bin/chromium}
PORT=${PORT:-18091}
command -v "$LIGHTHOUSE" >/dev/null || { echo "lighthouse is missing: npm install -g lighthouse" >&2; exit 2; }
if [ -z "${KIELA:-}" ]; then
    cargo build --release --quiet
    KIELA=$PWD/target/release/kiela
fi
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

export KIELA_DATABASE_URL="sqlite://$work/lighthouse.sqlite3" KIELA_LOG=warn
echo "a-long-password" | $KIELA admin create-user --email lh@example.ao --name Lighthouse --role organiser 2>/dev/null
event=$($KIELA admin demo-event --owner lh@example.ao --players 12 --rounds 3)
slug=${event##*/events/}
$KIELA serve --bind "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 50); do
    curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    sleep 0.2
done
base="http://127.0.0.1:$PORT"
game=$(curl -fs "$base/api/v1/events" | python3 -c 'import json,sys; print(json.load(sys.stdin)["events"][0]["id"])')
game=$(curl -fs "$base/api/v1/events/$game/rounds/1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pairings"][0]["game_id"])')
failed=0
for page in "/" "/events" "/login" "/events/$slug" "/events/$slug/standings" "/events/$slug/rounds/2" \
    "/events/$slug/crosstable" "/events/$slug/players" "/events/$slug/games/$game?ply=6"; do
    for form in mobile desktop; do
        flags=(--form-factor="$form")
        [ "$form" = desktop ] && flags+=(--preset=desktop)
        CHROME_PATH=$CHROMIUM "$LIGHTHOUSE" "$base$page" --only-categories=accessibility --quiet \
            --chrome-flags="--headless --no-sandbox --disable-gpu" "${flags[@]}" \
            --output=json --output-path="$work/report.json" >/dev/null 2>&1
        python3 - "$work/report.json" "$page" "$form" <<'PY' || failed=1
import json, sys
report = json.load(open(sys.argv[1]))
score = round(report["categories"]["accessibility"]["score"] * 100)
failing = [a["id"] for a in report["audits"].values()
           if a.get("score") is not None and a["score"] < 1 and a.get("scoreDisplayMode") == "binary"]
print(f"{score:3d}  {sys.argv[3]:7s} {sys.argv[2]}" + (f"  failing: {', '.join(failing)}" if failing else ""))
sys.exit(0 if score == 100 else 1)
PY
    done
done
exit $failed
