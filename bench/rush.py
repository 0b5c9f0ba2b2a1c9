#!/usr/bin/env python3
"""The round-end rush, driven against a running server.

Every board of an open round has its record sent by both players through their personal
links, all at once (the second sender's identical record confirms the first's), from many
clients with kept-alive connections. Prints one line of figures: requests per second, p50 and
p99 latency, errors, the delay from the last answer until the standings count the round, and
the server's peak memory.

With --sequential, the boards are played one after the other instead (a submission, then the
confirmation) and the median time of a confirmation is printed: the server's time for one
result, with nothing else running.

Only the Python standard library: bench/rush.sh builds the event and starts the server.
"""

import argparse
import http.client
import json
import random
import re
import statistics
import sys
import threading
import time
import urllib.parse


def connect(base):
    url = urllib.parse.urlparse(base)
    return http.client.HTTPConnection(url.hostname, url.port, timeout=60)


def call(conn, method, path, body=None, headers=None):
    conn.request(method, path, body=body, headers=headers or {})
    resp = conn.getresponse()
    data = resp.read()
    return resp.status, resp.getheaders(), data


def api_json(conn, path, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, _, data = call(conn, "GET", path, headers=headers)
    if status != 200:
        sys.exit(f"GET {path}: {status} {data[:200]!r}")
    return json.loads(data)


def records(vectors, count):
    """Finished, valid records of the advanced variant (the demo event's), as KGN."""
    out = []
    with open(vectors, encoding="utf-8") as f:
        for line in f:
            v = json.loads(line)
            if v["expected"]["verdict"] != "valid" or v.get("initial_position"):
                continue
            text = (
                f'[First "{v["first"]}"]\n[Variant "{v["variant"]}"]\n'
                f'[Result "{v["result"]}"]\n\n{" ".join(v["moves"])} {v["result"]}\n'
            )
            out.append(text)
    if not out:
        sys.exit(f"no valid record in {vectors}")
    return [out[i % len(out)] for i in range(count)]


class Sender:
    """One player's personal link: its CSRF cookie and token, read from the game's page."""

    def __init__(self, base, link_path, game):
        self.path = f"{link_path}/games/{game}/record"
        conn = connect(base)
        status, headers, body = call(conn, "GET", f"{link_path}/games/{game}")
        conn.close()
        if status != 200:
            sys.exit(f"personal game page: {status}")
        cookie = next(
            (v.split(";")[0] for k, v in headers if k.lower() == "set-cookie" and v.startswith("kiela_csrf=")),
            None,
        )
        token = re.search(rb'name="csrf" value="([^"]+)"', body)
        if cookie is None or token is None:
            sys.exit("no CSRF cookie or token on the personal game page")
        self.cookie = cookie
        self.token = token.group(1).decode()

    def send(self, conn, record):
        body = urllib.parse.urlencode({"csrf": self.token, "record": record})
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie,
        }
        start = time.perf_counter()
        status, _, data = call(conn, "POST", self.path, body=body, headers=headers)
        return status, time.perf_counter() - start, data


def peak_memory_mib(pid):
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--event", type=int, required=True)
    ap.add_argument("--round", type=int, required=True)
    ap.add_argument("--token", required=True, help="the organiser's API token (for the links)")
    ap.add_argument("--vectors", default="tests/data/rules/advanced.jsonl")
    ap.add_argument("--clients", type=int, default=64)
    ap.add_argument("--server-pid", type=int, default=0)
    ap.add_argument("--label", default="")
    ap.add_argument("--sequential", action="store_true")
    args = ap.parse_args()

    conn = connect(args.base)
    round_ = api_json(conn, f"/api/v1/events/{args.event}/rounds/{args.round}")
    boards = [p for p in round_["pairings"] if p.get("second")]
    texts = records(args.vectors, len(boards))
    senders = []
    for board, text in zip(boards, texts):
        pair = []
        for side in ("first", "second"):
            pid = board[side]["id"]
            url = api_json(conn, f"/api/v1/events/{args.event}/players/{pid}/link", args.token)["url"]
            pair.append(Sender(args.base, urllib.parse.urlparse(url).path, board["game_id"]))
        senders.append((pair, text))
    conn.close()

    if args.sequential:
        conn = connect(args.base)
        times = []
        for (first, second), text in senders:
            for n, sender in enumerate((first, second)):
                status, took, data = sender.send(conn, text)
                if status >= 400:
                    sys.exit(f"answered {status}: {data[:300]!r}")
                if n == 1:
                    times.append(took)
        print(
            f"{args.label} sequential: {len(times)} confirmations, median "
            f"{statistics.median(times) * 1000:.1f} ms, p90 "
            f"{sorted(times)[int(len(times) * 0.9)] * 1000:.1f} ms (client-side, loopback)"
        )
        return

    # Both records of every board, in a random order, shared out among the clients.
    jobs = [(sender, text) for pair, text in senders for sender in pair]
    random.Random(7).shuffle(jobs)
    lock = threading.Lock()
    latencies, errors = [], []
    start_gate = threading.Barrier(args.clients + 1)
    next_job = iter(jobs)

    def client():
        conn = connect(args.base)
        start_gate.wait()
        while True:
            with lock:
                job = next(next_job, None)
            if job is None:
                break
            sender, text = job
            try:
                status, took, data = sender.send(conn, text)
            except (OSError, http.client.HTTPException) as e:
                conn = connect(args.base)
                with lock:
                    errors.append(str(e))
                continue
            with lock:
                latencies.append(took)
                if status >= 400:
                    errors.append(f"{status} {data[:120]!r}")
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(args.clients)]
    for t in threads:
        t.start()
    start_gate.wait()
    began = time.perf_counter()
    for t in threads:
        t.join()
    ended = time.perf_counter()

    # How long until the standings count the round.
    conn = connect(args.base)
    while True:
        table = api_json(conn, f"/api/v1/events/{args.event}/standings")
        if table["after_round"] >= args.round and not table.get("updating"):
            break
        if time.perf_counter() - ended > 60:
            sys.exit("the standings did not count the round within a minute")
        time.sleep(0.01)
    caught_up = time.perf_counter() - ended

    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(len(latencies) * q))] * 1000
    print(
        f"{args.label} {len(jobs)} requests ({len(boards)} boards, {args.clients} clients) in "
        f"{ended - began:.2f} s: {len(jobs) / (ended - began):.0f} req/s, p50 {p(0.5):.0f} ms, "
        f"p99 {p(0.99):.0f} ms, max {latencies[-1] * 1000:.0f} ms, errors {len(errors)}, "
        f"standings caught up {caught_up * 1000:.0f} ms after the last answer, "
        f"server peak memory {peak_memory_mib(args.server_pid):.0f} MiB"
    )
    for e in errors[:5]:
        print(f"  error: {e}", file=sys.stderr)
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
