#!/usr/bin/env python3
"""Writes a JSON array of support tickets of about SIZE MiB to stdout, valid
against testdata/schemas/tickets.schema.json. Deterministic (fixed seed).

    scripts/gen-tickets.py 32 > /tmp/tickets32.json
    scripts/gen-tickets.py 256 --invalid-every 1000 > /tmp/tickets256.json

With --invalid-every N, every Nth ticket breaks the schema in one place
(a bad id, an unknown status or an extra property, in turn).
"""
import argparse
import json
import random
import sys

STATUS = ["open", "pending", "resolved", "closed"]
PRIORITY = ["low", "medium", "high", "urgent"]
TAGS = ["billing", "login", "api", "ui", "mobile", "export", "sso", "email", "bug", "p1", "refund", "eu-west"]
WORDS = "cannot reset password after upgrade invoice shows wrong total export to csv times out".split()


def user(rng, i):
    u = {"id": i, "email": "user%d@example.com" % i}
    if rng.random() < 0.5:
        u["name"] = "User %d" % i
    return u


def ticket(rng, n, bad):
    t = {
        "id": "TCK-%06d" % (n % 1000000),
        "status": rng.choice(STATUS),
        "priority": rng.choice(PRIORITY),
        "title": " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9))),
        "tags": rng.sample(TAGS, rng.randint(0, 4)),
        "assignee": user(rng, rng.randint(1, 5000)),
        "created": "2026-%02d-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 12), rng.randint(1, 28),
                                                     rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)),
        "estimate": round(rng.random() * 40, 1),
        "watchers": [user(rng, 5000 + k) for k in range(rng.randint(0, 2))],
    }
    if bad == 1:
        t["id"] = "T-%d" % n
    elif bad == 2:
        t["status"] = "Open"
    elif bad == 3:
        t["assigne"] = t.pop("assignee")
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mib", type=float)
    ap.add_argument("--invalid-every", type=int, default=0)
    a = ap.parse_args()
    rng = random.Random(26)
    limit = int(a.mib * (1 << 20))
    out = sys.stdout
    out.write("[\n")
    size, n = 2, 0
    while True:
        bad = 0
        if a.invalid_every and n % a.invalid_every == a.invalid_every - 1:
            bad = 1 + (n // a.invalid_every) % 3
        s = json.dumps(ticket(rng, n, bad), separators=(",", ":"))
        if size + len(s) + 3 > limit and n > 0:
            break
        out.write((",\n" if n else "") + s)
        size += len(s) + 2
        n += 1
    out.write("\n]\n")


main()
