#!/usr/bin/env python3
"""Clients for bench/attack.sh: floods one visitor could send, and what the server does.

    attack.py signups BASE PID N        N simultaneous sign-ups
    attack.py slow BASE N SECONDS       N connections trickling a request body
    attack.py junk BASE PATH N BYTES    N junk records of BYTES through a personal link
    attack.py healthz BASE SECONDS OUT  /healthz every 50 ms, latencies written to OUT
    attack.py rss PID SECONDS OUT       the server's resident memory every 100 ms, peak to OUT
    attack.py store BASE                the page store as /healthz reports it
    attack.py bomb BASE PID TOKEN       a 66 KB gzip archive of 60 MB of empty tags, once and
                                        six at once: statuses and the peak memory's growth
    attack.py tokens BASE               a garbage bearer token on every public API read
    attack.py demos BASE EMAIL N        N demonstration events asked from the web by one account
    attack.py oracle BASE TOKEN DELAY N a game entered live behind DELAY minutes of delay, then N
                                        anonymous practice requests over its positions
    attack.py guesser BASE EMAIL        wrong passwords from one address, then the owner's from
                                        another (the server trusts X-Forwarded-For)

Standard library only. Each prints one line of JSON with its figures.
"""
import http.client
import json
import re
import socket
import sys
import threading
import time
import urllib.parse


def host_port(base):
    u = urllib.parse.urlparse(base)
    return u.hostname, u.port


def rss_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            m = re.search(r"VmRSS:\s+(\d+)", f.read())
            return int(m.group(1)) / 1024 if m else 0.0
    except OSError:
        return 0.0


def percentile(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p / 100))]


def form_token(conn):
    """GET /signup: the CSRF cookie and the form's token."""
    conn.request("GET", "/signup")
    resp = conn.getresponse()
    body = resp.read().decode()
    cookie = ""
    for name, value in resp.getheaders():
        if name.lower() == "set-cookie" and value.startswith("kiela_csrf="):
            cookie = value.split(";")[0]
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', body).group(1)
    return cookie, token


def healthz_probe(base, stop, latencies, failures):
    host, port = host_port(base)
    while not stop.is_set():
        start = time.monotonic()
        try:
            conn = http.client.HTTPConnection(host, port, timeout=30)
            conn.request("GET", "/healthz")
            status = conn.getresponse().status
            conn.close()
            if status != 200:
                failures.append(status)
        except OSError as e:
            failures.append(str(e))
        latencies.append((time.monotonic() - start) * 1000)
        time.sleep(0.05)


def signups(base, pid, n):
    host, port = host_port(base)
    statuses = {}
    lock = threading.Lock()
    barrier = threading.Barrier(n)
    peak = [rss_mb(pid)]
    stop = threading.Event()
    latencies, failures = [], []

    def one(i):
        conn = http.client.HTTPConnection(host, port, timeout=120)
        try:
            cookie, token = form_token(conn)
            body = urllib.parse.urlencode({
                "csrf": token, "name": f"Flood {i}",
                "email": f"flood{i}-{time.time_ns()}@example.ao",
                "password": "a-long-password-for-the-flood",
            })
            barrier.wait()
            conn.request("POST", "/signup", body, {
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
            status = conn.getresponse().status
        except Exception as e:  # noqa: BLE001 - every outcome is counted
            status = type(e).__name__
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], rss_mb(pid))
            time.sleep(0.02)

    samplers = [threading.Thread(target=sample),
                threading.Thread(target=healthz_probe, args=(base, stop, latencies, failures))]
    for t in samplers:
        t.start()
    start = time.monotonic()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - start
    time.sleep(1)
    stop.set()
    for t in samplers:
        t.join()
    print(json.dumps({
        "signups": n, "statuses": {str(k): v for k, v in statuses.items()},
        "seconds": round(took, 2), "peak_rss_mb": round(peak[0], 1),
        "rss_after_mb": round(rss_mb(pid), 1),
        "healthz_p99_ms": round(percentile(latencies, 99) or 0, 1),
        "healthz_max_ms": round(max(latencies or [0]), 1),
        "healthz_failures": len(failures),
    }))


