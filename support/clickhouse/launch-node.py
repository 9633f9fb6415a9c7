#!/usr/bin/env python3
# Runs one real ClickHouse server from chDB's libchdb.so (a full ClickHouse build shipped on npm
# as @chdb/lib-linux-x64-gnu). Its command-line entry point runs the clickhouse-local code path,
# which opens TCP and HTTP listeners when the query asks for them; the query then stays busy so
# the process keeps serving until it is sent SIGTERM. Node cannot make this call itself (FFI
# packages crash inside it), hence this small launcher for Debian's python3.
#
# usage: launch-node.py LIBCHDB_SO CLICKHOUSE_ARG...
import ctypes
import os
import sys
import threading
import time

SERVE = (
    "SYSTEM START LISTEN TCP; SYSTEM START LISTEN HTTP; "
    "SELECT sleepEachRow(1) FROM numbers(1000000000) SETTINGS max_block_size = 1 FORMAT Null"
)


def exit_with_parent() -> None:
    # A test runner that dies without stopping its nodes must not leave servers behind.
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: launch-node.py LIBCHDB_SO CLICKHOUSE_ARG...", file=sys.stderr)
        return 2
    threading.Thread(target=exit_with_parent, daemon=True).start()
    lib = ctypes.CDLL(sys.argv[1])
    args = [b"clickhouse"] + [a.encode() for a in sys.argv[2:]] + [("--query=" + SERVE).encode()]
    argv = (ctypes.c_char_p * len(args))(*args)
    lib.chdb_query_cmdline.restype = ctypes.c_void_p
    lib.chdb_query_cmdline.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    lib.chdb_query_cmdline(len(args), argv)
    # The serving query only returns when it fails (a bad config, a port in use): say so.
    print("clickhouse node stopped serving", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
