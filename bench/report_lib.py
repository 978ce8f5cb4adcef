"""Reading what bench/run.sh collected: its key=value figures and wrk's outputs (bench/report.py and
bench/growth.py)."""
import os
import re

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def figures(path):
    """The key=value lines of a figures file, as a dict of strings."""
    found = {}
    for line in open(path, encoding="utf-8"):
        key, sep, value = line.strip().partition("=")
        if sep and re.fullmatch(r"[a-z0-9_]+", key):
            found[key] = value
    return found


def wrk(folder, name):
    """p50 and p99 (ms), requests/s, errors (non-2xx and socket errors), requests, from wrk's output."""
    path = os.path.join(folder, "wrk-%s.txt" % name)
    if not os.path.exists(path):
        return None
    text = open(path, encoding="utf-8").read()

    def latency(pct):
        m = re.search(r"^\s+%s%%\s+([\d.]+)(us|ms|s|m)\s*$" % pct, text, re.M)
        return float(m.group(1)) * UNITS[m.group(2)] if m else None

    rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    total = re.search(r"(\d+) requests in", text)
    return {
        "p50": latency(50),
        "p99": latency(99),
        "rps": float(rps.group(1)) if rps else None,
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "socket": sum(map(int, sockets.groups())) if sockets else 0,
        "timeouts": int(sockets.group(4)) if sockets else 0,
        "requests": int(total.group(1)) if total else 0,
    }


def count(v):
    """A whole number with thousands separators; a dash for none."""
    return "—" if v is None else "{:,.0f}".format(v)
