#!/usr/bin/env bash
# The round-end rush on a release build, on SQLite and on PostgreSQL: an 800-player Swiss
# whose third round is open, 400 boards whose two players each send the record through their
# personal links, all at once from 64 clients (the second record confirms the first). Then a
# 500-player event's boards one at a time, for the time of one confirmation; then a writer
# probe (a small write every 50 ms) while the organiser pairs a 3,000-player round, sends a
# 50,000-row player file, and corrects a round-1 result of a finished 2,000-player, 5-round
# event (the later rounds that would pair differently are found outside the write).
#
#   bench/rush.sh                  # both databases
#   BACKENDS=sqlite bench/rush.sh  # one
#
# Needs python3 and, for PostgreSQL, a server at $PG_URL (default
# postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."

PLAYERS=${PLAYERS:-800}
CLIENTS=${CLIENTS:-64}
BACKENDS=${BACKENDS:-sqlite postgres}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18081}

cargo build --release --quiet
kiela=target/release/kiela
work=$(mktemp -d)
server=""
stop_server() { # a pairing still computing does not hold the next run's port
    kill "$server" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
}
cleanup() {
    [ -n "$server" ] && stop_server
    rm -rf "$work"
}
trap cleanup EXIT

event_id() { # slug -> id
    curl -sf "$base/api/v1/events?per_page=1000" | python3 -c "import json,sys; print(next(e['id'] for e in json.load(sys.stdin)['events'] if e['slug'] == '$1'))"
}

for backend in $BACKENDS; do
    case "$backend" in
        sqlite) url="sqlite://$work/rush.sqlite3" ;;
        postgres)
            psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_rush" -c "CREATE DATABASE kiela_rush" >/dev/null 2>&1
            url="$PG_URL/kiela_rush" ;;
        *) echo "unknown backend $backend" >&2; exit 2 ;;
    esac
    export KIELA_DATABASE_URL="$url" KIELA_LOG="${KIELA_LOG:-warn}"
    echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
    token=$($kiela admin create-token --email bench@example.ao)
    start=$(date +%s)
    rush=$($kiela admin demo-event --owner bench@example.ao --name Rush --players "$PLAYERS" --rounds 7 --played 2 --open-round --seed 11)
    single=$($kiela admin demo-event --owner bench@example.ao --name Single --players 500 --rounds 7 --played 2 --open-round --seed 12)
    big=$($kiela admin demo-event --owner bench@example.ao --name National --players 3000 --rounds 9 --played 1 --seed 13)
    done5=$($kiela admin demo-event --owner bench@example.ao --name Finished --players "${CORRECTED:-2000}" --rounds 5 --seed 14)
    echo "# $backend: seeded $PLAYERS + 500 + 3000 players in $(( $(date +%s) - start )) s" >&2
    base="http://127.0.0.1:$PORT"
    if curl -sf "$base/healthz" >/dev/null; then echo "port $PORT is taken" >&2; exit 2; fi
    $kiela serve --bind "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 1 50); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.2; done

    python3 bench/rush.py --base "$base" --event "$(event_id "${rush#/events/}")" --round 3 \
        --token "$token" --clients "$CLIENTS" --server-pid "$server" --label "$backend rush:"
    python3 bench/rush.py --base "$base" --event "$(event_id "${single#/events/}")" --round 3 \
        --token "$token" --sequential --label "$backend 500 players:"
    python3 bench/probe.py --base "$base" --event "$(event_id "${big#/events/}")" \
        --correct "$(event_id "${done5#/events/}")" --token "$token" --label "$backend probe:"

    stop_server
    [ "$backend" = postgres ] && psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_rush" >/dev/null 2>&1 || true
done
