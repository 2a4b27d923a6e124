#!/usr/bin/env python3
"""Writes one JSON document of about SIZE MiB to stdout whose bulk is three
levels down, {"meta": ..., "result": {"pages": [{"rows": [...]}, ...]}},
valid against testdata/schemas/pages.schema.json. Deterministic.

    scripts/gen-deep.py 256 > /tmp/pages256.json
    jsonheal validate --schema testdata/schemas/pages.schema.json /tmp/pages256.json
"""
import sys


def main():
    size = int(sys.argv[1]) << 20 if len(sys.argv) > 1 else 32 << 20
    out = sys.stdout
    out.write('{"meta":{"v":1},"result":{"pages":[')
    n, page, i = 0, 0, 0
    while n < size:
        if page:
            out.write(',')
        out.write('{"rows":[')
        for r in range(100000):
            s = ('' if r == 0 else ',') + '{"id":%d,"name":"Ada Lovelace","note":"row %d"}' % (i, i)
            out.write(s)
            n += len(s)
            i += 1
        out.write(']}')
        page += 1
    out.write(']}}\n')


if __name__ == "__main__":
    main()
