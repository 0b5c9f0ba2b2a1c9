#!/usr/bin/env bash
# A web vulnerability scan with wapiti3 against a release server seeded with a played-out
# event, logged in as its organiser: cross-site scripting (reflected and stored), SQL and
# command injection, file inclusion, CRLF, open redirects, CSRF, cookie flags, security
# headers and the CSP. The JSON report is kept; the script prints its findings by category.
#
#   bench/wapiti.sh                       # needs wapiti3: pip install wapiti3
#   MAX_SCAN=600 MAX_ATTACK=300 bench/wapiti.sh   # crawl and per-module time budgets (s)
set -euo pipefail
cd "$(dirname "$0")/.."

WAPITI=${WAPITI:-wapiti}
PORT=${PORT:-18095}
MAX_SCAN=${MAX_SCAN:-300}
MAX_ATTACK=${MAX_ATTACK:-90}
REPORT=${REPORT:-target/wapiti-report.json}
command -v "$WAPITI" >/dev/null || { echo "wapiti is missing: pip install wapiti3" >&2; exit 2; }
cargo build --release --quiet
kiela=$PWD/target/release/kiela
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

export KIELA_DATABASE_URL="sqlite://$work/scan.sqlite3" KIELA_LOG=warn
# A generous login limit: the scanner logs in again whenever a page logs it out.
export KIELA_LOGIN_LIMIT_PER_IP=100000 KIELA_LOGIN_LIMIT_PER_ACCOUNT=100000
echo "a-long-password" | $kiela admin create-user --email scan@example.ao --name Scan --role organiser 2>/dev/null
$kiela admin demo-event --owner scan@example.ao --players 8 --rounds 2 >/dev/null
$kiela admin demo-event --owner scan@example.ao --name "Em curso" --players 6 --rounds 1 >/dev/null
$kiela serve --bind "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done

base="http://127.0.0.1:$PORT/"
"$WAPITI" -u "$base" --scope folder \
    --form-url "${base}login" --form-user scan@example.ao --form-password a-long-password \
    -x "${base}logout" -x "${base}account/password" \
    -m "xss,permanentxss,sql,timesql,exec,file,crlf,redirect,csrf,cookieflags,http_headers,csp,methods" \
    -d 4 --max-links-per-page 40 --max-files-per-dir 40 \
    --max-scan-time "$MAX_SCAN" --max-attack-time "$MAX_ATTACK" --flush-session --no-bugreport \
    -f json -o "$REPORT" -v 0 >"$work/wapiti.log" 2>&1 || { cat "$work/wapiti.log"; exit 1; }

python3 - "$REPORT" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
info = report.get("infos", {})
print(f"wapiti {info.get('version', '')}: {info.get('target', '')}, crawled {info.get('crawled_pages_nbr', '?')} pages")
total = 0
for section in ("vulnerabilities", "anomalies"):
    for name, items in sorted(report.get(section, {}).items()):
        total += len(items)
        mark = "  " if not items else "!!"
        print(f"{mark} {section[:-1]:<14} {name}: {len(items)}")
        for item in items:
            print(f"     {item.get('method', '')} {item.get('path', '')}: {item.get('info', '')[:160]}")
print(f"findings: {total}")
PY
