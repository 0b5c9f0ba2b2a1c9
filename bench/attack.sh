#!/usr/bin/env bash
# What one visitor cannot do to the server, measured on a release build, on SQLite and on
# PostgreSQL (docs/evidence.md's rows on attacks come from here):
#
#   1. 30 sign-ups from one address with the default limit: 10 accepted, the rest 429; then
#      300 simultaneous sign-ups (the per-address limit lifted for the test): resident memory
#      stays bounded and /healthz keeps answering.
#   2. 1,000 connections trickling a request body a byte a second: all closed (408) within
#      the body deadline, none held.
#   3. 30 junk records of 1.4 MB each through one personal link: what the database grows by.
#   4. A flood of the "why this pairing" page of a 500-player event's round 9 with made-up
#      query strings (16 connections, 30 s): /healthz p99 during the flood.
#   5. A flood of made-up and out-of-range query strings (`from`, `ply`, `page`, `per_page`,
#      numbers spelt with zeros) on every public page and API read of a 3,000-player event,
#      with the page store bounded to $STORE_MB MB: peak resident memory, the store's size,
#      and how many pages were rendered meanwhile (none beyond the first of each).
#   6. The national rating list of 2,000 rated people, a circuit and a person's page, each
#      flooded by 16 connections (10 s): requests a second and /healthz p99 meanwhile.
#   7. A 66 KB gzip archive of 60 MB of empty tags, once and then six at once: the answers and
#      how much the server's peak resident memory grows.
#   8. A garbage bearer token on public API reads; ten demonstration events asked from the web
#      by one organiser; a game entered live behind a 15-minute delay, then 100 anonymous
#      practice requests over its positions (and the same without a delay); six wrong
#      passwords from one address, then the owner's from another.
#
#   bench/attack.sh                  # both databases, every step
#   BACKENDS=sqlite bench/attack.sh  # one
#   STEPS="5 6" bench/attack.sh      # some steps
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
STORE_MB=${STORE_MB:-64}
STEPS=${STEPS:-1 2 3 4 5 6 7 8}
want() { [[ " $STEPS " == *" $1 "* ]]; }
BIG=${BIG:-3000}

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

fresh_db() { # a new, empty database of $backend; sets url
    case "$backend" in
        sqlite) rm -f "$work"/attack.sqlite3*; url="sqlite://$work/attack.sqlite3" ;;
        postgres)
            psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_attack" \
                -c "CREATE DATABASE kiela_attack" >/dev/null 2>&1
            url="$PG_URL/kiela_attack" ;;
        *) echo "unknown backend $backend" >&2; exit 2 ;;
    esac
    export KIELA_DATABASE_URL="$url"
}
stop_db() {
    [ "$backend" = postgres ] && psql "$PG_URL/postgres" -q -c "DROP DATABASE IF EXISTS kiela_attack" >/dev/null 2>&1 || true
}

export KIELA_LOG=warn
for backend in $BACKENDS; do
    fresh_db
    echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
    token=$($kiela admin create-token --email bench@example.ao)

    # 1. Sign-ups: from one address with the default limit, then 300 with it lifted.
    if want 1 || want 2 || want 3; then
    start_server
    if want 1; then
    echo "$backend signups_one_address $(python3 bench/attack.py signups "$base" "$server" 30)"
    stop_server
    export KIELA_SIGNUP_LIMIT_PER_IP=100000
    start_server
    unset KIELA_SIGNUP_LIMIT_PER_IP
    echo "$backend signups300 $(python3 bench/attack.py signups "$base" "$server" 300)"
    fi

    # 2. Slow bodies.
    want 2 && echo "$backend slow_bodies $(python3 bench/attack.py slow "$base" 1000 40)"

    # 3. Junk records through a personal link.
    if want 3; then
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
    fi
    stop_server
    fi

    # 4. The why page under a flood of made-up query strings.
    if want 4; then
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
    fi

    # 5. Every public route of a large event under made-up query strings, the store bounded.
    if want 5; then
    big=$($kiela admin demo-event --owner bench@example.ao --name Store --players "$BIG" --rounds 9 --played 2 --seed 9)
    export KIELA_PAGE_STORE_MB=$STORE_MB
    start_server
    unset KIELA_PAGE_STORE_MB
    big_id=$(curl -sf "$base/api/v1/events?per_page=1000" | python3 -c "import json,sys; print(next(e['id'] for e in json.load(sys.stdin)['events'] if e['slug'] == '${big#/events/}'))")
    game=$(curl -sf "$base/api/v1/events/$big_id/rounds/1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pairings"][0]["game_id"])')
    routes=("$big" "$big/standings" "$big/rounds/2" "$big/rounds/2/why" "$big/rounds/1/scoresheets"
        "$big/games/$game" "$big/players" "$big/crosstable" "/api/v1/events/$big_id"
        "/api/v1/events/$big_id/standings" "/api/v1/events/$big_id/players" "/api/v1/events/$big_id/rounds/2"
        "/api/v1/games/$game")
    for r in "${routes[@]}"; do # each page once, as a visitor would
        curl -sf -o /dev/null "$base$r" || curl -sf -o /dev/null "$base$r" || true
        curl -sf -o /dev/null "$base$r?page=99999" || true
    done
    warmed=$(python3 bench/attack.py store "$base")
    lua_routes=$(printf '"%s",' "${routes[@]}")
    cat >"$work/store.lua" <<EOF
