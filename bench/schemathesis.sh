#!/usr/bin/env bash
# Property-based tests of the JSON API from its OpenAPI document (/api/v1/openapi.json) with
# schemathesis: generated valid and invalid requests, with an organiser's token, against a
# release server seeded with a played-out event. Passes when no request gets a 5xx, every
# response matches the document, every request the document allows is accepted (positive
# data) and every request it forbids is refused (negative data).
#
#   bench/schemathesis.sh                 # needs schemathesis: pip install schemathesis
#   MAX_EXAMPLES=200 bench/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS=${SCHEMATHESIS:-schemathesis}
MAX_EXAMPLES=${MAX_EXAMPLES:-100}
PORT=${PORT:-18090}
command -v "$SCHEMATHESIS" >/dev/null || { echo "schemathesis is missing: pip install schemathesis" >&2; exit 2; }
cargo build --release --quiet
kiela=$PWD/target/release/kiela
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

export KIELA_DATABASE_URL="sqlite://$work/api.sqlite3" KIELA_LOG=warn
echo "a-long-password" | $kiela admin create-user --email api@example.ao --name API --role organiser 2>/dev/null
$kiela admin demo-event --owner api@example.ao --players 12 --rounds 3 >/dev/null
# A second event still running, so writes have something to act on.
$kiela admin demo-event --owner api@example.ao --name "Em curso" --players 10 --rounds 1 >/dev/null
token=$($kiela admin create-token --email api@example.ao)
$kiela serve --bind "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done

# The operations whose 422 is a right answer, and the rules between fields the document says
# in words, are in bench/schemathesis.toml and bench/schemathesis_hooks.py, with why.
SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH="$PWD/bench${PYTHONPATH:+:$PYTHONPATH}" \
"$SCHEMATHESIS" --config-file bench/schemathesis.toml run "http://127.0.0.1:$PORT/api/v1/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection,positive_data_acceptance,missing_required_header,unsupported_method \
    --mode all \
    --max-examples "$MAX_EXAMPLES" \
    --phases coverage,fuzzing,stateful \
    --workers 2 \
    --suppress-health-check too_slow,filter_too_much \
    --report junit --report-dir "$work/report" "$@"
