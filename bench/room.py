#!/usr/bin/env python3
"""The classroom room under load, and what joining a room costs a check. Everything on 127.0.0.1.

Usage: bench/room.py path/to/kata path/to/kata-room [--duration S] [--runs N] [--checks-only]

Workloads:
  classroom load     100 simulated learners join, then each posts one check event every 10 s for --duration
                     seconds (60 by default), each on a new connection as kata does; ingest latency p50/p99,
                     and every acknowledged event looked up afterwards (lost = acknowledged but not stored)
  dashboard          a Server-Sent Events listener during that load: time from a post's start to the change
                     message, then the snapshot fetch the dashboard makes (what the page waits for)
  sustained ingest   wrk, 2 threads and 32 keep-alive connections for 10 s over the 100 learners' tokens, one
                     event per request and 20 per request (the server started with a high --rate-limit)
  check with a room  kata check (the room's sending happens in a detached `kata room-send`) on an unchanged file (the verdict cache answers: the check where a room's cost
                     would show most) and after an edit, not joined / joined with the room up / with the room
                     down (refusing connections) / with a room that accepts but never answers; medians of --runs,
                     interleaved, with the ratio to not joined
"""
import json, os, shutil, socket, statistics, subprocess, sys, tempfile, threading, time, uuid
import http.client, urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests/Room"))
from roomkit import RoomProcess, Learner, FIXTURE  # noqa: E402

KATA = os.path.abspath(sys.argv[1])
ROOM = os.path.abspath(sys.argv[2])
DURATION = float(sys.argv[sys.argv.index("--duration") + 1]) if "--duration" in sys.argv else 60.0
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 15
CHECKS_ONLY = "--checks-only" in sys.argv


def now_iso():
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()) + ".000Z"