routes = {${lua_routes%,}}
counter = 0
request = function()
    counter = counter + 1
    local r = routes[math.random(1, #routes)]
    local n = math.random(1, 1000000000)
    local queries = {"from=" .. (10000 + n), "ply=" .. n, "page=" .. n .. "&per_page=0" .. 1000,
        "per_page=00" .. 1000 .. "&x=" .. n, "x" .. counter .. "=" .. n}
    return wrk.format("GET", r .. "?" .. queries[math.random(1, #queries)])
end
EOF
    seconds=${FLOOD%s}
    python3 bench/attack.py rss "$server" "$seconds" "$work/rss.json" &
    sampler=$!
    python3 bench/attack.py healthz "$base" "$seconds" "$work/healthz.json" &
    probe=$!
    wrk -t1 -c16 -d"$FLOOD" -s "$work/store.lua" "$base" >"$work/wrk.txt"
    wait "$probe" "$sampler"
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
    echo "$backend store_flood rps=$rps rss=$(cat "$work/rss.json") healthz=$(cat "$work/healthz.json") store_before=$warmed store_after=$(python3 bench/attack.py store "$base")"
    stop_server
    fi

    # 6. The rating list, a circuit and a person's page, at 2,000 rated people.
    if want 6; then
    stop_db
    fresh_db
    $kiela bench --ratings-players 2000 --ratings-games 40000 --ratings-database "$url" >/dev/null
    echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
    token=$($kiela admin create-token --email bench@example.ao)
    start_server
    events=$(curl -sf "$base/api/v1/events?per_page=1000" | python3 -c 'import json,sys; print(json.dumps([e["id"] for e in json.load(sys.stdin)["events"]][:6]))')
    circuit=$(api POST /api/v1/circuits "{\"name\":\"Circuito\",\"points\":[10,6,4],\"qualifiers\":4,\"events\":$events}")
    circuit_id=$(echo "$circuit" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
    circuit_path=$(echo "$circuit" | python3 -c 'import json,sys; print(json.load(sys.stdin)["url"])')
    person=$(curl -sf "$base/api/v1/ratings?per_page=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["rows"][0]["federation_id"])')
    for route in /ratings /ratings.csv /api/v1/ratings "$circuit_path" "/api/v1/circuits/$circuit_id" "/players/$person" "/api/v1/registry/$person"; do
        curl -sf -o /dev/null "$base$route"
        python3 bench/attack.py healthz "$base" 10 "$work/healthz.json" &
        probe=$!
        wrk -t1 -c16 -d10s -H 'Accept-Encoding: gzip' "$base$route" >"$work/wrk.txt"
        wait "$probe"
        rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
        echo "$backend list_flood route=$route rps=$rps healthz=$(cat "$work/healthz.json")"
    done
    stop_server
    fi
    # 7. A compressed archive of millions of empty tags.
    if want 7; then
    start_server
    echo "$backend archive_bomb $(python3 bench/attack.py bomb "$base" "$server" "$token")"
    stop_server
    fi

    # 8. One rule for tokens, few demonstrations, no delay oracle, no lock-out.
    if want 8; then
    export KIELA_TRUST_PROXY=true
    start_server
    unset KIELA_TRUST_PROXY
    echo "$backend garbage_token $(python3 bench/attack.py tokens "$base")"
    echo "$backend demos $(python3 bench/attack.py demos "$base" bench@example.ao 10)"
    echo "$backend delay_oracle $(python3 bench/attack.py oracle "$base" "$token" 15 100)"
    echo "$backend no_delay $(python3 bench/attack.py oracle "$base" "$token" 0 100)"
    echo "$backend guesser $(python3 bench/attack.py guesser "$base" bench@example.ao)"
    stop_server
    fi
    stop_db
done
