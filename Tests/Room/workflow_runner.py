"""Runs a GitHub Classroom autograding workflow on this computer, the way GitHub's runner and the two
GitHub Classroom actions run it, so that the workflow `kata room github` writes can be tried without GitHub.

What it does, step by step, in order:
- `actions/checkout`: a fresh shallow clone of the learner's repository into the workspace;
- `run`: the script under `bash --noprofile --norc -eo pipefail`, in the workspace, with the job's and the
  step's `env` (a secret is empty unless given), as GitHub's Ubuntu runner does. GitHub's runner has
  passwordless `sudo`; run as root where there is no `sudo`, the runner puts a `sudo` that runs the command
  as it is first on the PATH;
- `education/autograding-command-grader`: its `setup-command`, then its `command`, through `/bin/sh -c`, with
  only the environment the action gives (PATH, HOME, FORCE_COLOR and two .NET settings), killed after
  `timeout` minutes; `max-score` points when it exits 0, none otherwise; the result is the action's
  base64 JSON output;
- `education/autograding-grading-reporter`: reads each runner's `<ID>_RESULTS` from its `env` and adds the
  points up as the action does before it reports them to GitHub Classroom.
A step runs when the steps before it succeeded, or when its `if` says `always()`; the few expressions these
workflows use (`always()`, `env.X != ''`, `github.actor != '...'`, `secrets.X`, `steps.ID.outputs.result`)
are understood, anything else stops the runner with an error.
"""

import base64
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

try:  # PyYAML, or ruamel.yaml (which check-jsonschema brings)
    import yaml

    def load_yaml(handle):
        return yaml.safe_load(handle)
except ImportError:
    from ruamel.yaml import YAML

    def load_yaml(handle):
        return YAML(typ="safe").load(handle)

GRADER = "education/autograding-command-grader@v1"
REPORTER = "education/autograding-grading-reporter@v1"
CHECKOUT = "actions/checkout@v4"


class WorkflowError(Exception):
    """The workflow asks for something this runner does not do."""


class Step:
    """What one step did."""

    def __init__(self, name, status, output="", seconds=0.0, result=None):
        self.name = name
        self.status = status  # success, failure or skipped
        self.output = output
        self.seconds = seconds
        self.result = result  # the grader's result, decoded


