#!/usr/bin/env bash
# A round in play on a release build, on SQLite and on PostgreSQL: a Swiss event of
# 2 × BOARDS players whose first round is open, each board playing a move every 10 seconds
# through its players' personal links for DURATION seconds, while SPECTATORS clients follow a
# game's live stream each and 10 more follow the whole round (bench/live.py).
#
#   bench/live.sh                                         # 2,000 boards, 2,000 spectators, 5 minutes
#   BOARDS=500 SPECTATORS=500 DURATION=60 bench/live.sh   # a shorter run
#   BACKENDS=postgres bench/live.sh                       # one database
#
# Needs python3 and, for PostgreSQL, a server at $PG_URL (default
# postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."

BOARDS=${BOARDS:-2000}
SPECTATORS=${SPECTATORS:-2000}
# (Not SECONDS: bash counts the seconds since the shell started in it.)
SECONDS_RUN=${DURATION:-300}
BACKENDS=${BACKENDS:-sqlite postgres}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18082}
ulimit -n 20000

cargo build --release --quiet
kiela=target/release/kiela
work=$(mktemp -d)
server=""
stop_server() {
    kill "$server" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
}
cleanup() {
    [ -n "$server" ] && stop_server
    rm -rf "$work"
}
trap cleanup EXIT

for backend in $BACKENDS; do
    case "$backend" in
        sqlite) url="sqlite://$work/live.sqlite3" ;;
        postgres)
            psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_live" -c "CREATE DATABASE kiela_live" >/dev/null 2>&1
            url="$PG_URL/kiela_live" ;;
        *) echo "unknown backend $backend" >&2; exit 2 ;;
    esac
    export KIELA_DATABASE_URL="$url" KIELA_LOG="${KIELA_LOG:-warn}"
    echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
    token=$($kiela admin create-token --email bench@example.ao)
    slug=$($kiela admin demo-event --owner bench@example.ao --name "Ao vivo" --players $((BOARDS * 2)) --rounds 7 --played 0 --open-round --seed 21)
    base="http://127.0.0.1:$PORT"
    if curl -sf "$base/healthz" >/dev/null; then echo "port $PORT is taken" >&2; exit 2; fi
    KIELA_LIVE_STREAMS_PER_ADDRESS=$((SPECTATORS + 100)) $kiela serve --bind "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 1 50); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.2; done
    event=$(curl -sf "$base/api/v1/events?per_page=1000" | python3 -c "import json,sys; print(next(e['id'] for e in json.load(sys.stdin)['events'] if e['slug'] == '${slug#/events/}'))")
    python3 bench/live.py --base "$base" --event "$event" --round 1 --token "$token" \
        --spectators "$SPECTATORS" --seconds "$SECONDS_RUN" --server-pid "$server" \
        --label "$backend:"
    stop_server
    [ "$backend" = postgres ] && psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_live" >/dev/null 2>&1 || true
done
