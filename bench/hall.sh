#!/usr/bin/env bash
# A venue's hall on one machine: the release build in hall mode on a "laptop" (a network
# namespace whose only network is a veth pair named wlan0, the hall's Wi-Fi), and the hall's
# phones in a second namespace on the other end of it. A Swiss of 2 × BOARDS players has its
# first round open; every board plays a move every 10 seconds through its two players' personal
# links (the phones), while SPECTATORS more follow a game's live stream each and 10 follow the
# round (bench/live.py, run inside the phones' namespace against the address hall mode printed).
#
#   sudo bench/hall.sh                                   # 150 boards, 300 spectators, 2 minutes
#   BOARDS=300 SPECTATORS=600 DURATION=60 sudo bench/hall.sh
#
# Needs root (ip netns), python3 and a release build. SQLite, as on a venue's laptop.
set -euo pipefail
cd "$(dirname "$0")/.."

BOARDS=${BOARDS:-150}
SPECTATORS=${SPECTATORS:-300}
SECONDS_RUN=${DURATION:-120}
ulimit -n 20000

cargo build --release --quiet
kiela=target/release/kiela
work=$(mktemp -d)
laptop="kiela-bench-laptop-$$"
phones="kiela-bench-phones-$$"
server=""
cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    ip netns del "$laptop" 2>/dev/null || true
    ip netns del "$phones" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

ip netns add "$laptop"
ip netns add "$phones"
ip -n "$laptop" link set lo up
ip -n "$phones" link set lo up
ip link add wlan0 netns "$laptop" type veth peer name wlan0 netns "$phones"
ip -n "$laptop" addr add 192.168.77.1/24 dev wlan0
ip -n "$phones" addr add 192.168.77.2/24 dev wlan0
ip -n "$laptop" link set wlan0 up
ip -n "$phones" link set wlan0 up

export KIELA_DATABASE_URL="sqlite://$work/hall.sqlite3" KIELA_LOG="${KIELA_LOG:-warn}"
echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
token=$($kiela admin create-token --email bench@example.ao)
slug=$($kiela admin demo-event --owner bench@example.ao --name "Torneio da sala" --players $((BOARDS * 2)) --rounds 7 --played 0 --open-round --seed 21)

# One address for every phone: the per-address stream limit must take the whole hall.
KIELA_LIVE_STREAMS_PER_ADDRESS=$((SPECTATORS + BOARDS * 2 + 100)) \
    ip netns exec "$laptop" "$kiela" serve --hall --bind 127.0.0.1:8080 2>"$work/serve.log" &
server=$!
base=""
for _ in $(seq 1 100); do
    base=$(grep -oE 'http://192\.168\.77\.1:8080' "$work/serve.log" | head -n 1 || true)
    [ -n "$base" ] && ip netns exec "$phones" curl -sf "$base/healthz" >/dev/null && break
    sleep 0.2
done
[ -n "$base" ] || { echo "hall mode printed no address" >&2; cat "$work/serve.log" >&2; exit 1; }
echo "the phones open $base"
event=$(ip netns exec "$phones" curl -sf "$base/api/v1/events?per_page=1000" \
    | python3 -c "import json,sys; print(next(e['id'] for e in json.load(sys.stdin)['events'] if e['slug'] == '${slug#/events/}'))")
ip netns exec "$phones" python3 bench/live.py --base "$base" --event "$event" --round 1 \
    --token "$token" --spectators "$SPECTATORS" --connections $((BOARDS * 2)) \
    --seconds "$SECONDS_RUN" --server-pid "$server" \
    --label "hall:"