class WorkflowRun:
    """One run of the workflow at `workflow` (a file) for the repository at `repository` (a path git can clone)."""

    def __init__(self, workflow, repository, workspace, secrets=None, actor="learner",
                 name="classroom/assignment-learner", log=print):
        with open(workflow) as handle:
            self.workflow = load_yaml(handle)
        self.repository = repository
        self.workspace = workspace
        self.secrets = secrets or {}
        self.actor = actor
        self.name = name
        self.log = log
        self.steps = []
        self.outputs = {}
        self.points = None
        self.max_points = None
        self.tools = tempfile.mkdtemp(prefix="kata-runner-tools-")

    def run(self):
        jobs = self.workflow["jobs"]
        if len(jobs) != 1:
            raise WorkflowError("one job expected, found %d" % len(jobs))
        (job_id, job), = jobs.items()
        if job.get("runs-on") != "ubuntu-latest":
            raise WorkflowError("runs-on: ubuntu-latest expected")
        env = {key: self.expand(str(value), {}) for key, value in (job.get("env") or {}).items()}
        if "if" in job and not self.condition(job["if"], env, failed=False):
            self.log("the job is skipped: " + job["if"])
            return self
        failed = False
        for number, step in enumerate(job["steps"], 1):
            name = step.get("name") or step.get("uses") or step.get("run", "")[:40]
            if not self.condition(step.get("if", "success()"), env, failed):
                self.steps.append(Step(name, "skipped"))
                self.log("- %s: skipped" % name)
                continue
            start = time.time()
            try:
                outcome = self.step(step, env)
            except subprocess.TimeoutExpired:
                outcome = Step(name, "failure", "timed out")
            outcome.name = name
            outcome.seconds = time.time() - start
            self.steps.append(outcome)
            self.log("- %s: %s (%.0f s)" % (name, outcome.status, outcome.seconds))
            if outcome.status == "failure":
                failed = True
        shutil.rmtree(self.tools, ignore_errors=True)
        return self

    # Steps

    def step(self, step, job_env):
        env = dict(job_env)
        env.update({key: self.expand(str(value), env) for key, value in (step.get("env") or {}).items()})
        if "run" in step:
            return self.shell(self.expand(step["run"], env), env)
        uses = step.get("uses")
        inputs = {key: self.expand(str(value), env) for key, value in (step.get("with") or {}).items()}
        if uses == CHECKOUT:
            result = subprocess.run(
                ["git", "clone", "--quiet", "--depth", "1", "file://" + os.path.abspath(self.repository),
                 self.workspace], capture_output=True, text=True)
            return Step("", "success" if result.returncode == 0 else "failure", result.stdout + result.stderr)
        if uses == GRADER:
            return self.grade(step["id"], inputs)
        if uses == REPORTER:
            return self.report(inputs, env)
        raise WorkflowError("this runner does not know the action %s" % uses)

    def shell(self, script, env):
        """A `run` step, as GitHub's Ubuntu runner runs it."""
        full = self.base_env()
        full.update(env)
        full["PATH"] = self.tools + ":" + full["PATH"]
        if os.geteuid() == 0 and shutil.which("sudo") is None:
            shim = os.path.join(self.tools, "sudo")
            with open(shim, "w") as handle:
                handle.write('#!/bin/sh\n# GitHub\'s runner has passwordless sudo; this runner runs as root.\nexec "$@"\n')
            os.chmod(shim, 0o755)
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as handle:
            handle.write(script)
        try:
            result = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", handle.name], cwd=self.workspace, env=full,
                capture_output=True, text=True)
        finally:
            os.unlink(handle.name)
        return Step("", "success" if result.returncode == 0 else "failure", result.stdout + result.stderr)

    def grade(self, step_id, inputs):
        """education/autograding-command-grader: exit status 0 earns max-score points."""
        env = {"PATH": os.environ["PATH"], "FORCE_COLOR": "true", "DOTNET_CLI_HOME": "/tmp", "DOTNET_NOLOGO": "true",
               "HOME": os.environ.get("HOME", "/root")}
        timeout = float(inputs.get("timeout") or 10) * 60
        score = int(inputs.get("max-score") or 0)
        output = ""
        status = "pass"
        message = ""
        start = time.time()
        for command in [inputs.get("setup-command", ""), inputs["command"]]:
            if not command:
                continue
            process = subprocess.Popen(["/bin/sh", "-c", command], cwd=self.workspace, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                       start_new_session=True)
            try:
                text, _ = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                text, _ = process.communicate()
                status, message = "error", "Command timed out"
            output += text
            if status == "pass" and process.returncode != 0:
                status, message = "fail", "failed with exit code %d" % process.returncode
            if status != "pass":
                break
        result = {
            "version": 1, "status": status, "max_score": score,
            "tests": [{"name": inputs["test-name"], "status": status, "score": score if status == "pass" else 0,
                       "message": message, "test_code": inputs["command"], "filename": "", "line_no": 0,
                       "duration": int((time.time() - start) * 1000)}],
        }
        encoded = base64.b64encode(json.dumps(result).encode()).decode()
        self.outputs[step_id] = {"result": encoded}
        # The action never fails its step: the points say how it went.
        return Step("", "success", output, result=result)

    def report(self, inputs, env):
        """education/autograding-grading-reporter: the points of every runner, added up."""
        total = maximum = 0
        statuses = []
        for runner in inputs["runners"].split(","):
            encoded = env.get(runner.strip().upper() + "_RESULTS", "")
            if not encoded:
                raise WorkflowError("the reporter has no results for %s" % runner)
            results = json.loads(base64.b64decode(encoded))
            statuses.append(results["status"])
            if not results.get("max_score"):
                continue
            maximum += results["max_score"]
            total += sum(test["score"] for test in results["tests"])
        self.points, self.max_points = total, maximum
        ok = all(status == "pass" for status in statuses)
        return Step("", "success" if ok else "failure", "Points %d/%d" % (total, maximum))

    # Expressions

    def expand(self, text, env):
        return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", lambda match: self.value(match.group(1), env), text)

    def value(self, expression, env):
        if expression.startswith("secrets."):
            return self.secrets.get(expression[len("secrets."):], "")
        match = re.fullmatch(r"steps\.([\w-]+)\.outputs\.(\w+)", expression)
        if match:
            return self.outputs.get(match.group(1), {}).get(match.group(2), "")
        if expression == "github.actor":
            return self.actor
        if expression.startswith("env."):
            return env.get(expression[len("env."):], "")
        raise WorkflowError("this runner does not understand ${{ %s }}" % expression)

    def condition(self, text, env, failed):
        text = str(text).strip()
        if text.startswith("${{") and text.endswith("}}"):
            text = text[3:-2].strip()
        always = False
        result = True
        for term in (part.strip() for part in text.split("&&")):
            if term == "always()":
                always = True
            elif term == "success()":
                result = result and not failed
            else:
                match = re.fullmatch(r"([\w.]+)\s*(==|!=)\s*'([^']*)'", term)
                if not match:
                    raise WorkflowError("this runner does not understand the condition %s" % term)
                left = self.value(match.group(1), env)
                result = result and ((left == match.group(3)) == (match.group(2) == "=="))
        if not always and "success()" not in text:
            result = result and not failed
        return result

    def base_env(self):
        return {
            "PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8", "CI": "true",
            "GITHUB_ACTIONS": "true", "GITHUB_ACTOR": self.actor, "GITHUB_REPOSITORY": self.name,
            "GITHUB_WORKSPACE": self.workspace, "RUNNER_TEMP": tempfile.gettempdir(),
        }

    # Reading the run

    def grader(self, test_name_prefix):
        """The grader step whose test name starts with `test_name_prefix`."""
        for step in self.steps:
            if step.result and step.result["tests"][0]["name"].startswith(test_name_prefix):
                return step
        return None

    def step_named(self, prefix):
        return next((step for step in self.steps if step.name.startswith(prefix)), None)
