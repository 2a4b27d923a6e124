#!/usr/bin/env python3
"""Writes one big JSON document of about SIZE MiB (default 32) to stdout,
for the streaming validation measurements in docs/benchmarks.md.
Deterministic. KIND is one of:

  object    {"kind":"user","u0":{...},...}: a root object of user records,
            valid against testdata/schemas/users-object.schema.json (a root
            anyOf, not and dependentSchemas: lanes over a root object)
  deep      {"meta":...,"result":{"pages":[{"rows":[...]},...]}}: the records
            three levels down, valid against testdata/schemas/pages.schema.json
  features  a GeoJSON-like feature collection, valid against
            testdata/schemas/features.schema.json (a root oneOf: the big
            "features" member streams for the root and for a lane)

    scripts/gen-big.py deep 256 > /tmp/pages256.json
    jsonheal validate --schema testdata/schemas/pages.schema.json /tmp/pages256.json
"""
import sys


def records(kind):
    """Yields (text, size) pieces of the document's body."""
    i = 0
    if kind == "object":
        while True:
            yield ',"u%d":{"id":%d,"name":"Ada Lovelace","note":"%s"}' % (i, i, "x" * (i % 40))
            i += 1
    if kind == "features":
        while True:
            yield ('' if i == 0 else ',') + (
                '{"type":"Feature","properties":{"id":%d,"name":"place %d"},'
                '"geometry":{"type":"Point","coordinates":[%d.5,%d.25]}}' % (i, i, i % 180, i % 90))
            i += 1
    page = 0
    while True:
        rows = ['{"id":%d,"name":"Ada Lovelace","note":"row %d"}' % (i + r, i + r) for r in range(100000)]
        i += 100000
        yield ('' if page == 0 else ',') + '{"rows":[' + ','.join(rows) + ']}'
        page += 1


HEAD = {"object": '{"kind":"user"', "deep": '{"meta":{"v":1},"result":{"pages":[',
        "features": '{"type":"FeatureCollection","features":['}
TAIL = {"object": '}\n', "deep": ']}}\n', "features": ']}\n'}


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in HEAD:
        sys.exit("usage: gen-big.py object|deep|features [SIZE_MIB]")
    kind = sys.argv[1]
    size = int(sys.argv[2]) << 20 if len(sys.argv) > 2 else 32 << 20
    out = sys.stdout
    out.write(HEAD[kind])
    n = len(HEAD[kind])
    for piece in records(kind):
        if n >= size:
            break
        out.write(piece)
        n += len(piece)
    out.write(TAIL[kind])


if __name__ == "__main__":
    main()
