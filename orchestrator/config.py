"""Every setting of a run, typed, in one place (android_env's ``config_classes`` habit).

Defaults follow LTGDroid (arXiv 2603.29623): beam width 3, at most 6 candidate widgets per screen,
100 actions and 60 minutes per bug.
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from orchestrator.ablation import Ablation
from orchestrator.llm.settings import LLMSettings

PROFILES = ("instant", "emulator-grpc", "ltgdroid")
MAX_LOCAL_DEVICES = 64
MAX_TIME_SCALE = 10.0


def _is_host_port(address: str) -> bool:
    host, sep, port = address.rpartition(":")
    return bool(sep and host.strip("[]") and port.isdigit() and 0 < int(port) < 65536)


STRATEGIES = ("parallel", "serial")
# Device agents one Ray worker process serves (decision 0013).
DEFAULT_DEVICES_PER_WORKER = 16
REASONERS = ("heuristic", "openai")


SPECULATE_MODES = ("auto", "on", "off")


@dataclass(frozen=True)
class SearchConfig:
    """The LTGDroid loop's knobs.

    ``beam``: paths kept per level; ``branch``: candidate widgets tried per screen (global
    actions chosen by the reasoner come on top, at most ``max_global``); ``max_actions``: the
    longest path (UI actions in one candidate reproduction) the search may build; ``max_probes``:
    all actions executed on devices during pre-exploration, a cost cap; ``max_minutes``: wall-clock
    budget. ``confirm_replays``: how many times a claimed trace is replayed on a fresh device
    before it counts (0 disables). ``shorten_replays``: how many replays may be spent cutting
    detours (loops back to an earlier state) out of a confirmed trace (0 disables).
    ``max_cost_usd``: stop the search once the reasoner's model calls cost this many US dollars
    (0: no limit; the offline reasoner costs nothing). ``speculate``: ``on`` lets idle devices
    probe the likely next level's candidates ahead, ``off`` never, ``auto`` (the default) only when
    the devices do not share this machine's cores with each other (remote agents, or fewer local
    virtual devices than cores: see :func:`resolve_speculation`; decision 0018); ``stream``:
    summarise each transition as its probe lands (False: once the whole level is done, the old
    barrier; kept to measure against). Neither changes the search's decisions.
    ``path_bound``: no path grows past what the report justifies
    (:func:`orchestrator.search.report_path_bound`, issue 28 §1), and when every kept path is at
    that bound (or none is left) the search goes on from the best paths it left unexpanded
    (breadth) instead of stopping; False: only ``max_actions`` bounds a path, as before, kept to
    measure against. ``probe_once``: an action is probed at most once per state (the screen,
    what its fields hold, whether the soft keyboard is up and the S2R progress made to reach
    it) in one search; another path reaching that state reuses the recorded transition instead
    of probing it again (a transition memory, issue 28 §1); a path it built that does not
    replay is dropped, not the device (decision 0048); when every kept path reaches
    ``max_actions`` with budget left, the search goes on from the best paths it left unexpanded
    (breadth). On by default since decision 0049: the same or a better score at about half the
    probes, no false claim (False: every path probes again, kept to measure against).
    ``frontier`` (with ``probe_once``): when the search would stop with budget left (every kept
    path at ``max_actions``, every candidate known to the memory, nothing in reserve), it goes
    back to the states it reached, most S2R progress first, and probes the actions the memory
    has no record of there (:meth:`orchestrator.search.Reproducer._frontier`, decision 0052);
    False: it stops, as before, kept to measure against.
    ``repeat_unchanged``: a press on a widget that leaves the screen unchanged is followed by
    one more click on the same control, once per screen and control (a hidden state: "tap it
    twice", "hold it, then tap it"; :meth:`orchestrator.search.Reproducer._repeat_unchanged`,
    decision 0055); False: never, kept to measure against.
    ``cap_lookalikes``: when a state is first expanded, at most two widgets of a family nobody
    can tell apart (same kind, class, id, label, row and checked state: grid cells, identical
    rows) and its last one are candidates; the frontier tries the others later
    (:func:`orchestrator.enumerate.cap_lookalikes`, decision 0056); False: every one, kept to
    measure against.
    ``cap_runs``: a path that did one action, or one cycle of up to
    :data:`orchestrator.search.CYCLE_LIMIT` actions, :data:`orchestrator.search.RUN_LIMIT` times
    in a row with no S2R progress (more where the report asks: "5 times") is not offered it
    again (:func:`orchestrator.search.repeated_run`, decisions 0056, 0057); False: no limit,
    kept to measure against.
    ``loop_pass`` (with ``probe_once``): when the search would stop with budget left, it
    searches once more from the launch screen letting each path come back once to a screen it
    was on (a loop: take a picture and go back to the camera), the memory keyed by where the
    loop went, since the same screen may now hide other data
    (:meth:`orchestrator.search.Reproducer._second_pass`, decision 0064); False: it stops.
    """

    beam: int = 3
    branch: int = 6
    max_global: int = 2
    max_actions: int = 100
    max_probes: int = 1500
    max_minutes: float = 60.0
    confirm_replays: int = 1
    shorten_replays: int = 8
    max_cost_usd: float = 0.0
    speculate: str = "auto"
    stream: bool = True
    path_bound: bool = False
    probe_once: bool = True
    frontier: bool = True
    repeat_unchanged: bool = True
    cap_lookalikes: bool = True
    cap_runs: bool = True
    loop_pass: bool = True

    def decision_settings(self) -> dict[str, Any]:
        """The settings that can change what the search finds (a sweep's config hash): all but
        ``speculate`` and ``stream``, which change only when device work happens."""
        settings = asdict(self)
        for key in ("speculate", "stream"):
            settings.pop(key)
        return settings

    def validate(self) -> None:
        """Raise ``ConfigError`` naming the bad value."""
        from orchestrator.errors import ConfigError
        from orchestrator.reasoner.rules import rules_off
        from orchestrator.reasoner.verify import checks_off

        try:
            checks_off()  # the ablation's switched-off checks and rules, before any device starts
            rules_off()
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        if self.speculate not in SPECULATE_MODES:
            raise ConfigError(
                f"--speculate must be one of {', '.join(SPECULATE_MODES)}, got {self.speculate!r}"
            )
        if not math.isfinite(self.max_cost_usd) or self.max_cost_usd < 0:
            raise ConfigError(
                f"--max-cost-usd must be 0 (no limit) or a positive amount, got {self.max_cost_usd}"
            )
        if self.beam < 1:
            raise ConfigError(f"--beam must be at least 1, got {self.beam}")
        if self.branch < 1:
            raise ConfigError(f"--branch must be at least 1, got {self.branch}")
        if self.max_actions < 1:
            raise ConfigError(f"--max-actions must be at least 1, got {self.max_actions}")
        if self.max_probes < 1:
            raise ConfigError(f"--max-probes must be at least 1, got {self.max_probes}")
        if not math.isfinite(self.max_minutes) or self.max_minutes <= 0:
            raise ConfigError(f"--max-minutes must be positive, got {self.max_minutes}")


@dataclass(frozen=True)
class FarmConfig:
    """Where the devices come from.

    Either ``devices`` local virtual agents started for the run (separate gRPC server processes),
    or ``agents``: addresses (``host:port``) of agents already running. ``profile`` and
    ``time_scale`` set the latency simulation of local virtual devices (DESIGN §2.2).
    ``strategy`` is ``parallel`` (ours: a level's probes fan out over every device) or ``serial``
    (LTGDroid's: one device tries every candidate in turn; ``devices`` is then 1).
    ``devices_per_worker``: device agents one Ray worker process serves (decision 0013; 1 is one
    process per device).
    ``ray_address``: the Ray cluster to run the device workers on (``orchestrator.ray_cluster``;
    empty: an embedded local Ray).
    """

    devices: int = 4
    agents: tuple[str, ...] = ()
    app: str = ""
    app_dir: str = ""
    app_version: str = ""
    profile: str = "instant"
    time_scale: float = 1.0
    token: str | None = None
    probe_timeout_s: float = 120.0
    max_device_failures: int = 2
    strategy: str = "parallel"
    devices_per_worker: int = DEFAULT_DEVICES_PER_WORKER
    ray_address: str = ""

    @property
    def local_devices(self) -> int:
        """How many local agents to start: one for the serial strategy."""
        return 1 if self.strategy == "serial" else self.devices

    def validate(self) -> None:
        from orchestrator.errors import ConfigError

        if not self.agents and self.devices < 1:
            raise ConfigError(f"--devices must be at least 1, got {self.devices}")
        if not self.agents and self.devices > MAX_LOCAL_DEVICES:
            raise ConfigError(
                f"--devices {self.devices} is more local agents than one machine runs well "
                f"(at most {MAX_LOCAL_DEVICES}); for a bigger farm run agents on other machines "
                "and pass --agents host:port,... or k8s://NAMESPACE/SELECTOR"
            )
        for address in self.agents:
            if not address.startswith("k8s://") and not _is_host_port(address):
                raise ConfigError(
                    f"--agents entry {address!r} is not host:port (port 1-65535), "
                    "e.g. 127.0.0.1:50051"
                )
        if self.profile not in PROFILES:
            raise ConfigError(
                f"unknown --profile {self.profile!r}; choose one of {', '.join(PROFILES)}"
            )
        if self.strategy not in STRATEGIES:
            raise ConfigError(
                f"unknown --strategy {self.strategy!r}; choose one of {', '.join(STRATEGIES)}"
            )
        if not (math.isfinite(self.time_scale) and 0 < self.time_scale <= MAX_TIME_SCALE):
            raise ConfigError(
                f"--time-scale must be a number in (0, {MAX_TIME_SCALE:g}], got {self.time_scale} "
                "(it multiplies every simulated delay: 0.05 runs 20x faster than a real device)"
            )
        if self.devices_per_worker < 1:
            raise ConfigError(
                f"--devices-per-worker must be at least 1, got {self.devices_per_worker}"
            )
        if self.app_dir and not Path(self.app_dir).is_dir():
            raise ConfigError(
                f"--app-dir {self.app_dir!r} is not a directory; pass the directory that holds "
                "your app model .py files (docs/app-models.md)"
            )


@dataclass(frozen=True)
class RunConfig:
    """One reproduction: the report, the output directory and the parts above. ``llm``
    configures the ``openai`` reasoner (see docs/llm.md); ``ablation`` switches LTGDroid modules
    off (its Table IV), for either reasoner."""

    report_path: str
    out_dir: str
    reasoner: str = "heuristic"
    search: SearchConfig = field(default_factory=SearchConfig)
    farm: FarmConfig = field(default_factory=FarmConfig)
    progress: bool = True
    llm: LLMSettings = field(default_factory=LLMSettings)
    ablation: Ablation = field(default_factory=Ablation)
    overwrite: bool = False  # --overwrite: replace an earlier run's files in out_dir

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["farm"].pop("token", None)  # never write secrets into results
        data["llm"].pop("api_key", None)
        return data


def resolve_speculation(mode: str, local_devices: int, cores: int | None = None) -> str:
    """``on`` or ``off`` for a run: ``mode`` itself unless it is ``auto``, which speculates
    only when idle devices have CPU of their own: no local virtual devices (remote agents,
    emulator pods), or fewer local ones than this machine's cores (``cores``, default
    ``os.cpu_count()``). Local virtual devices on a small machine share the driver's cores, and
    a speculative probe then takes CPU from the real ones (measured by ``benchmarks/pipeline.py``
    on 2 cores: 0.4-1.0x at 16-32 devices)."""
    if mode != "auto":
        return mode
    if local_devices == 0:
        return "on"
    available = cores if cores is not None else (os.cpu_count() or 1)
    return "on" if local_devices < available else "off"


def run_speculation(config: RunConfig) -> str:
    """:func:`resolve_speculation` for a run's own devices: ``--agents`` (or pods) are remote,
    otherwise the run starts ``config.farm.local_devices`` virtual devices on this machine."""
    local = 0 if config.farm.agents else config.farm.local_devices
    return resolve_speculation(config.search.speculate, local)
