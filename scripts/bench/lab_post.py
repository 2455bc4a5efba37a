#!/usr/bin/env python3
"""pantrace lab benchmark (docs/lab.md): POST /gestures round trips on loopback.

    lab_post.py URL COUNT

URL is the first line `pantrace lab` prints. Posts COUNT gestures of 120
samples each (a 2 s drag at 60 Hz on the built-in task `close`), one after
the other on one keep-alive connection, as the page does, and prints the
median and 95th percentile of the time from sending a gesture to reading its
stored result, in milliseconds.
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
token = urllib.parse.parse_qs(url.query)["token"][0]
samples = [{"t": 0, "x": 200, "y": 100, "phase": "down", "touches": 1}]
samples += [{"t": i / 60, "x": 200 + 0.25 * i, "y": 100 + 3.1 * i, "phase": "move", "touches": 1} for i in range(1, 119)]
samples.append({"t": 119 / 60, "x": samples[-1]["x"], "y": samples[-1]["y"], "phase": "up", "touches": 1})
assert len(samples) == 120
body = json.dumps({"width": 393, "height": 852, "meta": {"task": "close", "pointerType": "touch", "devicePixelRatio": 3,
                   "userAgent": "bench"}, "samples": samples}).encode()
headers = {"Content-Type": "application/json", "X-Pantrace-Token": token}
connection = http.client.HTTPConnection(url.hostname, url.port)
connection.connect()
# As browsers do: no Nagle delay on the client's side of the connection.
connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
times = []
for _ in range(count):
    start = time.perf_counter()
    connection.request("POST", "/gestures", body, headers)
    response = connection.getresponse()
    answer = json.loads(response.read())
    times.append((time.perf_counter() - start) * 1000)
    if response.status != 200 or "decision" not in answer:
        sys.exit(f"lab_post.py: {response.status} {answer}")
times.sort()
print(f"{statistics.median(times):.2f} {times[max(0, int(len(times) * 0.95) - 1)]:.2f} {len(body)}")