def slow(base, n, seconds):
    """n connections send headers promising a body, then one byte a second."""
    host, port = host_port(base)
    socks = []
    for _ in range(n):
        s = socket.create_connection((host, port))
        s.sendall(b"POST /login HTTP/1.1\r\nHost: bench\r\n"
                  b"Content-Type: application/x-www-form-urlencoded\r\n"
                  b"Content-Length: 100000\r\n\r\nemail=")
        s.setblocking(False)
        socks.append(s)
    start = time.monotonic()
    closed_at = [None] * n
    statuses = {}
    while time.monotonic() - start < seconds and any(c is None for c in closed_at):
        for i, s in enumerate(socks):
            if closed_at[i] is not None:
                continue
            try:
                data = s.recv(65536)
                if data.startswith(b"HTTP/1.1 "):
                    code = data[9:12].decode()
                    statuses[code] = statuses.get(code, 0) + 1
                if data == b"":
                    closed_at[i] = time.monotonic() - start
                    continue
            except BlockingIOError:
                pass
            except OSError:
                closed_at[i] = time.monotonic() - start
                continue
            try:
                s.send(b"a")
            except BlockingIOError:
                pass
            except OSError:
                closed_at[i] = time.monotonic() - start
        time.sleep(1)
    done = [c for c in closed_at if c is not None]
    for s in socks:
        s.close()
    print(json.dumps({
        "connections": n, "closed": len(done), "statuses": statuses,
        "last_closed_s": round(max(done or [0]), 1), "waited_s": seconds,
    }))


