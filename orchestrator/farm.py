"""The device pool: device agents served by Ray actors, and a scheduler that fans probes out.

Each :class:`DeviceWorker` is an async Ray actor that holds ``grpc.aio`` clients to many device
agents (``devices_per_worker``, decision 0013: one Python process per device cost ~100 MB each);
it is I/O-bound (it waits on the devices), so it asks Ray for no CPU (only a token of memory, so
that Ray honours its placement: :func:`orchestrator.ray_cluster.worker_options`). The driver-side
:class:`DevicePool` keeps one probe in flight per device and, when a device frees up, gives it the
pending probe whose state it can reach most cheaply (a snapshot it holds first), so a level of m
probes on k devices costs about ceil(m/k) device cycles (DESIGN §1, §2.1). A device that fails is
retried elsewhere and, after ``max_device_failures`` failures or when its agent is gone,
quarantined: one flaky device must not sink a run (DESIGN §6); a worker that dies costs its
devices, whose probes are retried on other workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import ray
import structlog

from device_agent.actions import Action
from device_agent.state import DeviceState
from orchestrator.config import DEFAULT_DEVICES_PER_WORKER
from orchestrator.errors import BadInputError, InfrastructureError
from orchestrator.model import CrashInfo, Screen
from orchestrator.scheduler import Speculation, probe_key

log = structlog.get_logger("reprofarm.farm")

BASE_SNAPSHOT = "base"


@dataclass(frozen=True)
class ProbeSpec:
    """One fan-out item: bring a device to ``state``, run ``action``, observe.

    ``save_as`` names the snapshot of the after-state (empty: do not save); ``tag`` is the
    caller's handle to match outcomes to requests; ``import_from`` (set by the scheduler) is the
    address of a device to copy the state's snapshot from first, when that is cheaper than
    replaying the prefix.
    """

    state: DeviceState
    action: Action
    save_as: str = ""
    screenshots: bool = False
    observe_before: bool = False
    tag: Any = None
    import_from: str = ""
    # The screen the probe starts from and the app under test's package: given them, the worker
    # parses the result itself (crash in logcat, structural diff: ProbeOutcome.crash/.diff), so
    # the driver only gets results (decision 0019). Not part of the spec's identity (equality,
    # hash): the outcome's spec comes back without it.
    before: Screen | None = field(default=None, compare=False)
    app_package: str = ""
    # The state's path holds a transition the search's memory recorded on another path
    # (``probe_once``): its replay may not reach the recorded screen (app state the screen does
    # not show). Such a mismatch ends that path, not the device (decision 0048).
    from_memory: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class RestoreCosts:
    """Device seconds to reach a state without a local snapshot (DESIGN §2.1): replaying costs
    ``per_action`` for each prefix action; importing costs ``transfer`` (pull + push). The base
    load and the hash check are paid either way. Defaults: the ``emulator-grpc`` profile
    (gRPC input 0.05 s; snapshot transfer 2 s), so an import pays off past 40 actions."""

    per_action: float = 0.05
    transfer: float = 2.0

    @classmethod
    def for_profile(cls, profile: str) -> RestoreCosts:
        """Costs of a virtual latency profile; the emulator defaults for anything else."""
        from device_agent.virtual.latency import PROFILE_NAMES, profile_delay

        if profile not in PROFILE_NAMES or profile == "instant":
            return cls()
        return cls(profile_delay(profile, "input"), profile_delay(profile, "snapshot_transfer"))

    def prefer_import(self, prefix_length: int) -> bool:
        return prefix_length * self.per_action > self.transfer


@dataclass
class ProbeOutcome:
    """What one probe returned (plain data, safe to ship through Ray).

    ``after_*`` describe the screen after the action; ``logcat`` the lines written during it;
    ``restore_method`` how the device reached the state (``snapshot_local``, ``replay``...);
    seconds are wall seconds measured by the agent per phase.
    """

    spec: ProbeSpec
    device_id: str
    performed: bool
    detail: str
    after_xml: str
    after_hash: str
    after_package: str
    after_activity: str
    after_orientation: str
    after_keyboard: bool
    after_png: bytes
    logcat: list[str]
    restore_method: str
    restore_seconds: float
    act_seconds: float
    observe_seconds: float
    saved_snapshot: str = ""
    before_png: bytes = b""
    wall_seconds: float = 0.0
    # Parsed in the worker when the spec carries its ``before`` screen (``parsed`` True): the
    # app's crash in ``logcat`` (orchestrator.logcat.app_crash) and the structural diff of
    # before and after (orchestrator.diff.structural_diff); ``parse_seconds`` what that took.
    parsed: bool = False
    crash: CrashInfo | None = None
    diff: dict[str, Any] | None = None
    parse_seconds: float = 0.0
    # The Ray node the worker ran the probe on (a sweep records every node that did work).
    node_id: str = ""


def parse_outcome(outcome: ProbeOutcome) -> ProbeOutcome:
    """Fill ``outcome``'s crash and diff from its spec's ``before`` screen and app package (the
    per-probe parsing, done where the probe ran); unchanged when the spec has no ``before`` or
    the action was not performed. Returns ``outcome``."""
    spec = outcome.spec
    if spec.before is None or not outcome.performed:
        return outcome
    from orchestrator.diff import structural_diff
    from orchestrator.logcat import app_crash

    start = time.perf_counter()
    crash = app_crash(outcome.logcat, spec.app_package)
    after = observed_screen(vars(outcome))
    outcome.diff = structural_diff(spec.before, after, crash, app_package=spec.app_package)
    outcome.crash, outcome.parsed = crash, True
    outcome.parse_seconds = time.perf_counter() - start
    return outcome


@dataclass
class ReplayStep:
    """One step of a replayed trace: the action, whether it was performed, the screen after it
    and the logcat it produced."""

    action: Action
    performed: bool
    detail: str
    after_xml: str
    after_hash: str
    after_activity: str
    after_png: bytes
    logcat: list[str]
    after_package: str = ""
    after_orientation: str = ""
    after_keyboard: bool = False

    def screen(self) -> Screen:
        """The screen after the step."""
        return observed_screen(vars(self))


def observed_screen(fields: dict[str, Any]) -> Screen:
    """A :class:`~orchestrator.model.Screen` from observation fields (``after_xml``,
    ``after_hash``, ``after_package``... as in :class:`ReplayStep` and :class:`ProbeOutcome`)."""
    return Screen(
        hierarchy_xml=fields["after_xml"],
        structural_hash=fields["after_hash"],
        package=fields["after_package"],
        activity=fields["after_activity"],
        orientation=fields["after_orientation"],
        keyboard_shown=fields["after_keyboard"],
        screenshot_png=fields["after_png"],
    )


def _observation_fields(obs: Any, known_hash: str = "") -> dict[str, Any]:
    """``after_*`` fields of an observation; ``known_hash`` is its structural hash when the
    agent already computed it (else it is computed here from the XML)."""
    from device_agent.hierarchy import structural_hash

    xml = obs.hierarchy_xml
    return {
        "after_xml": xml,
        "after_hash": known_hash or (structural_hash(xml) if xml else ""),
        "after_package": obs.package,
        "after_activity": obs.activity,
        "after_orientation": obs.orientation,
        "after_keyboard": obs.keyboard_shown,
        "after_png": obs.screenshot_png,
    }


# How often run_idle looks whether the reasoner is done while speculative probes run (seconds).
IDLE_POLL_S = 0.02

# How long DevicePool.close waits for its cancelled calls to end (seconds): a cancelled call stops
# at the agent's next phase boundary, well within this.
CLOSE_WAIT_S = 10.0

# Calls one device gets at once: the agent serialises its device, and the scheduler's
# one-probe-per-device rule (with snapshot affinity) relies on it.
MAX_IN_FLIGHT_PER_DEVICE = 1


# The health heartbeat (decision 0035): a worker asks each of its agents' gRPC health service
# every HEARTBEAT_S seconds; an agent with no SERVING answer for HEARTBEAT_WINDOW_S seconds has
# missed its window: its calls are cut with AgentUnresponsiveError (a frozen agent costs seconds,
# not a probe deadline) and the pool quarantines the device on that error. The window is wide
# enough for a healthy agent on a machine whose cores are all busy: at 4 s, sweeps at load 8-30
# quarantined healthy devices (false alarms that can end a run in an error).
HEARTBEAT_S = 1.0
HEARTBEAT_WINDOW_S = 10.0

# Probe deadlines (decision 0035): PROBE_DEADLINE_FACTOR x what the probe is expected to take
# (the slowest call this pool has measured, prepare included, plus replaying its prefix), at
# least PROBE_DEADLINE_FLOOR_S seconds and at most the pool's configured probe timeout.
PROBE_DEADLINE_FACTOR = 4.0
PROBE_DEADLINE_FLOOR_S = 15.0


@dataclass
class _Agent:
    """A worker's side of one device: its client, its in-flight bound and the step cursor;
    ``lost`` says why the heartbeat declared the agent unresponsive (``""``: it answers),
    ``calls`` are the tasks using or waiting for the device, ``cut`` those the heartbeat
    cancelled."""

    client: Any  # device_agent.aio_client.AsyncAgentClient
    slots: asyncio.Semaphore
    cursor: int = 0  # logcat cursor of the step-by-step replay (begin_steps / step)
    in_flight: int = 0
    peak_in_flight: int = 0
    lost: str = ""
    calls: set[asyncio.Task[Any]] = field(default_factory=set)
    cut: dict[asyncio.Task[Any], str] = field(default_factory=dict)  # task -> why
    heartbeat: asyncio.Task[None] | None = None
    beats: int = 0  # health checks answered SERVING


@ray.remote(num_cpus=0)
class DeviceWorker:
    """A Ray actor driving many device agents over ``grpc.aio`` (``device_agent.aio_client``).

    One process and one event loop serve every agent assigned to it (``devices_per_worker``, see
    :func:`start_workers`): a device's calls wait for each other (at most
    ``max_in_flight_per_device`` at once; the agent serialises its device anyway) while other
    devices' calls proceed. Every method takes the agent's address first; a client is made on
    the first call for an address. I/O-bound, so the actor asks Ray for no CPU (its placement
    options, :func:`orchestrator.ray_cluster.worker_options`, add a token of memory).
    """

    def __init__(
        self,
        token: str | None,
        timeout: float,
        max_in_flight_per_device: int = 1,
        heartbeat_s: float = HEARTBEAT_S,
        heartbeat_window_s: float = HEARTBEAT_WINDOW_S,
    ) -> None:
        self.token = token
        self.timeout = timeout
        self.max_in_flight = max_in_flight_per_device
        self.heartbeat_s = heartbeat_s  # 0: no heartbeat
        self.heartbeat_window_s = heartbeat_window_s
        self._agents: dict[str, _Agent] = {}
        self._in_flight = 0  # calls running now, over all devices
        self._peak_in_flight = 0

    @contextlib.asynccontextmanager
    async def _device(self, address: str) -> AsyncIterator[_Agent]:
        """The device's state, held for one call (waits while it is at its in-flight bound).

        Raises :class:`~device_agent.errors.AgentUnresponsiveError` at once when the agent has
        missed its heartbeat window, and in place of the call's own progress when it misses it
        while the call waits or runs (the heartbeat cancels the call: :meth:`_heartbeat`)."""
        from device_agent.aio_client import AsyncAgentClient
        from device_agent.errors import AgentUnresponsiveError

        agent = self._agents.get(address)
        if agent is None:
            client = AsyncAgentClient(address, token=self.token, timeout=self.timeout)
            agent = self._agents[address] = _Agent(client, asyncio.Semaphore(self.max_in_flight))
            if self.heartbeat_s > 0:
                agent.heartbeat = asyncio.create_task(self._heartbeat(address, agent))
        if agent.lost:
            raise AgentUnresponsiveError(agent.lost)
        task = asyncio.current_task()
        assert task is not None
        agent.calls.add(task)
        try:
            async with agent.slots:
                agent.in_flight += 1
                agent.peak_in_flight = max(agent.peak_in_flight, agent.in_flight)
                self._in_flight += 1
                self._peak_in_flight = max(self._peak_in_flight, self._in_flight)
                try:
                    yield agent
                finally:
                    agent.in_flight -= 1
                    self._in_flight -= 1
        except asyncio.CancelledError:
            if task not in agent.cut:
                raise  # cancelled by its caller (ray.cancel): not the device's fault
            task.uncancel()
            raise AgentUnresponsiveError(agent.cut[task]) from None
        finally:
            agent.calls.discard(task)
            agent.cut.pop(task, None)

    async def _heartbeat(self, address: str, agent: _Agent) -> None:
        """Ask the agent's health service every ``heartbeat_s`` seconds (each check may take up
        to the window). When no check has answered SERVING for ``heartbeat_window_s`` seconds and
        the latest failed too (so a stall of this worker's own loop is no miss), the agent has
        missed its window: ``lost`` says why and the calls using or waiting for the device are
        cancelled, to end in :class:`~device_agent.errors.AgentUnresponsiveError`. An agent that
        answers SERVING again (SIGCONT, a pod back) is usable again for later calls."""
        loop = asyncio.get_running_loop()
        last_ok = loop.time()
        window = self.heartbeat_window_s
        while True:
            started = loop.time()
            try:
                status = await agent.client.health(timeout=window)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - any failure is a missed beat
                from device_agent.errors import DeadlineError

                timed_out = isinstance(exc, DeadlineError)
                status = f"no answer within {window:g} s" if timed_out else _root_message(exc)
            now = loop.time()
            if status == "SERVING":
                last_ok = now
                agent.beats += 1
                if agent.lost:
                    log.info("agent_answers_again", device=address)
                    agent.lost = ""
            elif now - last_ok >= window and not agent.lost:
                agent.lost = (
                    f"device agent {address} missed its heartbeat window: no SERVING answer "
                    f"to a health check for {now - last_ok:.1f} s (limit {window:g} s; last: "
                    f"{status}); is the agent process stopped or its host frozen?"
                )
                log.warning("agent_unresponsive", device=address, reason=agent.lost)
                for call in list(agent.calls):
                    agent.cut[call] = agent.lost
                    call.cancel()
            await asyncio.sleep(max(0.0, self.heartbeat_s - (loop.time() - started)))

    async def prepare(self, address: str, app: str, version: str) -> dict[str, Any]:
        """Install and launch the app fresh and save the base snapshot; returns the device's
        info and the base screen's observation (hierarchy, screenshot). A reused device is first
        put back to a neutral state (:func:`device_agent.actions.neutral_start`: no app's "keeps
        stopping" dialog, portrait), so the base state never depends on what ran on the device
        before (a false claim in TEST14's first run started by closing such a dialog, decision
        0065)."""
        from device_agent.actions import neutral_start
        from device_agent.hierarchy import structural_hash

        async with self._device(address) as agent:
            client = agent.client
            for action in neutral_start():
                await client.execute(action)
            await client.install_app(app, version)
            await client.reset_app(launch=True)
            await client.save_snapshot(BASE_SNAPSHOT)
            info = await client.info()
            obs = await client.observe()
        return {
            "info": info,
            "xml": obs.hierarchy_xml,
            "hash": structural_hash(obs.hierarchy_xml),
            "package": obs.package,
            "activity": obs.activity,
            "orientation": obs.orientation,
            "keyboard": obs.keyboard_shown,
            "png": obs.screenshot_png,
        }

    async def probe(
        self, address: str, spec: ProbeSpec, timeout: float | None = None
    ) -> ProbeOutcome:
        """Run one probe on the device (see :class:`ProbeSpec`); ``timeout``: the Probe call's
        deadline in seconds (None: the worker's ``timeout``; :meth:`DevicePool.probe_deadline`).
        Raises ``DeadlineError`` past it, ``AgentUnresponsiveError`` when the agent misses its
        heartbeat window meanwhile."""
        async with self._device(address) as agent:
            start = time.perf_counter()
            if spec.import_from and spec.state.snapshot_id:
                await self._import(agent, spec.import_from, spec.state.snapshot_id)
            res = await agent.client.probe(
                spec.state,
                spec.action,
                observe_before=spec.observe_before,
                save_snapshot_as=spec.save_as,
                screenshots=spec.screenshots,
                timeout=timeout,
            )
            wall = time.perf_counter() - start
        outcome = ProbeOutcome(
            spec=spec,
            device_id=res.device_id,
            performed=res.executed.performed,
            detail=res.executed.detail,
            logcat=list(res.logcat),
            restore_method=res.restore_method,
            restore_seconds=res.restore_seconds,
            act_seconds=res.act_seconds,
            observe_seconds=res.observe_seconds,
            saved_snapshot=res.saved_snapshot.snapshot_id if res.saved_snapshot else "",
            before_png=res.before.screenshot_png if res.before else b"",
            wall_seconds=wall,
            node_id=ray.get_runtime_context().get_node_id(),
            **_observation_fields(res.after, res.after_hash),
        )
        # The spec's before screen went out with the call; it need not come back.
        return replace(parse_outcome(outcome), spec=replace(spec, before=None))

    async def probe_batch(self, address: str, specs: list[ProbeSpec]) -> list[ProbeOutcome]:
        """Run ``specs`` one after another on the device and return all outcomes at once: one
        Ray round trip for the batch instead of one per probe (measured by
        ``benchmarks/overhead.py``). A failing probe fails the batch (its error is raised; the
        outcomes before it are lost), so only callers that can retry a whole batch use it."""
        return [await self.probe(address, spec) for spec in specs]

    async def _import(self, agent: _Agent, holder: str, snapshot_id: str) -> bool:
        """Stream a snapshot from the holder's agent into this device's, chunk by chunk through
        this worker (never the driver). A failed copy is not fatal: the agent then replays.
        Returns whether the copy arrived."""
        from device_agent.aio_client import AsyncAgentClient
        from device_agent.errors import DeviceError

        try:
            async with AsyncAgentClient(holder, token=self.token, timeout=self.timeout) as source:
                # A holder that stopped answering would hold the copy up to its whole deadline.
                known = self._agents.get(holder)
                if known is not None and known.lost:
                    raise DeviceError(known.lost)
                status = await source.health(timeout=self.heartbeat_window_s)
                if status != "SERVING":
                    raise DeviceError(f"the holder's agent is {status}")
                await source.copy_snapshot_to(agent.client, snapshot_id)
        except DeviceError as exc:
            log.warning(
                "snapshot_import_failed", source=holder, snapshot=snapshot_id, error=str(exc)
            )
            return False
        return True

    async def import_snapshot(self, address: str, holder: str, snapshot_id: str) -> bool:
        """Copy ``snapshot_id`` from the holder's agent into this device's ahead of its probes
        (:meth:`DevicePool.spread_snapshots`); True when the copy arrived."""
        async with self._device(address) as agent:
            return await self._import(agent, holder, snapshot_id)

    async def position(self, address: str, state: DeviceState) -> float:
        """Bring the device to ``state`` ahead of the probes that start there
        (:meth:`DevicePool.position_ahead`); returns the wall seconds it took (device time)."""
        async with self._device(address) as agent:
            start = time.perf_counter()
            await agent.client.bring_to_state(state)
            return time.perf_counter() - start

    async def replay(
        self, address: str, actions: list[Action], screenshots: bool
    ) -> list[ReplayStep]:
        """Restore the base snapshot and run ``actions`` one by one, observing after each."""
        async with self._device(address) as agent:
            await self._begin(agent, screenshots=False, hierarchy=False)  # the base is known
            steps: list[ReplayStep] = []
            for action in actions:
                step = await self._step(agent, action, screenshots)
                steps.append(step)
                if not step.performed:
                    break
        return steps

    async def begin_steps(
        self, address: str, screenshots: bool, hierarchy: bool = True
    ) -> dict[str, Any]:
        """Restore the base snapshot and observe it (without the dump when ``hierarchy`` is
        False: a dump costs a second on an emulator); later :meth:`step` calls report the logcat
        written since. Returns the observation (``after_*`` fields, as in :class:`ReplayStep`)."""
        async with self._device(address) as agent:
            return await self._begin(agent, screenshots, hierarchy)

    async def step(self, address: str, action: Action, screenshots: bool) -> ReplayStep:
        """Execute one action where the device is, observe, and collect the logcat since the last
        step (or since :meth:`begin_steps`)."""
        async with self._device(address) as agent:
            return await self._step(agent, action, screenshots)

    async def _begin(self, agent: _Agent, screenshots: bool, hierarchy: bool) -> dict[str, Any]:
        await agent.client.load_snapshot(BASE_SNAPSHOT)
        obs = await agent.client.observe(screenshot=screenshots, hierarchy=hierarchy)
        agent.cursor = obs.logcat_cursor
        return _observation_fields(obs)

    async def _step(self, agent: _Agent, action: Action, screenshots: bool) -> ReplayStep:
        executed = await agent.client.execute(action)
        obs = await agent.client.observe(screenshot=screenshots)
        chunk = await agent.client.read_logcat(agent.cursor)
        agent.cursor = chunk.next_cursor
        return ReplayStep(
            action=action,
            performed=executed.performed,
            detail=executed.detail,
            logcat=list(chunk.lines),
            **_observation_fields(obs),
        )

    async def base_screenshot(self, address: str) -> bytes:
        async with self._device(address) as agent:
            await agent.client.load_snapshot(BASE_SNAPSHOT)
            return bytes((await agent.client.observe()).screenshot_png)

    async def delete_snapshots(self, address: str, snapshot_ids: list[str]) -> int:
        async with self._device(address) as agent:
            return sum([1 for sid in snapshot_ids if await agent.client.delete_snapshot(sid)])

    async def check_bug_oracle(self, address: str, bug_id: str) -> tuple[bool, str]:
        async with self._device(address) as agent:
            return await agent.client.check_bug_oracle(bug_id)  # type: ignore[no-any-return]

    async def release(self, address: str) -> None:
        """Forget a device (its agent went away): close its channel once the calls already
        made are done. A later call for the address (the pod came back) gets a new channel."""
        agent = self._agents.pop(address, None)
        if agent is not None:
            async with agent.slots:
                await agent.client.close()
            if agent.heartbeat is not None:
                agent.heartbeat.cancel()

    async def describe(self) -> dict[str, Any]:
        """``{"pid", "node_id", "peak_in_flight", "devices": {address: {"in_flight",
        "peak_in_flight", "lost", "beats"}}}``: where this worker runs, the most calls it has run
        at once, and the devices it has served: why the heartbeat declared one unresponsive
        (``""``: it answers) and how many health checks it answered SERVING (tests and
        benchmarks read it)."""
        return {
            "pid": os.getpid(),
            "node_id": ray.get_runtime_context().get_node_id(),
            "peak_in_flight": self._peak_in_flight,
            "devices": {
                address: {
                    "in_flight": a.in_flight,
                    "peak_in_flight": a.peak_in_flight,
                    "lost": a.lost,
                    "beats": a.beats,
                }
                for address, a in self._agents.items()
            },
        }


@dataclass(frozen=True)
class DeviceHandle:
    """One device agent as a :class:`DeviceWorker` actor serves it (the actor may serve other
    devices too). :meth:`call` starts a worker method for this device and returns its
    ``ray.ObjectRef``."""

    actor: Any
    address: str

    def call(self, method: str, *args: Any) -> Any:
        """``actor.<method>.remote(address, *args)``."""
        return getattr(self.actor, method).remote(self.address, *args)


def group_addresses(
    addresses: Sequence[str],
    devices_per_worker: int,
    node_of: Callable[[str], str] | None = None,
) -> list[list[str]]:
    """Split agent addresses into the groups one worker each serves: the agents of one Ray node
    together (``node_of(address)``: the node a worker must sit on to be next to the agent, ``""``
    when unknown; one bucket without it), in runs of at most ``devices_per_worker``, in the
    given order. (Not by host: on Kubernetes every device pod has its own IP, so a host key would
    give one worker per device again.) Raises ``ValueError`` when ``devices_per_worker < 1``."""
    if devices_per_worker < 1:
        raise ValueError(f"devices_per_worker must be at least 1, got {devices_per_worker}")
    buckets: dict[str, list[str]] = {}
    for address in addresses:
        buckets.setdefault(node_of(address) if node_of else "", []).append(address)
    return [
        bucket[i : i + devices_per_worker]
        for bucket in buckets.values()
        for i in range(0, len(bucket), devices_per_worker)
    ]


def create_worker_actor(addresses: Sequence[str], token: str | None, probe_timeout_s: float) -> Any:
    """Start one :class:`DeviceWorker` actor that is to serve the agents at ``addresses``: the one
    place the farm creates workers. It is placed among Ray's nodes next to its agents
    (:func:`orchestrator.ray_cluster.worker_options`; a group never spans nodes, see
    :func:`group_addresses`), restarts on a live node, and can be rebuilt from these arguments
    alone (clients are made on the first call for an address; decision 0012)."""
    from orchestrator.ray_cluster import worker_options

    placed = DeviceWorker.options(**worker_options(addresses[0]))  # type: ignore[attr-defined]
    return placed.remote(
        token, probe_timeout_s, MAX_IN_FLIGHT_PER_DEVICE, HEARTBEAT_S, HEARTBEAT_WINDOW_S
    )


def start_workers(
    addresses: Sequence[str],
    *,
    token: str | None = None,
    probe_timeout_s: float = 120.0,
    devices_per_worker: int = DEFAULT_DEVICES_PER_WORKER,
) -> dict[str, DeviceHandle]:
    """Start the workers for ``addresses`` (:func:`group_addresses`; 1 per worker is the old
    one-process-per-device farm); returns ``{address: DeviceHandle}``. Stop them with
    :func:`stop_workers`."""
    from orchestrator.ray_cluster import agent_node

    handles: dict[str, DeviceHandle] = {}
    for group in group_addresses(addresses, devices_per_worker, agent_node):
        actor = create_worker_actor(group, token, probe_timeout_s)
        handles.update({address: DeviceHandle(actor, address) for address in group})
    return handles


def stop_workers(handles: Iterable[DeviceHandle]) -> None:
    """Kill the worker actors behind ``handles`` (each once; already dead ones are skipped)."""
    for actor in _actors_of(handles):
        with contextlib.suppress(Exception):
            ray.kill(actor)


def _actors_of(handles: Iterable[DeviceHandle]) -> list[Any]:
    actors: list[Any] = []
    for handle in handles:
        if all(handle.actor != known for known in actors):
            actors.append(handle.actor)
    return actors


@dataclass
class _Flight:
    """A probe call in flight: where it runs, what it asks (the real spec once adopted), the
    devices that have tried it, whether it is (still) speculative, when it was sent
    (``time.perf_counter()``) and whether it was cancelled (a guess nobody wants any more)."""

    device: _Device
    spec: ProbeSpec
    tried: set[str]
    speculative: bool = False
    sent: float = field(default_factory=time.perf_counter)
    cancelled: bool = False


@dataclass
class _Device:
    address: str
    worker: DeviceHandle
    device_id: str = ""
    failures: int = 0
    quarantined: bool = False
    snapshots: set[str] = field(default_factory=set)
    busy_seconds: float = 0.0
    probes: int = 0
    replay_seconds: float = 0.0  # confirmation and shortening replays (not in busy_seconds)
    imported: set[str] = field(default_factory=set)  # held snapshots that came from elsewhere
    # The state the device is in as far as the pool knows (the actions of its path from the
    # base: the last probe's after-state, or where position_ahead sent it); None: unknown.
    at: tuple[Action, ...] | None = None


class DevicePool:
    """The devices of one run, behind Ray actors.

    ``addresses`` are agent addresses (``host:port``); :class:`DeviceWorker` actors are started
    for them, ``devices_per_worker`` agents each (:func:`start_workers`), except for those
    ``workers`` (``{address: DeviceHandle}``, e.g. devices leased from a shared farm) already
    serves. ``close`` kills only the actors this pool started. A worker that dies takes all its
    devices with it: they are quarantined and their probes retried on other workers' devices.
    ``serial`` runs one probe at a
    time on one device (LTGDroid's way: the baseline the fan-out is measured against; another
    device takes over only when that one fails). ``restore_costs`` decides between importing a
    snapshot from another device and replaying (default: from the devices' latency profile once
    prepared). ``on_quarantine(address, reason)`` is called (in the thread that found it; keep
    it short) as each device is quarantined: the sweep replaces such a device when its farm can
    grow (decision 0046). Raises :class:`InfrastructureError` when no device can be prepared or
    when every device has been quarantined.
    """

    # Confirmation replays on several devices at once, and snapshots spread ahead of a level
    # (decision 0020); benchmarks switch them off (on the class or a pool) to measure them.
    parallel_replays = True
    spread_ahead = True
    # Idle devices sent to the next level's states while the driver judges (position_ahead).
    position_idle = True

    def __init__(
        self,
        addresses: Sequence[str],
        *,
        token: str | None = None,
        probe_timeout_s: float = 120.0,
        max_device_failures: int = 2,
        workers: dict[str, Any] | None = None,
        serial: bool = False,
        restore_costs: RestoreCosts | None = None,
        devices_per_worker: int = DEFAULT_DEVICES_PER_WORKER,
        on_quarantine: Callable[[str, str], None] | None = None,
    ) -> None:
        if not addresses:
            raise InfrastructureError(
                "no device agents to use: give --devices N or --agents host:port,..."
            )
        self.max_device_failures = max_device_failures
        self.serial = serial
        self._token, self._probe_timeout_s = token, probe_timeout_s
        self._prepared: tuple[str, str] | None = None  # (app, version) once prepare() ran
        self._compat_key = ""
        self.restore_costs = restore_costs or RestoreCosts()
        self._costs_given = restore_costs is not None
        self.devices_per_worker = devices_per_worker
        given = workers or {}
        started = start_workers(
            [a for a in addresses if a not in given],
            token=token,
            probe_timeout_s=probe_timeout_s,
            devices_per_worker=devices_per_worker,
        )
        self._owned = _actors_of(started.values())
        self._dead: list[Any] = []  # workers found dead (never given new devices)
        self.devices = [_Device(address=a, worker=given.get(a) or started[a]) for a in addresses]
        self.events: list[dict[str, Any]] = []
        self._flights: dict[Any, _Flight] = {}  # ObjectRef -> probe call in flight
        self._spreads: dict[Any, tuple[_Device, str]] = {}  # spread imports in flight
        self._positions: dict[Any, _Device] = {}  # position_ahead calls in flight
        # The slowest call measured on this pool's devices (a probe, or preparing a device):
        # what probe_deadline scales; 0 until one has been measured.
        self._slowest_s = 0.0
        self.on_quarantine = on_quarantine
        self.closed = False  # close() ran: add_device takes no more devices

    # -- setup ------------------------------------------------------------------------------
    def prepare(self, app: str, version: str = "") -> dict[str, Any]:
        """Prepare every device (fresh app, base snapshot). Devices that fail are quarantined;
        returns the first healthy device's base observation. Raises InfrastructureError when
        none can be prepared, or when devices disagree on the snapshot compatibility key.

        A pool prepared again (the next bug on the same devices) first deletes the snapshots its
        devices saved or imported before: the next search names its snapshots from ``s1`` again,
        and a stale snapshot under a reused name would be restored (a wasted load and dump) before
        its screen is found wrong."""
        self.forget_snapshots(set())
        for device in self.devices:
            device.snapshots, device.imported = set(), set()
        started = time.perf_counter()
        refs = {d.address: d.worker.call("prepare", app, version) for d in self.devices}
        first: dict[str, Any] | None = None
        keys: set[str] = set()
        errors: list[str] = []
        for device in self.devices:
            try:
                base = ray.get(refs[device.address])
            except Exception as exc:  # noqa: BLE001 - any failure quarantines the device
                self._quarantine(device, f"prepare failed: {_root_message(exc)}")
                errors.append(f"{device.address}: {_root_message(exc)}")
                continue
            # (an upper bound of this device's own prepare: the calls ran side by side)
            self._slowest_s = max(self._slowest_s, time.perf_counter() - started)
            device.device_id = base["info"].device_id
            device.snapshots.add(BASE_SNAPSHOT)
            device.at = ()  # prepared: on the base screen
            keys.add(base["info"].snapshot_compat_key)
            if not self._costs_given:
                self.restore_costs = RestoreCosts.for_profile(base["info"].profile)
            first = first or base
        if first is None:
            raise InfrastructureError("no device could be prepared: " + "; ".join(errors))
        if len(keys) > 1:
            raise InfrastructureError(
                f"devices have different snapshot compatibility keys {sorted(keys)}: "
                "use devices with the same system image, screen and app build"
            )
        self._prepared, self._compat_key = (app, version), keys.pop()
        return first

    def add_device(self, address: str, worker: Any = None) -> bool:
        """Start using the agent at ``address`` mid-run (e.g. a device pod that became ready):
        it is prepared like the others (after :meth:`prepare`) and gets probes from the next
        scheduling round of :meth:`run_probes`. ``worker``: a :class:`DeviceHandle` to use
        instead of one of this pool's workers (one with room, else a new one). Returns False,
        leaving it out, when it is already in use, cannot be prepared, or has another snapshot
        compatibility key, or when the pool is closed. Safe to call from another thread."""
        if self.closed or any(d.address == address and not d.quarantined for d in self.devices):
            return False
        handle = worker or self._worker_with_room(address)
        device = _Device(address=address, worker=handle)
        if self._prepared is not None:
            try:
                base = ray.get(handle.call("prepare", *self._prepared))
                key = base["info"].snapshot_compat_key
                if self._compat_key and key != self._compat_key:
                    raise InfrastructureError(
                        f"snapshot compatibility key {key!r} differs from the pool's "
                        f"{self._compat_key!r}"
                    )
            except Exception as exc:  # noqa: BLE001 - a device that cannot join is left out
                log.warning("device_not_added", device=address, error=_root_message(exc))
                self.events.append(
                    {"event": "device_not_added", "device": address, "error": _root_message(exc)}
                )
                if worker is None:
                    self._drop_worker(handle)
                return False
            device.device_id = base["info"].device_id
            device.snapshots.add(BASE_SNAPSHOT)
            device.at = ()
        if self.closed:  # closed while it was prepared: its calls would go nowhere
            return False
        self.devices = [*self.devices, device]  # one assignment: readers see old or new list
        log.info("device_added", device=address)
        self.events.append({"event": "device_added", "device": address})
        return True

    def retire_device(self, address: str, reason: str = "its agent went away") -> None:
        """Send no more probes to ``address`` (e.g. its pod is terminating). A probe in flight
        there that fails is retried on another device, as for any failed device; its worker
        closes the channel once that call is done."""
        for device in self.devices:
            if device.address == address:
                self._quarantine(device, reason)
                with contextlib.suppress(Exception):
                    device.worker.call("release")

    def _worker_with_room(self, address: str) -> DeviceHandle:
        """A handle for ``address`` on a live worker this pool started that serves fewer than
        ``devices_per_worker`` healthy devices and sits on the same Ray node as their agents
        (:func:`group_addresses`' rule), else on a new worker."""
        from orchestrator.ray_cluster import agent_node

        node = agent_node(address)
        for actor in self._owned:
            served = [d for d in self.devices if d.worker.actor == actor]
            serving = [d for d in served if not d.quarantined]
            has_room = len(serving) < self.devices_per_worker and actor not in self._dead
            if has_room and (not served or agent_node(served[0].address) == node):
                return DeviceHandle(actor, address)
        actor = create_worker_actor([address], self._token, self._probe_timeout_s)
        self._owned.append(actor)
        return DeviceHandle(actor, address)

    def _drop_worker(self, handle: DeviceHandle) -> None:
        """Undo :meth:`_worker_with_room` for a device that did not join: kill the worker when
        it serves nothing else, else let it forget the device."""
        if any(d.worker.actor == handle.actor for d in self.devices):
            with contextlib.suppress(Exception):
                handle.call("release")
            return
        self._owned = [a for a in self._owned if a != handle.actor]
        with contextlib.suppress(Exception):
            ray.kill(handle.actor)

    @property
    def healthy(self) -> list[_Device]:
        return [d for d in self.devices if not d.quarantined]

    def free_first(self) -> list[_Device]:
        """The healthy devices, those with no probe in flight (e.g. a speculative one) first:
        work that waits for its result goes there."""
        busy = self._busy()
        return sorted(self.healthy, key=lambda d: id(d) in busy)

    def _busy(self) -> set[int]:
        """``id()`` of each device with a probe in flight."""
        return {id(f.device) for f in self._flights.values()}

    # -- fan-out ----------------------------------------------------------------------------
    def run_probes(
        self,
        specs: Sequence[ProbeSpec],
        *,
        on_result: Callable[[ProbeOutcome], None] | None = None,
        deadline: float | None = None,
        idle: Speculation | None = None,
    ) -> list[ProbeOutcome]:
        """Run every probe once, on any healthy device, one in flight per device.

        A probe whose device fails is retried on another device (at most once per device).
        Probes not started before ``deadline`` (a ``time.monotonic()`` value) are dropped.
        With ``idle`` (:class:`orchestrator.scheduler.Speculation`), a probe it already ran
        speculatively is taken from it (or, in flight, waited for) instead of run again, and a
        device with no probe of ``specs`` to take runs one of its speculative probes; the call
        returns when ``specs`` are done, leaving speculative probes in flight (a later call, or
        :meth:`run_idle`/:meth:`end_speculation`, collects them). ``on_result`` is called on
        each outcome as it lands (taken ones first). Returns the outcomes in completion order.
        Raises InfrastructureError when all devices are quarantined while probes remain.
        """
        pending: list[tuple[ProbeSpec, set[str]]] = []
        outcomes: list[ProbeOutcome] = []
        for spec in specs:
            taken = idle.take(spec) if idle is not None else None
            if taken is not None:
                outcomes.append(taken)
                if on_result is not None:
                    on_result(taken)
            elif idle is None or not self._adopt(idle, spec):
                pending.append((spec, set()))
        while pending or any(not f.speculative for f in self._flights.values()):
            if deadline is not None and time.monotonic() > deadline:
                pending.clear()
            self._dispatch(pending, idle, deadline)
            if pending and not self._flights:
                raise InfrastructureError(
                    f"all {len(self.devices)} devices are quarantined or have failed these "
                    f"probes; {len(pending)} probes could not run"
                )
            if not self._flights:
                break
            ready, _ = ray.wait(list(self._flights), num_returns=1)
            outcome = self._land(ready[0], pending, idle)
            if outcome is not None:
                outcomes.append(outcome)
                if on_result is not None:
                    on_result(outcome)
        return outcomes

    def run_idle(
        self, idle: Speculation, until: Callable[[], bool], *, deadline: float | None = None
    ) -> None:
        """Keep free devices busy with ``idle``'s speculative probes until ``until()`` is true
        (e.g. the reasoner's judgement is ready, checked every ``IDLE_POLL_S``), there is nothing
        left to run, or ``deadline`` passed. Probes still in flight are left running."""
        while not until():
            if deadline is None or time.monotonic() <= deadline:
                self._dispatch([], idle, deadline)
            if not self._flights:
                return
            ready, _ = ray.wait(list(self._flights), num_returns=1, timeout=IDLE_POLL_S)
            for ref in ready:
                self._land(ref, [], idle)

    def end_ahead(self) -> None:
        """Wait for the bring-to calls :meth:`position_ahead` started: after this none runs."""
        self._collect_positions(wait=True)

    def end_speculation(self, idle: Speculation) -> None:
        """Start no more speculative probes, cancel those in flight (:meth:`cancel_unwanted`)
        and wait until each has stopped or finished (at most one per device), discarding them:
        after this no probe of the search runs on any device."""
        idle.close()
        self.cancel_unwanted(idle)
        while self._flights:
            ready, _ = ray.wait(list(self._flights), num_returns=1)
            self._land(ready[0], [], idle)

    def cancel_unwanted(self, idle: Speculation) -> int:
        """Cancel the speculative probes in flight whose guesses ``idle`` no longer wants (the
        evaluator kept other children, or the search ended): their results would only be
        discarded, and the device is free for real work sooner. The worker's call is cancelled
        (``ray.cancel``), which cancels its gRPC call, and the agent stops at the probe's next
        phase boundary (after the restore, the action or the observation: ``_check_deadline``);
        the device is then in a state the agent knows. A cancelled probe is no device failure.
        Returns how many were cancelled."""
        cancelled = 0
        for ref, flight in self._flights.items():
            if flight.speculative and not flight.cancelled and not idle.wants(flight.spec):
                flight.cancelled = True
                cancelled += 1
                with contextlib.suppress(Exception):  # it may have ended meanwhile
                    ray.cancel(ref)
        return cancelled

    def _dispatch(
        self,
        pending: list[tuple[ProbeSpec, set[str]]],
        idle: Speculation | None,
        deadline: float | None,
    ) -> None:
        """Give each free healthy device a pending probe (:meth:`_pick`), else, before
        ``deadline``, one of ``idle``'s speculative probes."""
        devices = self.healthy[:1] if self.serial else self.healthy
        busy = self._busy()
        late = deadline is not None and time.monotonic() > deadline
        for device in devices:
            if id(device) in busy:
                continue
            pick = self._pick(device, pending)
            if pick is not None:
                spec, tried = pending.pop(pick)
                speculative = False
            elif idle is not None and not late and not pending:
                guess = None
                if device.at is not None:  # a guess from where it is first: no restore
                    guess = idle.next_spec(self._starts_where(device))
                guess = guess or idle.next_spec()
                if guess is None:
                    continue
                spec, tried, speculative = guess, set(), True
            else:
                continue
            spec = self._with_import(device, spec)
            device.at = None  # until the probe lands
            ref = device.worker.call("probe", spec, self.probe_deadline(spec))
            self._flights[ref] = _Flight(device, spec, tried | {device.address}, speculative)

    def probe_deadline(self, spec: ProbeSpec) -> float:
        """The Probe call's deadline for ``spec``, in seconds (decision 0035): what the probe is
        expected to take — the slowest call measured on this pool's devices (probes, and the
        prepare that seeds it), plus replaying the state's prefix and a snapshot transfer when it
        imports one (:class:`RestoreCosts`) — times :data:`PROBE_DEADLINE_FACTOR`, at least
        :data:`PROBE_DEADLINE_FLOOR_S` and at most the pool's ``probe_timeout_s`` (which it is
        until something has been measured). A device that stops answering altogether is found
        sooner, by the heartbeat (:data:`HEARTBEAT_WINDOW_S`); this bounds a call that is
        answered but stuck."""
        if self._slowest_s <= 0:
            return self._probe_timeout_s
        expected = self._slowest_s + len(spec.state.prefix) * self.restore_costs.per_action
        if spec.import_from:
            expected += self.restore_costs.transfer
        deadline = max(PROBE_DEADLINE_FLOOR_S, PROBE_DEADLINE_FACTOR * expected)
        return min(self._probe_timeout_s, deadline)

    @staticmethod
    def _starts_where(device: _Device) -> Callable[[ProbeSpec], bool]:
        """Whether a probe starts in the state ``device`` is in (it needs no restore there)."""
        at = device.at
        return lambda spec: at is not None and spec.state.prefix == at

    def _adopt(self, idle: Speculation, spec: ProbeSpec) -> bool:
        """Make the speculative probe in flight that runs what ``spec`` asks for a real one
        (its outcome will carry ``spec``); False when there is none."""
        key = probe_key(spec)
        for flight in self._flights.values():
            if flight.cancelled or not flight.speculative or probe_key(flight.spec) != key:
                continue
            if idle.adopted(spec):
                flight.speculative, flight.spec = False, spec
                return True
        return False

    def _land(
        self, ref: Any, pending: list[tuple[ProbeSpec, set[str]]], idle: Speculation | None
    ) -> ProbeOutcome | None:
        """Collect one finished call: the outcome of a real probe (None for a speculative one,
        which goes to ``idle``, and for a failure, which is retried or dropped)."""
        flight = self._flights.pop(ref)
        device, spec, tried = flight.device, flight.spec, flight.tried
        try:
            outcome: ProbeOutcome = ray.get(ref)
        except Exception as exc:  # noqa: BLE001 - the device failed; retry elsewhere
            if flight.cancelled:  # stopped on purpose: the device did not fail
                elapsed = time.perf_counter() - flight.sent
                device.busy_seconds += elapsed
                if idle is not None:
                    idle.cancelled(spec, elapsed)
                return None
            if _model_bug(exc):
                # A Python error inside a virtual app model recurs on every device: the input
                # is wrong, not the farm (the device names the model, the hook and the error).
                raise BadInputError(
                    f"{_root_message(exc)}. The devices are fine: fix the app model "
                    "(docs/app-models.md) and run again"
                ) from exc
            if spec.from_memory and _state_mismatch(exc):
                # The path the memory built does not replay to its recorded screen: the path is
                # dead, the device is fine (it answered; the agent knows where it is).
                device.busy_seconds += time.perf_counter() - flight.sent
                self.events.append(
                    {
                        "event": "probe_dropped",
                        "action": spec.action.describe(),
                        "error": _root_message(exc),
                        "reason": "a path built from the transition memory does not replay",
                    }
                )
                if flight.speculative and idle is not None:
                    idle.failed(spec)
                return None
            self._fail(device, exc)
            if flight.speculative:
                if idle is not None:
                    idle.failed(spec)
            elif any(d.address not in tried for d in self.healthy):
                pending.insert(0, (spec, tried))
            else:
                self.events.append(
                    {
                        "event": "probe_dropped",
                        "action": spec.action.describe(),
                        "error": _root_message(exc),
                    }
                )
            return None
        device.failures = 0
        device.probes += 1
        device.busy_seconds += outcome.wall_seconds
        self._slowest_s = max(self._slowest_s, outcome.wall_seconds)
        if outcome.performed and outcome.restore_method != "snapshot_imported":
            # It stays on the probe's after-screen (after an imported load it could not save
            # there: such a device is left to restore as usual, decision 0020).
            device.at = (*spec.state.prefix, spec.action)
        if outcome.saved_snapshot:
            device.snapshots.add(outcome.saved_snapshot)
        if outcome.restore_method == "snapshot_imported" and spec.state.snapshot_id:
            device.snapshots.add(spec.state.snapshot_id)
        if flight.speculative:
            if idle is not None:
                idle.landed(outcome)
            return None
        return replace(outcome, spec=spec) if outcome.spec is not spec else outcome

    def _pick(self, device: _Device, pending: list[tuple[ProbeSpec, set[str]]]) -> int | None:
        """Index of the pending probe this device should take: one from the state the device is
        in (no restore at all), else one whose state snapshot it holds (cheapest restore), else
        the oldest it has not failed yet."""
        fallback = None
        holder = None
        for i, (spec, tried) in enumerate(pending):
            if device.address in tried:
                continue
            if spec.state.prefix == device.at and not self.serial:
                return i
            if spec.state.snapshot_id and spec.state.snapshot_id in device.snapshots:
                holder = i if holder is None else holder
                continue
            if fallback is None:
                fallback = i
        return holder if holder is not None else fallback

    def _with_import(self, device: _Device, spec: ProbeSpec) -> ProbeSpec:
        """Ask the device to import the state's snapshot from a holder when that is cheaper than
        replaying the prefix. An emulator that loaded an imported snapshot cannot save one
        afterwards, so such a probe saves nothing."""
        snapshot = spec.state.snapshot_id
        if spec.state.prefix == device.at:
            return spec  # already there: nothing to restore
        if snapshot and snapshot in device.snapshots and snapshot in device.imported:
            return replace(spec, save_as="")  # restored from an imported snapshot
        if not snapshot or snapshot in device.snapshots:
            return spec
        if not self.restore_costs.prefer_import(len(spec.state.prefix)):
            return spec
        holder = next(
            (d for d in self.healthy if snapshot in d.snapshots and d is not device), None
        )
        if holder is None:
            return spec
        return replace(spec, import_from=holder.address, save_as="")

    def _fail(self, device: _Device, exc: BaseException) -> None:
        from device_agent.errors import AgentUnavailableError
        from orchestrator.ray_cluster import worker_lost

        device.failures += 1
        message = _root_message(exc)
        gone = (
            isinstance(_root_cause(exc), AgentUnavailableError)
            or "AgentUnavailableError" in repr(exc)
            or "AgentUnresponsiveError" in repr(exc)  # missed its heartbeat window
            or worker_lost(exc)  # Ray gave up restarting the worker on a live node
        )
        log.warning("probe_failed", device=device.address, error=message, failures=device.failures)
        self.events.append({"event": "probe_failed", "device": device.address, "error": message})
        if isinstance(exc, ray.exceptions.RayActorError) and not isinstance(
            exc, ray.exceptions.ActorUnavailableError
        ):
            # The worker process is gone for good (Ray restarts it on a live node first, and
            # re-runs its calls; ActorUnavailableError is a worker still restarting), and with it
            # every device it served: their calls in flight are retried on other workers.
            self._dead.append(device.worker.actor)
            for other in self.devices:
                if other.worker.actor == device.worker.actor:
                    self._quarantine(other, f"its worker died: {message}")
        elif gone or device.failures >= self.max_device_failures:
            self._quarantine(device, message)

    def _quarantine(self, device: _Device, reason: str) -> None:
        if not device.quarantined:
            device.quarantined = True
            log.warning("device_quarantined", device=device.address, reason=reason)
            self.events.append(
                {"event": "device_quarantined", "device": device.address, "reason": reason}
            )
            if self.on_quarantine is not None:
                self.on_quarantine(device.address, reason)

    # -- other work -------------------------------------------------------------------------
    def replay(
        self, actions: list[Action], *, screenshots: bool = True
    ) -> tuple[str, list[ReplayStep]]:
        """Replay a trace from the base snapshot on a healthy device (trying the next device if
        one fails); returns ``(device_address, steps)``."""
        return self._replays([actions], screenshots)[0]

    @property
    def replay_width(self) -> int:
        """How many replays :meth:`replay_many` runs at once: one per healthy device (1 for a
        ``serial`` pool, LTGDroid's one emulator)."""
        if self.serial or not self.parallel_replays:
            return 1
        return max(1, len(self.healthy))

    def replay_many(
        self, traces: Sequence[list[Action]], *, screenshots: bool = True
    ) -> list[list[ReplayStep]]:
        """Replay several traces at once, each from the base snapshot on its own healthy device
        (one replay in flight per device, :attr:`replay_width` at a time; a ``serial`` pool
        replays them one after another on one device). Returns each trace's steps, in the order
        of ``traces``. A device that fails is counted against it (quarantined as a failed probe
        would be) and its trace is replayed on a device that has not failed it yet: a failure
        never becomes a replay that "did not show the bug". Raises
        :class:`InfrastructureError` when a trace has failed on every healthy device."""
        return [steps for _, steps in self._replays(traces, screenshots)]

    def _replays(
        self, traces: Sequence[list[Action]], screenshots: bool
    ) -> list[tuple[str, list[ReplayStep]]]:
        """:meth:`replay_many` with the address each trace was replayed on."""
        done: dict[int, tuple[str, list[ReplayStep]]] = {}
        pending = list(range(len(traces)))  # trace indexes, oldest first
        tried: dict[int, set[str]] = {i: set() for i in pending}
        in_flight: dict[Any, tuple[_Device, int, float]] = {}
        last: BaseException | None = None
        while pending or in_flight:
            devices = self.free_first()[: self.replay_width]  # not behind a speculative probe
            for device in devices:
                if any(device is v[0] for v in in_flight.values()):
                    continue
                pick = next((i for i in pending if device.address not in tried[i]), None)
                if pick is None:
                    continue
                pending.remove(pick)
                device.at = None  # a replay ends wherever its trace does
                ref = device.worker.call("replay", traces[pick], screenshots)
                in_flight[ref] = (device, pick, time.perf_counter())
            if not in_flight:
                error = _root_message(last) if last else "none healthy"
                raise InfrastructureError(f"no device could replay the trace: {error}")
            (ref,), _ = ray.wait(list(in_flight), num_returns=1)
            device, index, started = in_flight.pop(ref)
            tried[index].add(device.address)
            try:
                steps: list[ReplayStep] = ray.get(ref)
            except Exception as exc:  # noqa: BLE001 - the device failed; replay elsewhere
                last = exc
                self._fail(device, exc)
                pending.insert(0, index)
                pending.sort()
                continue
            device.failures = 0
            device.replay_seconds += time.perf_counter() - started
            done[index] = (device.address, steps)
        return [done[i] for i in range(len(traces))]

    def stepper(self, *, screenshots: bool = False) -> StepSession:
        """A step-by-step replay from the base snapshot on one healthy device (the replay
        controller's way of driving a device: it looks at every screen before acting). Raises
        :class:`InfrastructureError` when no device can start one."""
        last: BaseException | None = None
        for device in list(self.healthy):
            device.at = None  # the step-by-step replay moves it
            try:
                first = ray.get(device.worker.call("begin_steps", screenshots))
            except Exception as exc:  # noqa: BLE001 - try the next device
                last = exc
                self._fail(device, exc)
                continue
            return StepSession(self, device, first, screenshots)
        raise InfrastructureError(
            f"no device could start a replay: {_root_message(last) if last else 'none healthy'}"
        )

    def forget_snapshots(self, keep: set[str], *, wait: bool = True) -> int:
        """Delete snapshots no live path needs (keeps ``keep`` and the base). Returns how many
        were deleted; with ``wait=False`` how many were asked to be (the deletions then run
        after whatever each device is doing, without holding up the caller)."""
        refs = []
        asked = 0
        for device in self.healthy:
            drop = sorted(s for s in device.snapshots if s != BASE_SNAPSHOT and s not in keep)
            if drop:
                device.snapshots -= set(drop)
                device.imported -= set(drop)
                refs.append(device.worker.call("delete_snapshots", drop))
                asked += len(drop)
        if not wait:
            return asked
        deleted = 0
        for ref in refs:
            with contextlib.suppress(Exception):  # cleanup is best effort
                deleted += ray.get(ref)
        return deleted

    def spread_snapshots(self, states: Sequence[DeviceState], copies: int) -> int:
        """Copy the snapshots of ``states`` (the kept states whose probes come next) to devices
        that do not hold them, ahead of time: the imports are started and not waited for, so
        they overlap whatever the driver does next (the reasoner judging, filtering the next
        candidates); a probe sent to such a device waits for its import on the worker. Only
        states for which importing beats replaying their prefix
        (:meth:`RestoreCosts.prefer_import`) are spread, each to at most ``copies`` devices in
        all (its expected probes: more copies than probes cannot help), states taking turns in
        the given order, one import per device. Devices that hold none of ``states``' snapshots
        are used first. Returns how many imports were started. A failed import costs nothing but
        time: the device is not marked as holding the snapshot and the probe replays. Does
        nothing on a ``serial`` pool or when ``spread_ahead`` is off."""
        self._collect_spreads()
        if self.serial or not self.spread_ahead or copies < 1:
            return 0
        wanted = [
            s
            for s in states
            if s.snapshot_id
            and s.snapshot_id != BASE_SNAPSHOT
            and self.restore_costs.prefer_import(len(s.prefix))
        ]
        holders = {
            s.snapshot_id: [d for d in self.healthy if s.snapshot_id in d.snapshots] for s in wanted
        }
        wanted = [s for s in wanted if holders[s.snapshot_id]]  # no holder: nothing to copy
        kept = {s.snapshot_id for s in states}
        free = sorted(
            (d for d in self.healthy if all(h is not d for hs in holders.values() for h in hs)),
            key=lambda d: bool(d.snapshots & kept),  # devices holding no kept state first
        )
        started = 0
        while wanted and free:
            for state in list(wanted):
                sid = state.snapshot_id
                if not free or len(holders[sid]) >= copies:
                    wanted.remove(state)
                    continue
                device = free.pop(0)
                source = holders[sid][0]
                ref = device.worker.call("import_snapshot", source.address, sid)
                self._spreads[ref] = (device, sid)
                # The scheduler may send the state's probes here now: the worker runs them
                # after the import (one call per device at a time, in order).
                device.snapshots.add(sid)
                device.imported.add(sid)
                holders[sid].append(device)
                started += 1
        return started

    def position_ahead(self, states: Sequence[DeviceState], copies: int) -> int:
        """Send idle devices to ``states`` (the kept states whose probes come next) ahead of
        those probes, so that each starts where it is (``already_there``: no snapshot load, no
        verification dump) instead of restoring: the bring-to runs while the driver judges and
        filters the next candidates (seconds with a model), time the devices would sit idle.
        Idle devices are those with no probe in flight, not already in one of ``states``; they
        are dealt to the states in turn (given order), at most ``copies`` devices in each state
        (its expected probes) counting those already there. The calls are not waited for; a
        probe sent to such a device waits for its bring-to on the worker. A bring-to that fails
        only costs time: the device's position becomes unknown and its probe restores as
        usual. Returns how many were sent. Nothing on a ``serial`` pool (LTGDroid's baseline) or
        when ``position_idle`` is off."""
        self._collect_positions()
        if self.serial or not self.position_idle or copies < 1 or not states:
            return 0
        keys = [s.prefix for s in states]
        there = {k: sum(1 for d in self.healthy if d.at == k) for k in keys}
        busy = self._busy() | {id(d) for d in self._positions.values()}
        idle = [d for d in self.healthy if id(d) not in busy and d.at not in there]
        sent, dealt = 0, True
        while dealt and idle:
            dealt = False
            for state, key in zip(states, keys, strict=True):
                # (a device holding the state's snapshot as an import would load it, and then
                # could not save: left out)
                fit = [d for d in idle if state.snapshot_id not in d.imported]
                if not fit or there[key] >= copies:
                    continue
                device = fit[0]
                idle.remove(device)
                self._positions[device.worker.call("position", state)] = device
                device.at = key  # the probe sent there next waits for this on the worker
                there[key] += 1
                sent += 1
                dealt = True
        return sent

    def _collect_positions(self, wait: bool = False) -> None:
        """Take note of bring-to calls that ended (with ``wait``, of all, once they end): a
        failed one makes the position unknown."""
        if not self._positions:
            return
        refs = list(self._positions)
        done, _ = ray.wait(refs, num_returns=len(refs), timeout=None if wait else 0)
        for ref in done:
            device = self._positions.pop(ref)
            try:
                device.busy_seconds += float(ray.get(ref))
            except Exception as exc:  # noqa: BLE001 - only time is lost: its probe restores
                device.at = None
                log.warning("position_failed", device=device.address, error=_root_message(exc))

    def _collect_spreads(self) -> None:
        """Take note of spread imports that ended: a failed one un-marks the device."""
        if not self._spreads:
            return
        refs = list(self._spreads)
        done, _ = ray.wait(refs, num_returns=len(refs), timeout=0)
        for ref in done:
            device, sid = self._spreads.pop(ref)
            try:
                ok = bool(ray.get(ref))
            except Exception as exc:  # noqa: BLE001 - the probe will replay; count the failure
                self._fail(device, exc)
                ok = False
            if not ok:
                device.snapshots.discard(sid)
                device.imported.discard(sid)

    def utilisation(self) -> list[dict[str, Any]]:
        return [
            {
                "address": d.address,
                "device_id": d.device_id,
                "probes": d.probes,
                "busy_seconds": round(d.busy_seconds, 3),
                "replay_seconds": round(d.replay_seconds, 3),
                "quarantined": d.quarantined,
            }
            for d in self.devices
        ]

    def close(self) -> None:
        """Stop the calls this pool still has in flight (snapshot spreads started ahead, probes
        nobody waited for), waiting up to :data:`CLOSE_WAIT_S` seconds for them to end, then
        kill the workers it started (not those it was given). Without the wait a spread still
        running is failed by the kill and Ray prints the unread failure on the driver's stdout."""
        self.closed = True
        in_flight = [*self._spreads, *self._flights]
        self._spreads.clear()
        self._flights.clear()
        for ref in in_flight:
            with contextlib.suppress(Exception):  # it may have ended meanwhile
                ray.cancel(ref)
        if in_flight:
            done, _ = ray.wait(in_flight, num_returns=len(in_flight), timeout=CLOSE_WAIT_S)
            for ref in done:
                with contextlib.suppress(Exception):  # read, so Ray does not print it as unread
                    ray.get(ref)
        for actor in self._owned:
            with contextlib.suppress(Exception):
                ray.kill(actor)


class StepSession:
    """One device replaying step by step (see :meth:`DevicePool.stepper`): ``first`` is the base
    screen's observation (``after_*`` fields). :meth:`step` raises :class:`InfrastructureError`
    when the device fails (it is then counted against the device, as a failed probe is)."""

    def __init__(
        self, pool: DevicePool, device: _Device, first: dict[str, Any], screenshots: bool
    ) -> None:
        self.pool, self.device, self.first, self.screenshots = pool, device, first, screenshots

    @property
    def address(self) -> str:
        return self.device.address

    def step(self, action: Action) -> ReplayStep:
        """Execute ``action`` and observe; raises InfrastructureError when the device fails."""
        started = time.perf_counter()
        try:
            step: ReplayStep = ray.get(self.device.worker.call("step", action, self.screenshots))
        except Exception as exc:  # noqa: BLE001
            self.pool._fail(self.device, exc)
            raise InfrastructureError(
                f"device {self.device.address} failed during a replay: {_root_message(exc)}"
            ) from exc
        self.device.busy_seconds += time.perf_counter() - started
        return step


def _model_bug(exc: BaseException) -> bool:
    """The failure is a Python error inside a virtual app model (``DeviceError``: "app model X
    raised ...; this is a bug in the model"), not the device's."""
    return "this is a bug in the model" in _root_message(exc)


def _state_mismatch(exc: BaseException) -> bool:
    """The call failed because the device could not reach the probe's state: a replayed action
    was not performed or the screen reached is not the recorded one (``StateMismatchError``,
    through Ray or gRPC, where only its name may survive)."""
    from device_agent.errors import StateMismatchError

    return isinstance(_root_cause(exc), StateMismatchError) or "StateMismatchError" in repr(exc)


def _root_cause(exc: BaseException) -> BaseException:
    cause = getattr(exc, "cause", None)  # ray.exceptions.RayTaskError keeps the original here
    return cause if isinstance(cause, BaseException) else exc


def _root_message(exc: BaseException | None) -> str:
    if exc is None:
        return ""
    root = _root_cause(exc)
    text = str(root).strip().splitlines()
    return f"{type(root).__name__}: {text[-1] if text else ''}"
