#!/usr/bin/env python3
"""A round in play, driven against a running server.

Every board of an open round plays a move every --interval seconds through its players'
personal links (the moves of a valid record of the test vectors, South's from the first
player's link, North's from the second's), while --spectators clients hold a game's live
stream each (spread over the boards) and --round-streams more follow the whole round. Prints
one line of figures: moves sent and refused, the p50 and p99 of a move's answer, the p50 and
p99 from a move's answer to its arrival at each spectator following its game, the events that
never arrived, and the server's memory before and with the streams open.

Only the Python standard library (asyncio): bench/live.sh builds the event and starts the
server.
"""

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
import urllib.parse


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


def quantile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Http:
    """One kept-alive HTTP/1.1 connection."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(self, method, path, body=None, headers=None):
        if self.writer is None:
            await self.open()
        data = body or b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                 f"Content-Length: {len(data)}"]
        for k, v in (headers or {}).items():
            lines.append(f"{k}: {v}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            self.writer = None
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        length, chunked = 0, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value.strip())
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
        if chunked:
            out = b""
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                if size == 0:
                    await self.reader.readline()
                    break
                out += await self.reader.readexactly(size)
                await self.reader.readline()
            return status, out
        return status, await self.reader.readexactly(length)


async def get_json(http, path, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, body = await http.request("GET", path, headers=headers)
    if status != 200:
        sys.exit(f"GET {path}: {status} {body[:200]!r}")
    return json.loads(body)


def games_of_vectors(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            v = json.loads(line)
            if (v["expected"]["verdict"] == "valid" and not v.get("initial_position")
                    and v["first"] == "S" and v["variant"] == "advanced"):
                out.append(v["moves"])
    return out


async def follow(host, port, path, arrivals, opened, stop):
    """Holds a stream open, noting when each move event arrives."""
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError:
        opened.append(False)
        return
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    await writer.drain()
    status = await reader.readline()
    opened.append(b" 200 " in status)
    event = None
    try:
        while not stop.is_set():
            line = await reader.readline()
            if not line:
                break
            line = line.strip()
            if line.startswith(b"event: "):
                event = line[7:]
            elif line.startswith(b"data: ") and event == b"move":
                data = json.loads(line[6:])
                arrivals.append((data["game_id"], data["ply"], time.monotonic()))
    except (OSError, ValueError):
        pass
    writer.close()


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("--base", required=True)
    p.add_argument("--event", type=int, required=True)
    p.add_argument("--round", type=int, default=1)
    p.add_argument("--token", required=True)
    p.add_argument("--vectors", default="tests/data/rules/advanced.jsonl")
    p.add_argument("--interval", type=float, default=10.0)
    p.add_argument("--seconds", type=float, default=300.0)
    p.add_argument("--spectators", type=int, default=2000)
    p.add_argument("--round-streams", type=int, default=10)
    p.add_argument("--connections", type=int, default=64)
    p.add_argument("--server-pid", type=int, default=0)
    p.add_argument("--label", default="")
    args = p.parse_args()
    url = urllib.parse.urlparse(args.base)
    host, port = url.hostname, url.port

    setup = Http(host, port)
    round_ = await get_json(setup, f"/api/v1/events/{args.event}/rounds/{args.round}")
    boards = [b for b in round_["pairings"] if b.get("second")]
    links = {}
    for b in boards:
        for side in ("first", "second"):
            pid = b[side]["id"]
            link = await get_json(setup, f"/api/v1/events/{args.event}/players/{pid}/link", args.token)
            links[pid] = link["url"][link["url"].index("/p/"):]
    games = games_of_vectors(args.vectors)
    random.seed(7)
    plan = {b["game_id"]: (links[b["first"]["id"]], links[b["second"]["id"]], random.choice(games))
            for b in boards}

    rss_before = rss_kb(args.server_pid)
    stop = asyncio.Event()
    arrivals, opened = [], []
    game_ids = list(plan)
    followers = {}
    tasks = []
    for i in range(args.spectators):
        gid = game_ids[i % len(game_ids)]
        followers[gid] = followers.get(gid, 0) + 1
        tasks.append(asyncio.create_task(
            follow(host, port, f"/api/v1/games/{gid}/live", arrivals, opened, stop)))
    round_arrivals = []
    for _ in range(args.round_streams):
        tasks.append(asyncio.create_task(follow(
            host, port, f"/api/v1/events/{args.event}/rounds/{args.round}/live",
            round_arrivals, opened, stop)))
    while len(opened) < args.spectators + args.round_streams:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1)
    rss_streams = rss_kb(args.server_pid)

    pool = asyncio.Queue()
    for _ in range(args.connections):
        pool.put_nowait(Http(host, port))
    answered = {}
    answer_times, refused, failed = [], [], 0
    deadline = time.monotonic() + args.seconds

    async def board(gid):
        nonlocal failed
        south, north, moves = plan[gid]
        await asyncio.sleep(random.uniform(0, args.interval))
        for ply, move in enumerate(moves, start=1):
            if time.monotonic() > deadline:
                return
            link = south if ply % 2 == 1 else north
            http = await pool.get()
            body = json.dumps({"ply": ply, "move": move}).encode()
            start = time.monotonic()
            status = None
            # A kept-alive connection the server closed while idle is opened again, once.
            for attempt in range(2):
                try:
                    status, answer = await http.request(
                        "POST", f"{link}/games/{gid}/moves", body,
                        {"Content-Type": "application/json"})
                    break
                except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError, IndexError):
                    http.writer = None
                    if attempt == 0:
                        start = time.monotonic()
            if status is None:
                failed += 1
                pool.put_nowait(http)
                return
            end = time.monotonic()
            pool.put_nowait(http)
            answer_times.append(end - start)
            if status != 200:
                refused.append((status, answer[:120]))
                return
            answered[(gid, ply)] = end
            await asyncio.sleep(max(0.0, args.interval - (end - start)))

    started = time.monotonic()
    await asyncio.gather(*(board(gid) for gid in game_ids))
    elapsed = time.monotonic() - started
    await asyncio.sleep(3)
    stop.set()
    for t in tasks:
        t.cancel()
    delays = [at - answered[(g, ply)] for g, ply, at in arrivals if (g, ply) in answered]
    expected = sum(followers.get(g, 0) for g, _ in answered)
    seen = sum(1 for g, ply, _ in arrivals if (g, ply) in answered)
    print(
        f"{args.label} {len(game_ids)} boards, {len(answered)} moves in {elapsed:.0f} s "
        f"({len(answered) / elapsed:.0f}/s), refused {len(refused)}, failed {failed}; "
        f"answer p50 {quantile(answer_times, 0.5) * 1000:.0f} ms p99 "
        f"{quantile(answer_times, 0.99) * 1000:.0f} ms; {sum(opened)} of {len(opened)} streams "
        f"open; delivery p50 {quantile(delays, 0.5) * 1000:.0f} ms p99 "
        f"{quantile(delays, 0.99) * 1000:.0f} ms, {expected - seen} of {expected} events missing; "
        f"server memory {rss_before // 1024} MB, {rss_streams // 1024} MB with the streams "
        f"({(rss_streams - rss_before) / max(1, len(opened)) * 1000 / 1024:.0f} MB a thousand)"
    )
    if refused:
        print(f"{args.label} first refusals: {refused[:3]}", file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(main())
