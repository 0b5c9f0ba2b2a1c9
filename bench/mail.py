"""Publishing a round of BOARDS boards with mail (bench/mail.sh): signs in, makes a Swiss of
2 x BOARDS players with e-mail addresses (imported as a CSV file, personal links turned off
so that only the round's messages are counted), publishes round 1 through the API, and
reports the publish answer's time; with --maildir, also the time until the SMTP server has
accepted every message, and the server's resident memory while it sends."""

import argparse
import http.cookiejar
import json
import os
import re
import time
import urllib.parse
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--token", required=True)
    ap.add_argument("--boards", type=int, default=2000)
    ap.add_argument("--maildir")
    ap.add_argument("--pid", type=int)
    args = ap.parse_args()
    jar = http.cookiejar.CookieJar()
    web = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def csrf(path):
        page = web.open(args.base + path).read().decode()
        return re.search(r'name="csrf" value="([^"]+)"', page).group(1)

    def post_form(path, fields):
        data = urllib.parse.urlencode(fields).encode()
        return web.open(urllib.request.Request(args.base + path, data=data))

    def api(method, path, body=None):
        req = urllib.request.Request(
            args.base + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"authorization": "Bearer " + args.token, "content-type": "application/json"},
        )
        with urllib.request.urlopen(req) as res:
            return json.loads(res.read())

    post_form("/login", {"csrf": csrf("/login"), "email": "bench@example.ao",
                         "password": "a-long-password", "next": "/"})
    event = api("POST", "/api/v1/events", {"name": "Correio em massa", "format": "swiss", "rounds": 7})
    slug = event["slug"]
    post_form(f"/events/{slug}/mail/choice", {
        "csrf": csrf(f"/events/{slug}/mail"), "language": "pt", "round_published": "on"})
    players = args.boards * 2
    lines = ["name,rating,club,province,email"]
    lines += [f"Jogador {i},{2400 - i % 2000},Clube {i % 40},Luanda,jogador{i}@example.ao"
              for i in range(players)]
    post_form(f"/events/{slug}/players/import", {
        "csrf": csrf(f"/events/{slug}/manage"), "csv": "\n".join(lines)})
    listed = sum(len(api("GET", f"/api/v1/events/{event['id']}/players?page={page}")["players"])
                 for page in range(1, players // 1000 + 2))
    assert listed == players, listed

    started = time.monotonic()
    paired = api("POST", f"/api/v1/events/{event['id']}/rounds")
    published = time.monotonic() - started
    assert len(paired["pairings"]) == args.boards
    print(f"publish answer: {published:.2f} s ({args.boards} boards)")
    if not args.maildir:
        return
    rss = []
    while True:
        try:
            arrived = len(os.listdir(os.path.join(args.maildir, "new")))
        except FileNotFoundError:
            arrived = 0
        if args.pid:
            with open(f"/proc/{args.pid}/status") as status:
                rss.append(int(next(l for l in status if l.startswith("VmRSS:")).split()[1]))
        if arrived >= players:
            break
        time.sleep(0.5)
    done = time.monotonic() - started
    print(f"{arrived} messages accepted {done:.1f} s after the publish "
          f"({arrived / (done - published):.0f} a second)")
    if rss:
        print(f"server memory while sending: {rss[0] // 1024} MiB at first, "
              f"{max(rss) // 1024} MiB at most, {rss[-1] // 1024} MiB at the end")


if __name__ == "__main__":
    main()
