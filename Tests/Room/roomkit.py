"""Starts a real `kata-room serve` on loopback and real learner workbooks, for the room's browser test and bench.

RoomProcess copies a fixture workbook, starts the server in it on 127.0.0.1 with a free port, and reads the
address, join code and instructor token from what it prints. Learner copies a workbook and runs the real
`kata` binary in it.
"""

import json
import os
import re
import resource
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURE = os.path.join(ROOT, "Tests/EndToEndTests/Fixtures/check")


class RoomProcess:
    """One `kata-room serve` process on 127.0.0.1, in a copy of a workbook."""

    def __init__(self, room_bin, workbook=FIXTURE, extra=(), folder=None, files=None, kata_bin=None):
        """files: the server's file-descriptor limit (ulimit -n), soft and hard; None keeps this process's.
        kata_bin: start it as an instructor does, `kata room serve`, so that kata hands it the workbook's exercises;
        without it, kata-room is started on its own with --workbook (the room then knows no exercise list)."""
        self.files = files
        self.kata_bin = kata_bin
        self.folder = folder or tempfile.mkdtemp(prefix="kata-room-")
        self.workbook = os.path.join(self.folder, "instructor")
        if not os.path.exists(self.workbook):
            shutil.copytree(workbook, self.workbook)
        self.room_bin = room_bin
        self.extra = list(extra)
        self.start()

    def start(self):
        self.log = open(os.path.join(self.folder, "server.log"), "ab")
        options = ["--host", "127.0.0.1", "--port", "0", "--name", "Test room"] + self.extra
        if self.kata_bin:
            command = [self.kata_bin, "room", "serve"] + options
            environment = dict(os.environ, KATA_ROOM_BIN=self.room_bin)
        else:
            command = [self.room_bin, "serve", "--workbook", self.workbook] + options
            environment = None
        self.process = subprocess.Popen(
            command, cwd=self.workbook, stdout=subprocess.PIPE, stderr=self.log, start_new_session=True,
            env=environment, preexec_fn=self._limit_files if self.files else None)
        text = ""
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline().decode()
            if not line:
                raise SystemExit("room test: kata-room exited at start:\n" + text)
            text += line
            if "Ctrl-C stops" in line:
                break
        self.url = re.search(r"open at (http://\S+)", text).group(1)
        self.code = re.search(r"kata join \S+ (\S+)", text).group(1)
        self.token = re.search(r"token=(\S+)", text).group(1)
        self.dashboard = self.url + "/?token=" + self.token
        self.banner = text
        # Keep reading what the server prints (so a full pipe never blocks it), for the tests to look at.
        self.printed = [text]
        threading.Thread(target=self._drain, args=(self.process.stdout, self.printed), daemon=True).start()

    @staticmethod
    def _drain(stream, printed):
        for line in iter(stream.readline, b""):
            printed.append(line.decode(errors="replace"))

    def output(self):
        """Everything the server printed so far."""
        return "".join(self.printed)

    def _limit_files(self):
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.files, self.files))

    def kill(self):
        """SIGKILL, as a crash would."""
        os.killpg(self.process.pid, 9)
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def get(self, path, token=None):
        request = urllib.request.Request(self.url + path, headers={"Authorization": "Bearer " + (token or self.token)})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)


class Learner:
    """A learner's copy of the workbook, driven with the real kata binary."""

    def __init__(self, kata_bin, name, folder, workbook=FIXTURE):
        self.kata = kata_bin
        self.name = name
        self.root = os.path.join(folder, "learner-" + re.sub(r"\W+", "-", name.lower()))
        shutil.copytree(workbook, self.root)

    def run(self, *arguments, env=None):
        environment = dict(os.environ, NO_COLOR="1")
        environment.update(env or {})
        return subprocess.run([self.kata] + list(arguments), cwd=self.root, env=environment, capture_output=True,
                              text=True, timeout=300)

    def join(self, room):
        result = self.run("join", room.url, room.code, "--name", self.name)
        if result.returncode != 0:
            raise SystemExit("room test: kata join failed: " + result.stderr)
        return result

    def write(self, path, text):
        with open(os.path.join(self.root, path), "w") as handle:
            handle.write(text)

    def read(self, path):
        with open(os.path.join(self.root, path)) as handle:
            return handle.read()

    def token(self):
        with open(os.path.join(self.root, ".kata/room.json")) as handle:
            return json.load(handle)["token"]
