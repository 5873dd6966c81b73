"""Generate the Python gRPC code for the agent API, or check that the committed code is fresh.

Usage::

    python -m device_agent.proto.generate          # (re)write agent_pb2.py, .pyi, _grpc.py
    python -m device_agent.proto.generate --check  # exit 1 naming stale files (CI)

Runs ``grpc_tools.protoc`` on ``protos/reprofarm/v1/agent.proto`` into a temporary directory and
rewrites what protoc emits for the ``reprofarm.v1`` package so the code lives in
``device_agent.proto``:

- ``from reprofarm.v1 import agent_pb2`` becomes a relative import (``from . import agent_pb2``);
- the module name handed to the protobuf builder becomes ``device_agent.proto.agent_pb2``, so
  message classes carry an importable ``__module__`` (pickling through Ray needs it).

The output depends on the grpcio-tools version (its bundled protoc stamps the protobuf runtime
version the code needs: ``ValidateProtobufRuntimeVersion`` in ``agent_pb2.py``, and
``GRPC_GENERATED_VERSION`` in ``agent_pb2_grpc.py``), so CI must pin grpcio-tools to the version
that generated the committed files.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from importlib import resources
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE_DIR.parents[1]
PROTO_ROOT = REPO_ROOT / "protos"
PROTO_FILE = "reprofarm/v1/agent.proto"
GENERATED = ("agent_pb2.py", "agent_pb2.pyi", "agent_pb2_grpc.py")
HEADER = "# Regenerate with `python -m device_agent.proto.generate`; CI runs it with --check.\n"

_REWRITES = (
    (
        "from reprofarm.v1 import agent_pb2 as reprofarm_dot_v1_dot_agent__pb2",
        "from . import agent_pb2 as reprofarm_dot_v1_dot_agent__pb2",
    ),
    (
        "_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'reprofarm.v1.agent_pb2', _globals)",
        "_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'device_agent.proto.agent_pb2', "
        "_globals)",
    ),
)


class GenerationError(RuntimeError):
    """protoc failed or emitted something the rewrite rules do not recognise."""


def _rewrite(name: str, text: str) -> str:
    for old, new in _REWRITES:
        text = text.replace(old, new)
    if "from reprofarm" in text or "import reprofarm" in text:
        raise GenerationError(
            f"{name}: protoc emitted an absolute reprofarm import the rewrite rules do not know; "
            "update _REWRITES in device_agent/proto/generate.py"
        )
    return HEADER + text


def generate_sources() -> dict[str, str]:
    """Run protoc and return ``{file name: rewritten source}`` for :data:`GENERATED`.

    Raises :class:`GenerationError` when protoc fails (its message names the proto error).
    """
    from grpc_tools import protoc

    well_known = str(resources.files("grpc_tools") / "_proto")
    with tempfile.TemporaryDirectory(prefix="reprofarm-protoc-") as out:
        args = [
            "grpc_tools.protoc",
            f"-I{PROTO_ROOT}",
            f"-I{well_known}",
            f"--python_out={out}",
            f"--pyi_out={out}",
            f"--grpc_python_out={out}",
            str(PROTO_ROOT / PROTO_FILE),
        ]
        status = protoc.main(args)
        if status != 0:
            raise GenerationError(f"protoc failed (exit {status}) on {PROTO_ROOT / PROTO_FILE}")
        emitted = Path(out) / Path(PROTO_FILE).parent
        sources: dict[str, str] = {}
        for name in GENERATED:
            path = emitted / name
            if not path.is_file():
                raise GenerationError(f"protoc did not emit {name}; is grpcio-tools installed?")
            sources[name] = _rewrite(name, path.read_text(encoding="utf-8"))
    return sources


def stale_files(target: Path = PACKAGE_DIR) -> list[str]:
    """Names of generated files under ``target`` that are missing or differ from a fresh run."""
    stale = []
    for name, text in generate_sources().items():
        path = target / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale


def write(target: Path = PACKAGE_DIR) -> list[str]:
    """Write the generated files into ``target``; returns the names written."""
    sources = generate_sources()
    for name, text in sources.items():
        (target / name).write_text(text, encoding="utf-8")
    return list(sources)


def main(argv: list[str] | None = None) -> int:
    """Entry point; exit status 0 when fresh/written, 1 when ``--check`` finds stale files."""
    parser = argparse.ArgumentParser(
        prog="python -m device_agent.proto.generate", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; exit 1 when the committed generated code differs from a fresh run",
    )
    args = parser.parse_args(argv)
    try:
        if args.check:
            stale = stale_files()
            if stale:
                names = ", ".join(f"device_agent/proto/{n}" for n in stale)
                print(
                    f"stale generated code: {names} differ from {PROTO_FILE}; "
                    "run `python -m device_agent.proto.generate` and commit the result",
                    file=sys.stderr,
                )
                return 1
            print("generated code is up to date")
            return 0
        for name in write():
            print(f"wrote device_agent/proto/{name}")
        return 0
    except GenerationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
