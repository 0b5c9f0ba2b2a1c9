#!/usr/bin/env bash
# What one visitor cannot do to the server, measured on a release build, on SQLite and on
# PostgreSQL (the README's "Proven under load, faults and attack" rows come from here):
#
#   1. 30 sign-ups from one address with the default limit: 10 accepted, the rest 429; then
#      300 simultaneous sign-ups (the per-address limit lifted for the test): resident memory
#      stays bounded and /healthz keeps answering.
#   2. 1,000 connections trickling a request body a byte a second: all closed (408) within
#      the body deadline, none held.
#   3. 30 junk records of 1.4 MB each through one personal link: what the database grows by.
#   4. A flood of the "why this pairing" page of a 500-player event's round 9 with made-up
#      query strings (16 connections, 30 s): /healthz p99 during the flood.
#
#   bench/attack.sh                  # both databases
#   BACKENDS=sqlite bench/attack.sh  # one
#
# Needs wrk, curl and python3; PostgreSQL at $PG_URL (default postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."

BACKENDS=${BACKENDS:-sqlite postgres}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18090}
PLAYERS=${PLAYERS:-500}
ROUNDS=${ROUNDS:-9}
FLOOD=${FLOOD:-30s}

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
ulimit -n 8192
cargo build --release --quiet
kiela=target/release/kiela
base="http://127.0.0.1:$PORT"
work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

start_server() {
    $kiela serve --bind "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 1 100); do curl -sf "$base/healthz" >/dev/null && return; sleep 0.1; done
    echo "the server did not start" >&2; cat "$work/serve.log" >&2; exit 1
}
stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }
db_bytes() {
    case "$backend" in
        sqlite) du -cb "$work"/attack.sqlite3* | awk 'END {print $1}' ;;
        postgres) psql "$PG_URL/kiela_attack" -tAc "SELECT pg_database_size(current_database())" ;;
    esac
}
api() { # method path [json]
    curl -sf -X "$1" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        ${3:+--data "$3"} "$base$2"
}

for backend in $BACKENDS; do
    case "$backend" in
        sqlite) url="sqlite://$work/attack.sqlite3" ;;
        postgres)
            psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_attack" \
                -c "CREATE DATABASE kiela_attack" >/dev/null 2>&1
            url="$PG_URL/kiela_attack" ;;
        *) echo "unknown backend $backend" >&2; exit 2 ;;
    esac
    export KIELA_DATABASE_URL="$url" KIELA_LOG=warn
    echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
    token=$($kiela admin create-token --email bench@example.ao)

    # 1. Sign-ups: from one address with the default limit, then 300 with it lifted.
    start_server
    echo "$backend signups_one_address $(python3 bench/attack.py signups "$base" "$server" 30)"
    stop_server
    export KIELA_SIGNUP_LIMIT_PER_IP=100000
    start_server
    unset KIELA_SIGNUP_LIMIT_PER_IP
    echo "$backend signups300 $(python3 bench/attack.py signups "$base" "$server" 300)"

    # 2. Slow bodies.
    echo "$backend slow_bodies $(python3 bench/attack.py slow "$base" 1000 40)"

    # 3. Junk records through a personal link.
    event=$(api POST /api/v1/events '{"name":"Junk","rounds":1}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
    first=$(api POST "/api/v1/events/$event/players" '{"name":"Ana","rating":2000}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
    api POST "/api/v1/events/$event/players" '{"name":"Bento","rating":1900}' >/dev/null
    game=$(api POST "/api/v1/events/$event/rounds" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pairings"][0]["game_id"])')
    link=$(api GET "/api/v1/events/$event/players/$first/link" | python3 -c 'import json,sys,urllib.parse; print(urllib.parse.urlparse(json.load(sys.stdin)["url"]).path)')
    before=$(db_bytes)
    junk=$(python3 bench/attack.py junk "$base" "$link/games/$game" 30 1400000)
    sleep 1
    after=$(db_bytes)
    echo "$backend junk_records $junk growth_mb=$(awk -v a="$after" -v b="$before" 'BEGIN {printf "%.2f", (a - b) / 1048576}')"
    stop_server

    # 4. The why page under a flood of made-up query strings.
    path=$($kiela admin demo-event --owner bench@example.ao --players "$PLAYERS" --rounds "$ROUNDS" --seed 7)
    start_server
    cat >"$work/random.lua" <<EOF
counter = 0
request = function()
    counter = counter + 1
    return wrk.format("GET", "$path/rounds/$ROUNDS/why?x=" .. math.random(1, 1000000000) .. "-" .. counter)
end
EOF
    seconds=${FLOOD%s}
    python3 bench/attack.py healthz "$base" "$seconds" "$work/healthz.json" &
    probe=$!
    wrk -t1 -c16 -d"$FLOOD" -s "$work/random.lua" "$base" >"$work/wrk.txt"
    wait "$probe"
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
    echo "$backend why_flood why_rps=$rps healthz=$(cat "$work/healthz.json")"
    stop_server
    [ "$backend" = postgres ] && psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_attack" >/dev/null 2>&1 || true
done
