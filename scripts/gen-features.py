#!/usr/bin/env python3
"""Writes one GeoJSON-like feature collection of about SIZE MiB to stdout,
valid against testdata/schemas/features.schema.json (a root oneOf: the
collection's "features" array streams for the root and for the lane of
the branch that describes it). Deterministic.

    scripts/gen-features.py 256 > /tmp/features256.json
    jsonheal validate --schema testdata/schemas/features.schema.json /tmp/features256.json
"""
import sys


def main():
    size = int(sys.argv[1]) << 20 if len(sys.argv) > 1 else 32 << 20
    out = sys.stdout
    out.write('{"type":"FeatureCollection","features":[')
    n, i = 0, 0
    while n < size:
        s = ('' if i == 0 else ',') + (
            '{"type":"Feature","properties":{"id":%d,"name":"place %d"},'
            '"geometry":{"type":"Point","coordinates":[%d.5,%d.25]}}' % (i, i, i % 180, i % 90))
        out.write(s)
        n += len(s)
        i += 1
    out.write(']}\n')


if __name__ == "__main__":
    main()