def junk(base, path, n, size):
    """n records of junk through a personal link's game form."""
    host, port = host_port(base)
    statuses = {}
    text = ("zz9 " * (size // 4 + 1))[:size]
    for _ in range(n):
        conn = http.client.HTTPConnection(host, port, timeout=60)
        conn.request("GET", path)
        resp = conn.getresponse()
        page = resp.read().decode()
        cookie = ";".join(v.split(";")[0] for k, v in resp.getheaders()
                          if k.lower() == "set-cookie" and v.startswith("kiela_csrf="))
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
        body = urllib.parse.urlencode({"csrf": token, "record": text})
        conn.request("POST", path + "/record", body, {
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
        status = conn.getresponse().status
        statuses[status] = statuses.get(status, 0) + 1
        conn.close()
    print(json.dumps({"records": n, "bytes_each": size,
                      "statuses": {str(k): v for k, v in statuses.items()}}))


def healthz(base, seconds, out):
    stop = threading.Event()
    latencies, failures = [], []
    t = threading.Thread(target=healthz_probe, args=(base, stop, latencies, failures))
    t.start()
    time.sleep(seconds)
    stop.set()
    t.join()
    result = {"probes": len(latencies), "p50_ms": round(percentile(latencies, 50), 1),
              "p99_ms": round(percentile(latencies, 99), 1),
              "max_ms": round(max(latencies), 1), "failures": len(failures)}
    with open(out, "w") as f:
        json.dump(result, f)


def rss(pid, seconds, out):
    peak, start = 0.0, rss_mb(pid)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        peak = max(peak, rss_mb(pid))
        time.sleep(0.1)
    with open(out, "w") as f:
        json.dump({"start_mb": round(start, 1), "peak_mb": round(peak, 1)}, f)


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1))


def send(base, method, path, body=None, headers=None):
    host, port = host_port(base)
    conn = http.client.HTTPConnection(host, port, timeout=120)
    conn.request(method, path, body=body, headers=headers or {})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, data


def bomb(base, pid, token):
    import gzip
    head = (b'{"format": "kiela-event-archive", "version": 2, "exported_at": "2026-12-01T00:00:00Z",'
            b' "installation": {"id": "ABCDEF", "name": "Bomba", "role": "venue"},'
            b' "event": {"id": 1, "slug": "b", "name": "B", "state": "running", "settings": {"name": "B"}},'
            b' "players": [{"tags": [')
    body = gzip.compress(head + b'"",' * 20_000_000 + b'""]}]}', 9)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/gzip"}
    before = peak_kib(pid)
    first, said = send(base, "POST", "/api/v1/archives", body, headers)
    statuses = [first]
    threads = []
    out = []
    for _ in range(6):
        t = threading.Thread(target=lambda: out.append(send(base, "POST", "/api/v1/archives", body, headers)[0]))
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    statuses += out
    code = json.loads(said)["error"]["code"]
    print(json.dumps({"sent_kb": round(len(body) / 1024), "statuses": statuses, "code": code,
                      "peak_growth_mb": round((peak_kib(pid) - before) / 1024, 1)}))


def tokens(base):
    paths = ["/api/v1/events", "/api/v1/ratings", "/api/v1/registry?q=a", "/api/v1/openapi.json"]
    out = {}
    for path in paths:
        status, _ = send(base, "GET", path, headers={"Authorization": "Bearer not-a-token"})
        out[path] = status
    print(json.dumps(out))


def log_in(base, email, password, forwarded=None):
    """A session: the login form's token, then the form; the status and the cookies."""
    host, port = host_port(base)
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("GET", "/login")
    resp = conn.getresponse()
    page = resp.read().decode()
    cookies = [v.split(";")[0] for k, v in resp.getheaders() if k.lower() == "set-cookie"]
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    form = urllib.parse.urlencode({"csrf": token, "email": email, "password": password})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": "; ".join(cookies)}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    conn.request("POST", "/login", body=form, headers=headers)
    resp = conn.getresponse()
    resp.read()
    cookies += [v.split(";")[0] for k, v in resp.getheaders() if k.lower() == "set-cookie"]
    conn.close()
    return resp.status, cookies


def demos(base, email, n):
    status, cookies = log_in(base, email, "a-long-password")
    jar = "; ".join(cookies)
    host, port = host_port(base)
    statuses = []
    for _ in range(n):
        conn = http.client.HTTPConnection(host, port, timeout=120)
        conn.request("GET", "/", headers={"Cookie": jar})
        page = conn.getresponse().read().decode()
        found = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        form = urllib.parse.urlencode({"csrf": found.group(1) if found else ""})
        conn.request("POST", "/events/demo", body=form,
                     headers={"Cookie": jar, "Content-Type": "application/x-www-form-urlencoded"})
        resp = conn.getresponse()
        resp.read()
        statuses.append(resp.status)
        conn.close()
    print(json.dumps({"login": status, "made": statuses.count(303), "refused_429": statuses.count(429),
                      "other": [s for s in statuses if s not in (303, 429)]}))


def oracle(base, token, delay, n):
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    def api(method, path, body=None):
        status, data = send(base, method, path, json.dumps(body) if body is not None else None, auth)
        return status, (json.loads(data) if data else None)
    _, event = api("POST", "/api/v1/events", {"name": f"Oracle {delay}", "rounds": 3, "live_delay_minutes": delay})
    for name in ("Ana", "Bento"):
        api("POST", f"/api/v1/events/{event['id']}/players", {"name": name})
    _, round_ = api("POST", f"/api/v1/events/{event['id']}/rounds")
    game = round_["pairings"][0]["game_id"]
    played = []
    ply = 1
    while len(played) < 8:
        status, after = api("POST", f"/api/v1/games/{game}/moves", {"ply": ply, "move": "x"})
        legal = after["error"]["legal"]
        status, after = api("POST", f"/api/v1/games/{game}/moves", {"ply": ply, "move": legal[0]})
        played.append(legal[0])
        ply += 1
    statuses = {}
    for i in range(n):
        plies = 1 + i % len(played)
        side = "N" if plies % 2 == 0 else "S"
        form = urllib.parse.urlencode({"variant": "advanced", "level": "1", "side": side,
                                       "moves": " ".join(played[:plies]), "play": ""})
        host, port = host_port(base)
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("GET", "/practice")
        resp = conn.getresponse()
        page = resp.read().decode()
        cookies = "; ".join(v.split(";")[0] for k, v in resp.getheaders() if k.lower() == "set-cookie")
        token_found = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        form += "&csrf=" + (token_found.group(1) if token_found else "")
        conn.request("POST", "/practice", body=form,
                     headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies})
        resp = conn.getresponse()
        resp.read()
        conn.close()
        statuses[resp.status] = statuses.get(resp.status, 0) + 1
    print(json.dumps({"delay_minutes": delay, "asked": n, "statuses": statuses}))


def guesser(base, email):
    statuses = [log_in(base, email, "guess-guess", "198.51.100.66")[0] for _ in range(6)]
    owner = log_in(base, email, "a-long-password", "203.0.113.20")[0]
    print(json.dumps({"guesser": statuses, "owner_elsewhere": owner}))


def store(base):
    host, port = host_port(base)
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("GET", "/healthz")
    print(json.dumps(json.loads(conn.getresponse().read())["page_store"]))


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "signups":
        signups(args[0], int(args[1]), int(args[2]))
    elif cmd == "slow":
        slow(args[0], int(args[1]), int(args[2]))
    elif cmd == "junk":
        junk(args[0], args[1], int(args[2]), int(args[3]))
    elif cmd == "healthz":
        healthz(args[0], float(args[1]), args[2])
    elif cmd == "rss":
        rss(int(args[0]), float(args[1]), args[2])
    elif cmd == "store":
        store(args[0])
    elif cmd == "bomb":
        bomb(args[0], int(args[1]), args[2])
    elif cmd == "tokens":
        tokens(args[0])
    elif cmd == "demos":
        demos(args[0], args[1], int(args[2]))
    elif cmd == "oracle":
        oracle(args[0], args[1], int(args[2]), int(args[3]))
    elif cmd == "guesser":
        guesser(args[0], args[1])
    else:
        sys.exit(f"unknown command {cmd}")