def post(url, path, body, token=None):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    connection.request("POST", path, body=json.dumps(body), headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, json.loads(data or b"{}")


def check_event(learner_index, n):
    failing = n % 3 != 2
    return {"id": str(uuid.uuid4()), "kind": "check", "time": now_iso(), "exercise": "add",
            "check": {"verdict": "failed" if failing else "passed", "duration": 0.5, "examples": 2,
                      "failures": 1 if failing else 0, "firstFailure": "add adds two positive numbers: expected to equal <5>, got <0>" if failing else None,
                      "cached": False}}


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100
    lower = int(k)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (k - lower)


def classroom_load(room, learners):
    latencies, acknowledged, failures = [], {}, []
    sse_latency, fetch_times = [], []
    pending = {}
    lock = threading.Lock()
    stop = threading.Event()

    def listen():
        parts = urllib.parse.urlsplit(room.url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=DURATION + 30)
        connection.request("GET", "/api/stream", headers={"Authorization": "Bearer " + room.token})
        response = connection.getresponse()
        while not stop.is_set():
            line = response.fp.readline()
            if not line:
                break
            if line.startswith(b"data: ") and b"learner" in line:
                message = json.loads(line[6:])
                arrived = time.perf_counter()
                with lock:
                    started = pending.pop(message["learner"], None)
                if started is not None:
                    sse_latency.append(arrived - started)
                    fetch_start = time.perf_counter()
                    room.get("/api/room")
                    fetch_times.append(time.perf_counter() - fetch_start)

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    time.sleep(0.5)

    def learner_loop(index, learner_id, token):
        start = time.time() + (index * 10.0 / len(learners))
        n = 0
        while True:
            due = start + n * 10.0
            if due > bench_start + DURATION:
                return
            time.sleep(max(0, due - time.time()))
            event = check_event(index, n)
            began = time.perf_counter()
            with lock:
                pending[learner_id] = began
            try:
                status, answer = post(room.url, "/api/events", {"sent": now_iso(), "events": [event]}, token)
            except OSError as error:
                failures.append(str(error))
                n += 1
                continue
            elapsed = time.perf_counter() - began
            with lock:
                latencies.append(elapsed)
                if status == 200:
                    acknowledged.setdefault(learner_id, set()).update(answer["acknowledged"])
                else:
                    failures.append("%d %s" % (status, answer))
            n += 1

    bench_start = time.time()
    threads = [threading.Thread(target=learner_loop, args=(i, lid, tok)) for i, (lid, tok) in enumerate(learners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stop.set()
    lost = 0
    stored_total = 0
    for learner_id, ids in acknowledged.items():
        stored = {e["id"] for e in room.get("/api/learners/" + learner_id)["events"]}
        stored_total += len(stored)
        lost += len(ids - stored)
    sent = sum(len(ids) for ids in acknowledged.values())
    return latencies, sent, lost, failures, sse_latency, fetch_times


def sustained(room, learners, batch):
    script = os.path.join(tempfile.mkdtemp(prefix="kata-wrk-"), "post.lua")
    tokens = ",".join('"%s"' % token for _, token in learners)
    with open(script, "w") as handle:
        handle.write("""
local tokens = {%s}
local counter = 0
local thread_id = 0
local threads = {}
function setup(thread) thread_id = thread_id + 1; thread:set("tid", thread_id); table.insert(threads, thread) end
function request()
  counter = counter + 1
  local events = {}
  for i = 1, %d do
    events[i] = string.format('{"id":"w%%d-%%d-%%d","kind":"hint","time":"2026-11-23T09:00:00Z","exercise":"add","hints":1}', tid, counter, i)
  end
  local body = '{"sent":"2026-11-23T09:00:00Z","events":[' .. table.concat(events, ",") .. ']}'
  local token = tokens[(counter %% #tokens) + 1]
  return wrk.format("POST", "/api/events", {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token}, body)
end
local non200 = 0
function response(status, headers, body) if status ~= 200 then non200 = non200 + 1 end end
function done(summary, latency, requests)
  io.write(string.format("RESULT %%d %%d %%d %%d %%d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status))
end
""" % (tokens, batch))
    output = subprocess.run(["wrk", "-t2", "-c32", "-d10s", "-s", script, room.url], capture_output=True, text=True).stdout
    line = next(l for l in output.splitlines() if l.startswith("RESULT"))
    requests, duration_us, p50_us, p99_us, errors = map(int, line.split()[1:])
    seconds = duration_us / 1e6
    return requests / seconds, requests * batch / seconds, p50_us / 1000, p99_us / 1000, errors


def check_costs(room):
    folder = tempfile.mkdtemp(prefix="kata-bench-room-")
    plain = Learner(KATA, "Plain", folder)
    joined = Learner(KATA, "Joined", folder)
    joined.join(room)
    for learner in (plain, joined):
        learner.run("next", "add")
        learner.write("exercises/checks/add.swift", learner.read("solutions/checks/add.swift"))
        learner.run("check", "add")  # builds KataSpec once and fills the verdict cache

    def timed(learner, edit=None):
        if edit is not None:
            learner.write("exercises/checks/add.swift", learner.read("solutions/checks/add.swift") + "// %d\n" % edit)
        start = time.perf_counter()
        result = learner.run("check", "add")
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit("bench: kata check failed: " + result.stdout[-400:])
        return elapsed

    figures = {}
    for mode in ("unchanged", "edited"):
        base, up = [], []
        for n in range(RUNS):
            base.append(timed(plain, n if mode == "edited" else None))
            up.append(timed(joined, n if mode == "edited" else None))
        figures[(mode, "not joined")] = base
        figures[(mode, "room up")] = up
    outbox = os.path.join(joined.root, ".kata/room/outbox.jsonl")
    deadline = time.time() + 30
    while os.path.exists(outbox) and time.time() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(outbox), "events were left unsent"
    room.kill()
    down = [timed(joined) for _ in range(RUNS)]
    figures[("unchanged", "room down (refused)")] = down
    waiting = len(open(os.path.join(joined.root, ".kata/room/outbox.jsonl")).read().splitlines())
    # A room that accepts connections but never answers: the first check waits out the send timeout, and the
    # next ones skip sending for the quiet period.
    silent = socket.socket()
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    silent.bind(("127.0.0.1", int(room.url.rsplit(":", 1)[1])))
    silent.listen(100)
    hung = [timed(joined) for _ in range(RUNS)]
    silent.close()
    figures[("unchanged", "room hung (first check)")] = hung[:1]
    figures[("unchanged", "room hung (later checks)")] = hung[1:]
    return figures, waiting


def main():
    os.environ["KATA_SPEC_SOURCES"] = os.path.normpath(os.path.join(FIXTURE, "../../../../Sources/KataSpec"))
    os.environ.pop("KATA_LIBRARY_CACHE", None)
    load_before = os.getloadavg()
    print("Load average before: %.2f %.2f %.2f; %d cores" % (load_before + (os.cpu_count(),)))
    room = RoomProcess(ROOM, extra=["--rate-limit", "100000"], kata_bin=KATA)
    learners = []
    for i in range(100):
        status, answer = post(room.url, "/api/join", {"code": room.code, "name": "Learner %03d" % i, "shareCode": False})
        learners.append((answer["learner"], answer["token"]))

    if CHECKS_ONLY:
        report_checks(room)
        return
    latencies, sent, lost, failures, sse, fetches = classroom_load(room, learners)
    print("\n## Classroom load: 100 learners, a check every 10 s each, %.0f s" % DURATION)
    print("| Figure | Value |\n| --- | ---: |")
    print("| events acknowledged | %d |" % sent)
    print("| acknowledged but not stored (lost) | %d |" % lost)
    print("| failed requests | %d |" % len(failures))
    print("| ingest latency p50 | %.1f ms |" % (percentile(latencies, 50) * 1000))
    print("| ingest latency p99 | %.1f ms |" % (percentile(latencies, 99) * 1000))
    print("| post start to dashboard change message, p50 / p99 | %.1f / %.1f ms |" % (percentile(sse, 50) * 1000, percentile(sse, 99) * 1000))
    print("| dashboard snapshot fetch (100 learners), p50 / p99 | %.1f / %.1f ms |" % (percentile(fetches, 50) * 1000, percentile(fetches, 99) * 1000))
    print("| post to dashboard redrawn (change + 60 ms debounce + fetch), p99 | %.0f ms |" % ((percentile(sse, 99) + 0.06 + percentile(fetches, 99)) * 1000))

    print("\n## Sustained ingest (wrk, 2 threads, 32 connections, 10 s)")
    print("| Events per request | Requests/s | Events/s | Latency p50 | p99 | non-2xx |\n| ---: | ---: | ---: | ---: | ---: | ---: |")
    for batch in (1, 20):
        rps, eps, p50, p99, errors = sustained(room, learners, batch)
        print("| %d | %.0f | %.0f | %.1f ms | %.1f ms | %d |" % (batch, rps, eps, p50, p99, errors))
    stored = room.get("/api/me", token=learners[0][1])
    print("(learner 000 has %d events stored)" % stored["events"])

    report_checks(room)


def report_checks(room):
    figures, waiting = check_costs(room)
    base = {mode: statistics.median(figures[(mode, "not joined")]) for mode in ("unchanged", "edited")}
    print("\n## kata check with a room (%d runs, medians)" % RUNS)
    print("| Check | Room | Median | Ratio to not joined |\n| --- | --- | ---: | ---: |")
    for (mode, condition), samples in figures.items():
        median = statistics.median(samples)
        print("| %s | %s | %.0f ms | %.2fx |" % (mode, condition, median * 1000, median / base[mode]))
    print("(events waiting in the outbox while the room was down: %d)" % waiting)
    print("\nLoad average after: %.2f %.2f %.2f" % os.getloadavg())
    room.stop()


if __name__ == "__main__":
    main()
