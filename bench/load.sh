#!/usr/bin/env bash
# Load benchmark of the public pages: a 500-player, 9-round Swiss event played out with random
# legal games, served by a release build, measured with wrk next to a trivial route (a static
# file) of the same server, on SQLite and on PostgreSQL.
#
#   bench/load.sh                  # both databases
#   BACKENDS=sqlite bench/load.sh  # one
#
# Needs wrk (apt-get install wrk) and, for PostgreSQL, a server at $PG_URL (default
# postgres://postgres@127.0.0.1:5432). Clients send Accept-Encoding: gzip, as browsers do.
set -euo pipefail
cd "$(dirname "$0")/.."

PLAYERS=${PLAYERS:-500}
ROUNDS=${ROUNDS:-9}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-16}
BACKENDS=${BACKENDS:-sqlite postgres}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18080}

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
cargo build --release --quiet
kiela=target/release/kiela
work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

measure() { # name url -> "rps p50 p99"
    wrk -t2 -c"$CONNECTIONS" -d3s -H "Accept-Encoding: gzip" "$2" >/dev/null # warm-up
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Accept-Encoding: gzip" "$2" >"$work/wrk.txt"
    local rps p50 p99
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
    p50=$(awk '$1 == "50%" {print $2}' "$work/wrk.txt")
    p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
    printf '%-10s %-34s %10s %10s %10s\n' "$backend" "$1" "$rps" "$p50" "$p99"
    echo "$rps"> "$work/last"
}

printf '%-10s %-34s %10s %10s %10s\n' backend route req/s p50 p99
for backend in $BACKENDS; do
    case "$backend" in
        sqlite) url="sqlite://$work/load.sqlite3" ;;
        postgres)
            psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_load" -c "CREATE DATABASE kiela_load" >/dev/null 2>&1
            url="$PG_URL/kiela_load" ;;
        *) echo "unknown backend $backend" >&2; exit 2 ;;
    esac
    # The access log is off (a reverse proxy keeps one); KIELA_LOG=info measures with it.
    export KIELA_DATABASE_URL="$url" KIELA_LOG="${KIELA_LOG:-warn}"
    echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
    start=$(date +%s)
    path=$($kiela admin demo-event --owner bench@example.ao --players "$PLAYERS" --rounds "$ROUNDS" --seed 7)
    echo "# $backend: seeded $PLAYERS players, $ROUNDS rounds in $(( $(date +%s) - start )) s" >&2
    $kiela serve --bind "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
    base="http://127.0.0.1:$PORT"
    game=$(curl -sf "$base$path/rounds/$ROUNDS" | grep -o "$path/games/[0-9]*" | awk 'NR == 1')
    measure "/static/favicon.svg (trivial)" "$base/static/favicon.svg"
    trivial=$(cat "$work/last")
    measure "standings" "$base$path/standings"
    standings=$(cat "$work/last")
    measure "pairings (round $ROUNDS)" "$base$path/rounds/$ROUNDS"
    measure "game page" "$base$game"
    measure "/healthz (one query)" "$base/healthz"
    slug=${path#/events/}
    id=$(curl -sf "$base/api/v1/events" | python3 -c "import json,sys; print(next(e['id'] for e in json.load(sys.stdin)['events'] if e['slug'] == '$slug'))")
    measure "API standings (JSON)" "$base/api/v1/events/$id/standings"
    api=$(cat "$work/last")
    measure "API round $ROUNDS (JSON)" "$base/api/v1/events/$id/rounds/$ROUNDS"
    awk -v s="$standings" -v a="$api" -v t="$trivial" -v b="$backend" \
        'BEGIN { printf "# %s: standings at %.0f%%, API standings at %.0f%% of the trivial route\n", b, 100 * s / t, 100 * a / t }' >&2
    kill "$server"; wait "$server" 2>/dev/null || true; server=""
    [ "$backend" = postgres ] && psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_load" >/dev/null 2>&1 || true
done
