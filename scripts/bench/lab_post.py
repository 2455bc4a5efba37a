#!/usr/bin/env python3
"""pantrace lab benchmark (docs/lab.md): POST /gestures round trips on loopback.

    lab_post.py URL COUNT [--pairs]

URL is the first line `pantrace lab` prints. Posts COUNT gestures of 120
samples each (a 2 s drag at 60 Hz on the built-in task `close`), one after
the other on one keep-alive connection, as the page does, and prints the
median and 95th percentile of the time from sending a gesture to reading its
stored result, in milliseconds.

With --pairs (a lab started with --versus-preset or --versus-config), the
gestures go in pairs (meta.pair) and each pair is answered with POST
/preferences, as the page does; the answers' median and p95 follow.
"""
import http.client
import json
import socket
import statistics
import sys
import time
import urllib.parse

url = urllib.parse.urlparse(sys.argv[1])
count = int(sys.argv[2])
pairs = "--pairs" in sys.argv[3:]
token = urllib.parse.parse_qs(url.query)["token"][0]
samples = [{"t": 0, "x": 200, "y": 100, "phase": "down", "touches": 1}]
samples += [{"t": i / 60, "x": 200 + 0.25 * i, "y": 100 + 3.1 * i, "phase": "move", "touches": 1} for i in range(1, 119)]
samples.append({"t": 119 / 60, "x": samples[-1]["x"], "y": samples[-1]["y"], "phase": "up", "touches": 1})
assert len(samples) == 120
def gesture(pair):
    meta = {"task": "close", "pointerType": "touch", "devicePixelRatio": 3, "userAgent": "bench"}
    if pair is not None:
        meta["pair"] = pair
    return json.dumps({"width": 393, "height": 852, "meta": meta, "samples": samples}).encode()
body = gesture(1 if pairs else None)
headers = {"Content-Type": "application/json", "X-Pantrace-Token": token}
connection = http.client.HTTPConnection(url.hostname, url.port)
connection.connect()
# As browsers do: no Nagle delay on the client's side of the connection.
connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

def timed(path, payload):
    start = time.perf_counter()
    connection.request("POST", path, payload, headers)
    response = connection.getresponse()
    answer = json.loads(response.read())
    elapsed = (time.perf_counter() - start) * 1000
    if response.status != 200:
        sys.exit(f"lab_post.py: {path} {response.status} {answer}")
    return elapsed


def quantiles(values):
    values = sorted(values)
    return f"{statistics.median(values):.2f} {values[max(0, int(len(values) * 0.95) - 1)]:.2f}"


times, answers = [], []
for index in range(count):
    pair = index // 2 + 1 if pairs else None
    times.append(timed("/gestures", gesture(pair)))
    if pairs and index % 2 == 1:
        answers.append(timed("/preferences", json.dumps({"pair": pair, "answer": ["first", "second", "same"][pair % 3]}).encode()))
print(f"{quantiles(times)} {len(body)}" + (f" {quantiles(answers)}" if answers else ""))
