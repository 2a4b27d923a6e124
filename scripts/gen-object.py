#!/usr/bin/env python3
"""Writes one JSON object of about SIZE MiB to stdout: a "kind" member and
then user records "u<i>", valid against
testdata/schemas/users-object.schema.json (a root anyOf, not and
dependentSchemas: the streamed root object through lanes). Deterministic.

    scripts/gen-object.py 256 > /tmp/users256.json
    jsonheal validate --schema testdata/schemas/users-object.schema.json /tmp/users256.json
"""
import sys


def main():
    size = int(sys.argv[1]) << 20 if len(sys.argv) > 1 else 32 << 20
    out = sys.stdout
    out.write('{"kind":"user"')
    n, i = 15, 0
    while n < size:
        s = ',"u%d":{"id":%d,"name":"Ada Lovelace","note":"%s"}' % (i, i, "x" * (i % 40))
        out.write(s)
        n += len(s)
        i += 1
    out.write('}\n')


if __name__ == "__main__":
    main()
