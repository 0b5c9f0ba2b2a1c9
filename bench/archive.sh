#!/usr/bin/env bash
# An event archive at a national event's size, on a release build: a 500-player, 9-round Swiss
# played out with random legal records at a venue (SQLite); its archive written
# (`kiela archive export`), its size as JSON and gzip; then imported at the federation on
# SQLite and on PostgreSQL (`kiela archive import`: every record verified again, every entry
# matched to the registry, every round paired again with the Dutch system), and imported a
# second time (the same archive: nothing changes).
#
#   bench/archive.sh                     # both federation databases
#   BACKENDS=sqlite bench/archive.sh     # one
#   PLAYERS=100 ROUNDS=5 bench/archive.sh
#
# PostgreSQL: a server at $PG_URL (default postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."

PLAYERS=${PLAYERS:-500}
ROUNDS=${ROUNDS:-9}
BACKENDS=${BACKENDS:-sqlite postgres}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}

cargo build --release --quiet
kiela=$(pwd)/target/release/kiela
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { # the wall time of a command, in seconds, its output kept
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/out" 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

venue="sqlite://$work/venue.sqlite3"
export KIELA_LOG=warn
echo "a-long-password" | KIELA_DATABASE_URL=$venue "$kiela" admin create-user \
    --email venue@example.ao --name Venue --role admin
played=$(seconds env KIELA_DATABASE_URL="$venue" "$kiela" admin demo-event \
    --owner venue@example.ao --name "Qualificação" --players "$PLAYERS" --rounds "$ROUNDS")
slug=$(sed 's#/events/##' "$work/out")
export_time=$(seconds env KIELA_DATABASE_URL="$venue" "$kiela" archive export \
    --event "$slug" "$work/event.kiela")
gzip -k -9 "$work/event.kiela"
json_bytes=$(stat -c %s "$work/event.kiela")
gzip_bytes=$(stat -c %s "$work/event.kiela.gz")
games=$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); print(sum(len(r["games"]) for r in a["rounds"]), "games,", sum(len(g["submissions"]) for r in a["rounds"] for g in r["games"]), "records sent,", len(a["audit"]), "log lines")' "$work/event.kiela")
echo "event of $PLAYERS players, $ROUNDS rounds played at the venue in ${played} s"
echo "archive: $json_bytes bytes as JSON, $gzip_bytes gzip; $games; written in ${export_time} s"

for backend in $BACKENDS; do
    case $backend in
        sqlite) federation="sqlite://$work/federation.sqlite3" ;;
        postgres)
            db=kiela_bench_archive
            psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null
            psql "$PG_URL/postgres" -qc "CREATE DATABASE $db" >/dev/null
            federation="$PG_URL/$db"
            ;;
        *) echo "unknown backend $backend" >&2; exit 2 ;;
    esac
    echo "a-long-password" | KIELA_DATABASE_URL=$federation KIELA_INSTALLATION_ROLE=federation \
        "$kiela" admin create-user --email fed@example.ao --name Federação --role admin
    first=$(seconds env KIELA_DATABASE_URL="$federation" KIELA_INSTALLATION_ROLE=federation \
        "$kiela" archive import "$work/event.kiela.gz")
    grep -q '"action": "created"' "$work/out"
    again=$(seconds env KIELA_DATABASE_URL="$federation" KIELA_INSTALLATION_ROLE=federation \
        "$kiela" archive import "$work/event.kiela.gz")
    grep -q '"action": "unchanged"' "$work/out"
    echo "$backend federation: imported in ${first} s; the same archive again in ${again} s"
    if [ "$backend" = postgres ]; then
        psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS kiela_bench_archive" >/dev/null
    fi
done
