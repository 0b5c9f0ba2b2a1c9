#!/usr/bin/env python3
"""A writer probe during the organiser's long jobs, against a running server.

A small write (an event created through the API) every 50 ms, its time measured, while the
organiser pairs the next round of a large event, then while they send a 50,000-row player file
through the import form. Prints each job's time and the slowest probe write during it.

Only the Python standard library: bench/rush.sh builds the events and starts the server.
"""

import argparse
import http.client
import json
import re
import sys
import threading
import time
import urllib.parse


def connect(base):
    url = urllib.parse.urlparse(base)
    return http.client.HTTPConnection(url.hostname, url.port, timeout=300)


class Browser:
    """A visitor with cookies, signing in through the forms."""

    def __init__(self, base):
        self.base = base
        self.conn = connect(base)
        self.cookies = {}

    def request(self, method, path, fields=None):
        headers = {"Origin": self.base}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        # A connection idle through a long job may have been closed by the server.
        self.conn.close()
        self.conn = connect(self.base)
        try:
            self.conn.request(method, path, body=body, headers=headers)
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered (and closed) before the whole body was read: the answer says why
        resp = self.conn.getresponse()
        data = resp.read()
        for k, v in resp.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                self.cookies[name] = rest.split(";")[0]
        return resp.status, data

    def csrf(self, path):
        status, body = self.request("GET", path)
        token = re.search(rb'name="csrf" value="([^"]+)"', body)
        if status != 200 or token is None:
            sys.exit(f"no form at {path}: {status}")
        return token.group(1).decode()


def api(conn, method, path, token, body=None):
    headers = {"Authorization": f"Bearer {token}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
        body = json.dumps(body)
    start = time.perf_counter()
    conn.request(method, path, body=body, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    return resp.status, data, time.perf_counter() - start


class Probe:
    """Small writes every 50 ms, each one's end time and duration kept."""

    def __init__(self, base, token):
        self.base, self.token = base, token
        self.writes, self.failures = [], []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self):
        conn = connect(self.base)
        n = 0
        while not self.stop.is_set():
            n += 1
            status, data, took = api(conn, "POST", "/api/v1/events", self.token, {"name": f"Probe {n}"})
            if status != 201:
                self.failures.append(f"{status} {data[:120]!r}")
            self.writes.append((time.perf_counter(), took))
            time.sleep(0.05)

    def settle(self, ended, limit=30.0):
        """Waits until the probe has sent a write after the job ended (so one that waited
        through the job's end is in), at most `limit` seconds."""
        give_up = time.perf_counter() + limit
        while time.perf_counter() < give_up and not any(at - took > ended for at, took in self.writes):
            time.sleep(0.05)

    def during(self, began, ended):
        # Every write whose time overlaps the job's, including one that waited through its end.
        return [took for at, took in self.writes if at >= began and at - took <= ended] or [0.0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--event", type=int, required=True, help="the large event whose next round is paired")
    ap.add_argument("--token", required=True)
    ap.add_argument("--email", default="bench@example.ao")
    ap.add_argument("--password", default="a-long-password")
    ap.add_argument("--rows", type=int, nargs="+", default=[50_000, 4_000])
    ap.add_argument("--correct", type=int, help="a finished event: its round-1 board-1 result is corrected meanwhile")
    ap.add_argument("--label", default="")
    args = ap.parse_args()

    conn = connect(args.base)
    browser = Browser(args.base)
    token = browser.csrf("/login")
    status, _ = browser.request(
        "POST", "/login", {"csrf": token, "email": args.email, "password": args.password, "next": "/"}
    )
    if status not in (302, 303):
        sys.exit(f"sign-in answered {status}")

    probe = Probe(args.base, args.token)
    probe.thread.start()
    time.sleep(0.5)

    began = time.perf_counter()
    status, data, took = api(conn, "POST", f"/api/v1/events/{args.event}/rounds", args.token)
    ended = time.perf_counter()
    if status != 201:
        sys.exit(f"pairing answered {status}: {data[:200]!r}")
    paired = len(json.loads(data)["pairings"])
    probe.settle(ended)
    during = probe.during(began, ended)
    print(
        f"{args.label} pairing {paired} boards: {took:.2f} s, {len(during)} probe writes meanwhile, "
        f"slowest {max(during) * 1000:.0f} ms",
        flush=True,
    )

    for rows in args.rows:
        conn = connect(args.base)
        status, data, _ = api(conn, "POST", "/api/v1/events", args.token, {"name": f"Import {rows}"})
        if status != 201:
            sys.exit(f"event for the import: {status} {data[:200]!r}")
        slug, event_id = json.loads(data)["slug"], json.loads(data)["id"]
        import_token = browser.csrf(f"/events/{slug}/manage")
        text = "\n".join(f"P{i:05d},{1200 + i % 1000}" for i in range(rows))
        began = time.perf_counter()
        status, body = browser.request("POST", f"/events/{slug}/players/import", {"csrf": import_token, "csv": text})
        ended = time.perf_counter()
        probe.settle(ended)
        during = probe.during(began, ended)
        # The connection idled through the import: the server may have closed it.
        conn = connect(args.base)
        entered = len(json.loads(api(conn, "GET", f"/api/v1/events/{event_id}/players?per_page=1000", args.token)[1])["players"])
        print(
            f"{args.label} {rows}-row file ({len(text) / 1024:.0f} KiB): answered {status} in "
            f"{ended - began:.2f} s ({entered}{'+' if entered == 1000 else ''} players entered), "
            f"{len(during)} probe writes meanwhile, slowest "
            f"{max(during) * 1000:.0f} ms",
            flush=True,
        )
    if args.correct:
        conn = connect(args.base)
        status, data, _ = api(conn, "GET", f"/api/v1/events/{args.correct}/rounds/1", args.token)
        board = json.loads(data)["pairings"][0]
        flipped = {"1-0": "0-1", "0-1": "1-0"}.get(board["result"], "1-0")
        began = time.perf_counter()
        status, data, took = api(
            conn, "POST", f"/api/v1/games/{board['game_id']}/correction", args.token,
            {"result": flipped, "reason": "the scoresheet said otherwise"},
        )
        ended = time.perf_counter()
        if status != 200:
            sys.exit(f"correction answered {status}: {data[:200]!r}")
        later = json.loads(data)["later_rounds"]
        probe.settle(ended)
        during = probe.during(began, ended)
        print(
            f"{args.label} correction of round 1 ({sum(len(r['boards']) for r in later)} later boards "
            f"would pair differently): {took:.2f} s, {len(during)} probe writes meanwhile, "
            f"slowest {max(during) * 1000:.0f} ms",
            flush=True,
        )
    probe.stop.set()
    probe.thread.join()
    print(f"{args.label} probe: {len(probe.writes)} writes, {len(probe.failures)} failed")
    for f in probe.failures[:5]:
        print(f"  failure: {f}", file=sys.stderr)


if __name__ == "__main__":
    main()
