"""The asyncio client (``device_agent.aio_client``) through a real agent on loopback: the same
answers, the same error classes and the same retry rule as the sync client, and a snapshot
streamed from one agent into another."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import grpc
import pytest

from device_agent.aio_client import AsyncAgentClient
from device_agent.errors import AgentUnavailableError, AuthError, SnapshotError
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.server import serve
from device_agent.state import SNAPSHOT_LOCAL, DeviceState
from tests.test_agent_server import Agent
from tests.test_agent_state import CountingBackend, add_button


@pytest.fixture()
def two_agents() -> Iterator[tuple[Agent, Agent]]:
    a, b = Agent(CountingBackend("aio-a")), Agent(CountingBackend("aio-b"))
    yield a, b
    a.close()
    b.close()


def dead_address() -> str:
    """A port that was just free: nobody listens there."""
    server, port = serve(CountingBackend("aio-gone"))
    server.stop(None).wait()
    return f"127.0.0.1:{port}"


def test_probe_and_snapshot_copy_between_agents(two_agents):
    a, b = two_agents

    async def scenario() -> None:
        async with (
            AsyncAgentClient(a.address, timeout=10) as first,
            AsyncAgentClient(b.address, timeout=10) as second,
        ):
            assert (await first.info()).device_id == "aio-a"
            result = await first.probe(DeviceState("base"), add_button(), save_snapshot_as="p1")
            assert result.restore_method == SNAPSHOT_LOCAL
            assert result.logcat == ["I Counter: added item0"]
            assert "item0" in result.after.hierarchy_xml
            stored = await first.copy_snapshot_to(second, "p1")
            assert stored.imported and stored.snapshot_id == "p1"
            report = await second.load_snapshot("p1")
            assert report.method == "snapshot_imported"
            assert report.reached_hash == result.after_hash
            assert await second.delete_snapshot("p1")
            assert not await second.delete_snapshot("p1")

    asyncio.run(scenario())


def test_errors_are_the_sync_clients_classes():
    secured = Agent(CountingBackend("aio-auth"), token="s3cret")
    gone = dead_address()

    async def scenario() -> None:
        async with AsyncAgentClient(secured.address, token="s3cret", timeout=5) as client:
            with pytest.raises(SnapshotError, match="nope"):  # named by the agent's metadata
                await client.load_snapshot("nope")
        async with AsyncAgentClient(secured.address, timeout=5) as anonymous:
            with pytest.raises(AuthError, match="token"):
                await anonymous.info()
        async with AsyncAgentClient(gone, timeout=30) as nobody:
            with pytest.raises(AgentUnavailableError, match="is it running"):
                await nobody.observe()
            with pytest.raises(AgentUnavailableError):
                await nobody.execute(add_button())

    try:
        asyncio.run(scenario())
    finally:
        secured.close()


def test_idempotent_calls_rebuild_the_channel_once_execute_never(two_agents):
    a, _ = two_agents
    gone = dead_address()

    async def scenario() -> None:
        async with AsyncAgentClient(a.address, timeout=5) as client:

            def break_channel() -> None:
                client._stub = pb_grpc.DeviceAgentStub(grpc.aio.insecure_channel(gone))

            break_channel()
            assert (await client.info()).device_id == "aio-a"  # retried on a rebuilt channel
            break_channel()
            a.backend.calls.clear()
            with pytest.raises(AgentUnavailableError):
                await client.execute(add_button())
            assert a.backend.calls["execute"] == 0
            assert (await client.execute(add_button())).performed  # the channel was rebuilt

    asyncio.run(scenario())
