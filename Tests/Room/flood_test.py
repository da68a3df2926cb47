#!/usr/bin/env python3
"""The room keeps answering what a hostile client on the classroom's network can send, with a laptop's `ulimit -n 1024`.

Starts `kata-room serve` with a file-descriptor limit of 1,024 and checks: 1,100 connections that each send half a
request do not stop the room answering a normal request; a connection that sends nothing is closed after the idle
timeout (15 s); a request whose body does not arrive is answered 408 after the body timeout (10 s); a Content-Length
of 10^12 is refused at once (413) rather than waited on; and wrong join codes pipelined on one connection are refused
(429) before the code is compared, so the right code sent inside the storm is refused too.

Usage: flood_test.py --kata-room BIN
"""

import argparse
import json
import os
import re
import resource
import socket
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from roomkit import RoomProcess  # noqa: E402

FILES = 1024
FLOOD = 1100
HALF_REQUEST = b"POST /api/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Le"


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print("ok - " + name)
        else:
            self.failed += 1
            print("not ok - " + name + (": " + str(detail) if detail else ""))


def answer_of(sock, seconds):
    """What the server sends until it closes the connection, or until `seconds` pass; and when it closed (or None)."""
    sock.settimeout(0.5)
    data = b""
    started = time.time()
    while time.time() - started < seconds:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            return data, time.time() - started
        if not chunk:
            return data, time.time() - started
        data += chunk
    return data, None


def statuses(data):
    return [int(status) for status in re.findall(rb"HTTP/1\.1 (\d{3}) ", data)]


def join_request(code, name, close=False):
    body = json.dumps({"code": code, "name": name, "shareCode": False}).encode()
    head = "POST /api/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n" % len(
        body)
    return (head + ("Connection: close\r\n" if close else "") + "\r\n").encode() + body


def run(kata_room):
    checks = Checks()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FLOOD + 200
    if hard != resource.RLIM_INFINITY and hard < wanted:
        checks.check("this test can open %d connections (ulimit -Hn is %d)" % (wanted, hard), False)
        return False
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))

    room = RoomProcess(kata_room, files=FILES)
    host, port = room.url[len("http://"):].rsplit(":", 1)
    address = (host, int(port))
    try:
        checks.check("the room says its connection cap comes from the file-descriptor limit",
                     "the file-descriptor limit (ulimit -n) allows no more" in room.output(), room.output())

        # 1,100 connections, each with half a request, and a normal request while they are all open.
        flood, refused = [], 0
        for _ in range(FLOOD):
            try:
                sock = socket.create_connection(address, timeout=5)
                sock.sendall(HALF_REQUEST)
                flood.append(sock)
            except OSError:
                refused += 1
        print("# %d slow connections open, %d refused at once" % (len(flood), refused))
        started = time.time()
        try:
            answer = room.get("/api/room")
            answered = "learners" in answer
            detail = ""
        except Exception as error:  # noqa: BLE001 - any failure to answer is the finding
            answered, detail = False, "%s: %s" % (type(error).__name__, error)
        checks.check("with %d half-sent requests open and ulimit -n %d, the room answers a normal request"
                     % (FLOOD, FILES), answered, detail)
        print("# answered in %.0f ms" % ((time.time() - started) * 1000))
        closed = 0
        for sock in flood:
            sock.setblocking(False)
            try:
                closed += sock.recv(1) == b""
            except BlockingIOError:
                pass
            except OSError:
                closed += 1
        print("# the room closed %d of the slow connections to make room" % closed)
        checks.check("the room is still running", room.process.poll() is None)
        for sock in flood:
            sock.close()

        # A connection that sends nothing, and a request whose body never comes, at the same time.
        idle = socket.create_connection(address, timeout=5)
        slow = socket.create_connection(address, timeout=5)
        slow.sendall(b"POST /api/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"code\": ")
        results = {}
        waiters = [threading.Thread(target=lambda name, sock: results.__setitem__(name, answer_of(sock, 45)),
                                    args=(name, sock)) for name, sock in (("idle", idle), ("slow", slow))]
        for waiter in waiters:
            waiter.start()

        # A body of 10^12 bytes announced: refused before any of it is read.
        huge = socket.create_connection(address, timeout=5)
        huge.sendall(b"POST /api/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000000000000\r\n\r\n{")
        data, _ = answer_of(huge, 5)
        checks.check("a Content-Length of 10^12 is refused at once with 413", statuses(data) == [413], data[:200])
        checks.check("and the answer says the limit", b"larger than 262144 bytes" in data, data[-200:])
        huge.close()

        # Wrong join codes pipelined on one connection, then the right one: the limiter answers before comparing.
        storm = socket.create_connection(address, timeout=5)
        storm.sendall(b"".join(join_request("AAAA-AAAA", "Eve") for _ in range(40))
                      + join_request(room.code, "Mallory", close=True))
        data, _ = answer_of(storm, 20)
        answers = statuses(data)
        wrong = answers[:40]
        spent = wrong.index(429) if 429 in wrong else len(wrong)
        checks.check("40 pipelined wrong codes are answered 401 until the allowance is spent, then 429",
                     len(wrong) == 40 and set(wrong[:spent]) == {401} and set(wrong[spent:]) == {429} and spent < 20,
                     answers)
        checks.check("the right code sent inside the storm is refused too (429)", answers[40:] == [429], answers[40:])
        storm.close()

        for waiter in waiters:
            waiter.join()
        data, after = results["idle"]
        checks.check("a connection that sends nothing is closed after the idle timeout",
                     after is not None and data == b"", "still open after 45 s" if after is None else data[:200])
        if after is not None:
            print("# the idle connection was closed after %.1f s (timeout 15 s)" % after)
        data, after = results["slow"]
        checks.check("a request whose body does not arrive is answered 408 and closed",
                     after is not None and statuses(data) == [408], data[:200] if after else "still open after 45 s")
        if after is not None:
            print("# the slow body was refused after %.1f s (timeout 10 s)" % after)

        request = urllib.request.Request(room.url + "/favicon.ico")
        with urllib.request.urlopen(request, timeout=10) as response:
            checks.check("the room still answers afterwards", response.status == 204, response.status)
    finally:
        room.stop()
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return checks.failed == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kata-room", required=True)
    arguments = parser.parse_args()
    sys.exit(0 if run(os.path.abspath(arguments.kata_room)) else 1)


if __name__ == "__main__":
    main()
