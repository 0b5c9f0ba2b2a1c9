#!/usr/bin/env bash
# Publishing a round of BOARDS boards (default 2,000: 4,000 messages) on a release build, on
# SQLite: once with no SMTP server configured (the messages wait in the outbox), once with a
# local one (aiosmtpd, tests/smtp/sink.py); the publish answer's time in both, and with SMTP
# the time until the server has accepted the last message, and the app server's memory.
#
#   bench/mail.sh
#   BOARDS=500 bench/mail.sh
#
# Needs python3 with aiosmtpd (python3 -m pip install aiosmtpd).
set -euo pipefail
cd "$(dirname "$0")/.."

BOARDS=${BOARDS:-2000}
PORT=${PORT:-18083}
SMTP_PORT=${SMTP_PORT:-18025}

cargo build --release --quiet
kiela=target/release/kiela
work=$(mktemp -d)
server=""
smtp=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    [ -n "$smtp" ] && kill "$smtp" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

for mode in without-smtp with-smtp; do
    export KIELA_DATABASE_URL="sqlite://$work/$mode.sqlite3" KIELA_LOG="${KIELA_LOG:-warn}"
    echo "a-long-password" | $kiela admin create-user --email bench@example.ao --name Bench --role organiser 2>/dev/null
    token=$($kiela admin create-token --email bench@example.ao)
    base="http://127.0.0.1:$PORT"
    args=()
    if [ "$mode" = with-smtp ]; then
        PYTHONPATH=tests/smtp python3 -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" -c sink.Sink "$work/maildir" 0 &
        smtp=$!
        export KIELA_SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" KIELA_MAIL_FROM="Bench <bench@example.ao>"
        args=(--maildir "$work/maildir")
    else
        unset KIELA_SMTP_URL KIELA_MAIL_FROM
    fi
    $kiela serve --bind "127.0.0.1:$PORT" >"$work/serve-$mode.log" 2>&1 &
    server=$!
    for _ in $(seq 1 50); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.2; done
    echo "== $mode"
    python3 bench/mail.py --base "$base" --token "$token" --boards "$BOARDS" --pid "$server" "${args[@]}"
    kill "$server"; wait "$server" 2>/dev/null || true; server=""
done
