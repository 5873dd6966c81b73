"""A benchmark's stdout is its one JSON object: after ``quiet()`` whatever else is printed on
stdout (Ray's log monitor prints its workers' lines and unread task failures there) goes to
stderr, and ``emit`` writes the result on the stdout the benchmark started with."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO

SCRIPT = """
from benchmarks._farm import emit, quiet
quiet()
print("(raylet) Task DeviceWorker.import_snapshot failed")
emit({"reproduced": 3}, indent=None)
"""


def test_stdout_holds_only_the_emitted_json() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {"reproduced": 3}
    assert done.stdout.count("\n") == 1
    assert "import_snapshot failed" in done.stderr
