"""Bad input gets one clear line and exit 2; an agent nobody listens on gets exit 3."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from orchestrator.cli import main
from tests.conftest import EXAMPLES


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = [line for line in err.strip().splitlines() if line.startswith("reprofarm:")]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_missing_report(capsys, tmp_path: Path):
    code, _, err = run_cli(
        capsys, "reproduce", str(tmp_path / "nope.md"), "--out", str(tmp_path / "o")
    )
    assert code == 2
    assert "nope.md" in one_line(err)


def test_empty_report(capsys, tmp_path: Path):
    empty = tmp_path / "empty.md"
    empty.write_text("   \n")
    code, _, err = run_cli(capsys, "reproduce", str(empty), "--out", str(tmp_path / "o"))
    assert code == 2
    assert "empty" in one_line(err).lower()


def test_binary_report(capsys, tmp_path: Path):
    binary = tmp_path / "report.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    code, _, err = run_cli(capsys, "reproduce", str(binary), "--out", str(tmp_path / "o"))
    assert code == 2
    one_line(err)


def test_broken_json_report(capsys, tmp_path: Path):
    broken = tmp_path / "r.json"
    broken.write_text('{"title": "x", "body": ')
    code, _, err = run_cli(capsys, "reproduce", str(broken), "--out", str(tmp_path / "o"))
    assert code == 2
    assert "json" in one_line(err).lower()


def test_unknown_app(capsys, tmp_path: Path):
    code, _, err = run_cli(
        capsys,
        "reproduce",
        str(EXAMPLES / "amaze-1796.md"),
        "--app",
        "NoSuchApp",
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 2
    assert "NoSuchApp" in one_line(err)


def test_zero_devices(capsys, tmp_path: Path):
    code, _, err = run_cli(
        capsys,
        "reproduce",
        str(EXAMPLES / "amaze-1796.md"),
        "--devices",
        "0",
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 2
    assert "--devices" in one_line(err)


def test_agent_nobody_listens(capsys, tmp_path: Path):
    with socket.socket() as s:  # a port that was free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    code, out, err = run_cli(
        capsys,
        "reproduce",
        str(EXAMPLES / "amaze-1796.md"),
        "--agents",
        f"127.0.0.1:{port}",
        "--no-progress",
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 3
    assert f"127.0.0.1:{port}" in (out + err)
    assert time.monotonic() - start < 30


def test_replay_missing_result(capsys, tmp_path: Path):
    code, _, err = run_cli(capsys, "replay", str(tmp_path / "result.json"))
    assert code == 2
    assert "result" in one_line(err)


@pytest.mark.parametrize("flag", ["--beam", "--branch", "--max-actions"])
def test_nonpositive_search_flags(capsys, tmp_path: Path, flag: str):
    code, _, err = run_cli(
        capsys,
        "reproduce",
        str(EXAMPLES / "amaze-1796.md"),
        flag,
        "0",
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 2
    assert flag in one_line(err)


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--devices", "1000000"], "--devices"),
        (["--agents", "garbage"], "garbage"),
        (["--agents", "127.0.0.1:99999"], "127.0.0.1:99999"),
        (["--agents", " , "], "--agents"),
        (["--time-scale", "inf"], "--time-scale"),
        (["--time-scale", "nan"], "--time-scale"),
        (["--max-minutes", "nan"], "--max-minutes"),
    ],
)
def test_bad_farm_and_budget_values(capsys, tmp_path: Path, flags: list[str], named: str):
    start = time.monotonic()
    code, _, err = run_cli(
        capsys, "reproduce", str(EXAMPLES / "amaze-1796.md"), *flags, "--out", str(tmp_path / "o")
    )
    assert code == 2
    assert named in one_line(err)
    assert time.monotonic() - start < 5  # rejected before any device starts


def test_unusable_output_directories(capsys, tmp_path: Path):
    report = str(EXAMPLES / "amaze-1796.md")
    code, _, err = run_cli(capsys, "reproduce", report, "--out", "")
    assert code == 2 and "--out" in one_line(err)
    taken = tmp_path / "taken"
    (taken / "result.json").mkdir(parents=True)
    code, _, err = run_cli(capsys, "reproduce", report, "--out", str(taken))
    assert code == 2 and "result.json" in one_line(err)
    a_file = tmp_path / "notes.md"
    a_file.write_text("mine\n")
    code, _, err = run_cli(capsys, "reproduce", report, "--out", str(a_file))
    assert code == 2 and "it is a file; give --out a directory path" in one_line(err)
    assert a_file.read_text() == "mine\n"


def test_replay_of_a_hand_broken_trace(capsys, tmp_path: Path):
    broken = tmp_path / "result.json"
    broken.write_text(
        '{"bug_id": "X#1", "app": {"name": "OpenCalc"}, '
        '"trace": [{"action": {"kind": "click", "target": "not a selector"}}]}'
    )
    code, _, err = run_cli(capsys, "replay", str(broken))
    assert code == 2
    assert "target" in one_line(err)


@pytest.mark.parametrize(
    "flags",
    [["--reasoner", "gpt"], ["--reasoner", "openai"], ["--reasoner", "openai", "--model", "m"]],
    ids=["unknown-reasoner", "openai-without-model", "openai-without-key"],
)
def test_a_bad_reasoner_leaves_no_out_directory(
    capsys, tmp_path: Path, monkeypatch, flags: list[str]
):
    for var in ("OPENAI_API_KEY", "AZURE_OPENAI_API_KEY", "REPROFARM_LLM_MODEL"):
        monkeypatch.delenv(var, raising=False)
    out = tmp_path / "new-out"
    code, _, err = run_cli(
        capsys, "reproduce", str(EXAMPLES / "amaze-1796.md"), "--out", str(out), *flags
    )
    assert code in (2, 3)
    assert "reasoner" in one_line(err) or "API key" in one_line(err) or "model" in one_line(err)
    assert not out.exists(), "bad input created --out"


def test_missing_app_dir_names_the_fix(capsys, tmp_path: Path):
    code, _, err = run_cli(capsys, "apps", "--app-dir", str(tmp_path / "no-such-dir"))
    assert code == 2
    line = one_line(err)
    assert "no-such-dir" in line and "docs/app-models.md" in line


def test_agent_serve_usage_names_the_whole_command(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["agent", "serve", "--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("usage: reprofarm agent serve ")


def test_a_reader_that_stops_early_is_no_failure(monkeypatch, capsys):
    """`reprofarm apps | head`: the pipe closes under the listing; exit 0, no farm error."""

    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("sys.stdout", ClosedPipe())
    assert main(["apps"]) == 0
    assert "farm failed" not in capsys.readouterr().err


def test_a_broken_app_model_and_a_missing_app_dir_name_the_fix(capsys, tmp_path: Path):
    broken = tmp_path / "models"
    broken.mkdir()
    (broken / "mine.py").write_text("def (:\n")
    code, _, err = run_cli(capsys, "apps", "--app-dir", str(broken))
    assert code == 2 and "mine.py" in one_line(err) and "fix that file" in err
    code, _, err = run_cli(
        capsys, "reproduce", str(EXAMPLES / "amaze-1796.md"), "--app-dir",
        str(tmp_path / "none"), "--out", str(tmp_path / "o"),
    )  # fmt: skip
    assert code == 2 and "docs/app-models.md" in one_line(err)
