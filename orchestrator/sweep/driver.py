"""``reprofarm sweep``: many reproductions at once on one shared farm, scored against ground truth.

One farm of N device agents (local virtual agents, or ``--agents``) and its
:class:`~orchestrator.farm.DeviceWorker` actors (``--devices-per-worker`` agents each) live for
the whole sweep. M driver
threads each take the next (bug, repeat) from the queue, lease their fair share of the devices
(:mod:`orchestrator.sweep.leases`), build a :class:`~orchestrator.farm.DevicePool` on the leased
workers, install the bug's app, run the :class:`~orchestrator.search.Reproducer`, write the run's
``result.json``/``report.html``, replay a claimed trace on a fresh device of the lease against the
app's ground-truth oracle, store the row (:mod:`orchestrator.sweep.store`) and return the devices.
A device a reproduction loses is replaced when the farm can grow (:mod:`orchestrator.replacement`).
At the end the store's rows are scored (:mod:`orchestrator.sweep.scoring`) into
``summary.json``/``.md``/``.html``.

Layout of ``--out DIR``: ``results.sqlite`` (default store), ``summary.*``, and one run directory
per reproduction, ``runs/<bug>/r<repeat>-<config hash>/`` (``result.json``, ``report.html``,
``screens/``, ``ground_truth.json``).
"""

from __future__ import annotations

import contextlib
import re
import shutil
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import structlog

from orchestrator.ablation import Ablation
from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.errors import ConfigError, InfrastructureError, ReproError
from orchestrator.farm import DevicePool, ProbeOutcome
from orchestrator.llm.settings import LLMSettings
from orchestrator.metrics import DriverMetrics
from orchestrator.nightly.job import NightlyOptions
from orchestrator.pushgateway import DEFAULT_PUSH_INTERVAL_S, MetricsPusher, gateway_url
from orchestrator.ray_cluster import describe as describe_cluster
from orchestrator.replacement import GrowableFarm, Replacements, worker_near
from orchestrator.run import reproduce_on_pool
from orchestrator.scheduler import Speculation
from orchestrator.sweep.inputs import Skipped, SweepItem, plan
from orchestrator.sweep.leases import Lease, LeaseManager
from orchestrator.sweep.scoring import summarize
from orchestrator.sweep.store import DONE, ERROR, ResultStore, RunRow, config_hash, utc_now
from orchestrator.sweep.summary import write_summary

log = structlog.get_logger("reprofarm.sweep")

STORE_FILE = "results.sqlite"
GROUND_TRUTH_FILE = "ground_truth.json"
# A reproduction holds its devices for at most its own time budget; a waiter gets that plus slack.
LEASE_SLACK_S = 300.0


@dataclass(frozen=True)
class SweepConfig:
    """Everything a sweep needs.

    ``inputs``: report directories, ``index.tsv`` files, report files or bug ids (empty: the whole
    catalog); ``reports_dirs``: where bug ids are looked up first; ``repeat``: runs per bug
    (LTGDroid: 3); ``concurrency``: reproductions at once; ``store_path``: the SQLite store
    (default ``out_dir/results.sqlite``); ``metrics_port``: Prometheus endpoint (0: off) on
    ``metrics_host`` (loopback unless told otherwise); ``pushgateway``: Pushgateway URL the
    metrics are pushed to at the start, every ``push_interval_s`` and at the end ("": none);
    ``lease_timeout_s``: longest wait for devices (0: the search's time budget + 5 minutes);
    ``reasoner``/``llm``/``ablation``/``search``/``farm`` as for ``reprofarm reproduce``;
    ``nightly``: run each bug as a nightly re-reproduction (:mod:`orchestrator.nightly.job`:
    replay the stored trace first) instead of a search from scratch.
    """

    out_dir: str
    inputs: tuple[str, ...] = ()
    reports_dirs: tuple[str, ...] = ()
    repeat: int = 1
    concurrency: int = 2
    reasoner: str = "heuristic"
    search: SearchConfig = field(default_factory=SearchConfig)
    farm: FarmConfig = field(default_factory=FarmConfig)
    llm: LLMSettings = field(default_factory=LLMSettings)
    ablation: Ablation = field(default_factory=Ablation)
    store_path: str = ""
    metrics_port: int = 0
    metrics_host: str = "127.0.0.1"
    pushgateway: str = ""
    push_interval_s: float = DEFAULT_PUSH_INTERVAL_S
    lease_timeout_s: float = 0.0
    progress: bool = True
    nightly: NightlyOptions | None = None

    def validate(self) -> None:
        """Raise ``ConfigError`` naming the bad value."""
        self.search.validate()
        self.farm.validate()
        if self.repeat < 1:
            raise ConfigError(f"--repeat must be at least 1, got {self.repeat}")
        if self.concurrency < 1:
            raise ConfigError(f"--concurrency must be at least 1, got {self.concurrency}")
        if not 0 <= self.metrics_port <= 65535:
            raise ConfigError(f"--metrics-port must be 0-65535, got {self.metrics_port}")
        if self.lease_timeout_s < 0:
            raise ConfigError(f"--lease-timeout must be positive, got {self.lease_timeout_s}")
        if self.pushgateway:
            gateway_url(self.pushgateway)
        if not self.push_interval_s > 0:
            raise ConfigError(f"--push-interval must be positive, got {self.push_interval_s}")

    @property
    def metrics_job(self) -> str:
        """The Pushgateway ``job`` label of this run: ``reprofarm-sweep`` or
        ``reprofarm-nightly``."""
        return "reprofarm-nightly" if self.nightly is not None else "reprofarm-sweep"

    @property
    def store(self) -> Path:
        return Path(self.store_path) if self.store_path else Path(self.out_dir) / STORE_FILE

    @property
    def lease_timeout(self) -> float:
        return self.lease_timeout_s or self.search.max_minutes * 60.0 + LEASE_SLACK_S

    def run_settings(self) -> dict[str, Any]:
        """What decides a reproduction's outcome (the store's config hash covers exactly this):
        the reasoner, the search budgets and the simulated device; not the farm's size, the
        concurrency or where files go."""
        from dataclasses import asdict

        llm = asdict(self.llm)
        llm.pop("api_key", None)
        return {
            "reasoner": self.reasoner,
            "llm": llm if self.reasoner != "heuristic" else {},
            "ablation": asdict(self.ablation),
            "strategy": self.farm.strategy,
            "search": self.search.decision_settings(),
            "profile": self.farm.profile,
            "time_scale": self.farm.time_scale,
            "app": self.farm.app,
            "app_version": self.farm.app_version,
            "app_dir": self.farm.app_dir,
            "agents": bool(self.farm.agents),
            **(
                {
                    "nightly": {
                        "label": self.nightly.label,
                        "fixed_probes": self.nightly.fixed_probes,
                        "reuse": self.nightly.reuse,
                        "retry_misses": self.nightly.retry_misses,
                    }
                }
                if self.nightly is not None
                else {}
            ),
        }


@dataclass
class SweepOutcome:
    """What :func:`run_sweep` did: ``summary`` (the ``summary.json`` object), ``paths`` of the
    summary files, ``ran`` reproductions run now, ``already_done`` skipped as finished,
    ``failed`` infrastructure errors, ``config_hash`` and the store's path; ``replaced``: the
    lost devices replaced (:attr:`orchestrator.replacement.Replacements.replaced`)."""

    summary: dict[str, Any]
    paths: dict[str, Path]
    ran: int
    already_done: int
    failed: int
    config_hash: str
    store: Path
    skipped: list[Skipped]
    wall_seconds: float
    rows: list[RunRow] = field(default_factory=list)
    replaced: list[dict[str, Any]] = field(default_factory=list)


class MeteredPool(DevicePool):
    """A :class:`DevicePool` that reports every probe's latency (the worker-measured gRPC round
    trip, ``ProbeOutcome.wall_seconds``) to the driver's metrics, and counts the probes each Ray
    node ran into ``nodes`` (:attr:`ProbeOutcome.node_id` -> probes; shared by the sweep's
    pools, guarded by ``nodes_lock``): where the work was done, a node that died later included."""

    def __init__(
        self,
        *args: Any,
        metrics: DriverMetrics | None = None,
        nodes: Counter[str] | None = None,
        nodes_lock: threading.Lock | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._metrics = metrics
        self._nodes = nodes
        self._nodes_lock = nodes_lock or threading.Lock()

    def run_probes(
        self,
        specs: Any,
        *,
        on_result: Callable[[ProbeOutcome], None] | None = None,
        deadline: float | None = None,
        idle: Speculation | None = None,
    ) -> list[ProbeOutcome]:
        metrics = self._metrics

        def observed(outcome: ProbeOutcome) -> None:
            if metrics is not None:
                metrics.probe_observed(outcome.wall_seconds)
            if self._nodes is not None and outcome.node_id:
                with self._nodes_lock:
                    self._nodes[outcome.node_id] += 1
            if on_result is not None:
                on_result(outcome)

        return super().run_probes(list(specs), on_result=observed, deadline=deadline, idle=idle)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "bug"


def run_dir_for(out_dir: Path, bug_id: str, repeat: int, chash: str) -> Path:
    """``out_dir/runs/<bug>/r<repeat>-<config hash>``."""
    return out_dir / "runs" / _slug(bug_id) / f"r{repeat}-{chash}"


class _Sweep:
    """The state of one running sweep (threads share it)."""

    def __init__(
        self,
        config: SweepConfig,
        chash: str,
        store: ResultStore,
        metrics: DriverMetrics | None,
        on_done: Callable[[RunRow], None],
    ) -> None:
        self.config = config
        self.chash = chash
        self.store = store
        self.metrics = metrics
        self.on_done = on_done
        self.queue: deque[tuple[SweepItem, int]] = deque()
        self.lock = threading.Lock()
        self.running = 0
        self.stop = threading.Event()
        self.failed = 0
        self.leases: LeaseManager | None = None
        self.replacements: Replacements | None = None
        self.workers: dict[str, Any] = {}
        self.ray_cluster: dict[str, Any] = {}  # the cluster the workers ran on (ray_cluster.py)
        self.node_probes: Counter[str] = Counter()  # probes per Ray node (MeteredPool)

    def _next(self) -> tuple[tuple[SweepItem, int], int] | None:
        with self.lock:
            if self.stop.is_set() or not self.queue:
                return None
            work = self.queue.popleft()
            self.running += 1
            unfinished = self.running + len(self.queue)
            if self.metrics is not None:
                self.metrics.set_queue_depth(len(self.queue))
            return work, unfinished

    def worker_loop(self) -> None:
        while True:
            picked = self._next()
            if picked is None:
                return
            (item, repeat), unfinished = picked
            try:
                row = self.run_one(item, repeat, unfinished)
                self.store.put(row)
                if row.status == ERROR:
                    with self.lock:
                        self.failed += 1
                self.on_done(row)
            finally:
                with self.lock:
                    self.running -= 1

    def run_one(self, item: SweepItem, repeat: int, unfinished: int) -> RunRow:
        from orchestrator.replay import replay_on

        assert self.leases is not None
        config = self.config
        started_at = utc_now()
        run_dir = run_dir_for(Path(config.out_dir), item.bug_id, repeat, self.chash)
        if run_dir.exists():  # left over by a sweep killed mid-run
            shutil.rmtree(run_dir)
        run_config = self._run_config(item, run_dir)
        owner = f"{item.bug_id} repeat {repeat}"
        serial = config.farm.strategy == "serial"  # LTGDroid's baseline: one device each
        share = 1 if serial else self.leases.fair_share(unfinished)
        lease: Lease | None = None
        triggered: bool | None = None
        score_detail = ""
        try:
            lease = self.leases.acquire(owner, share, config.lease_timeout)
            held = lease

            @contextlib.contextmanager
            def open_pool() -> Iterator[DevicePool]:
                def replace_lost(address: str, reason: str) -> None:
                    if self.replacements is not None:
                        self.replacements.lost(address, held, pool)

                addresses = list(held.addresses)  # (a replacement may join it meanwhile)
                pool = MeteredPool(
                    addresses,
                    token=config.farm.token,
                    probe_timeout_s=config.farm.probe_timeout_s,
                    max_device_failures=config.farm.max_device_failures,
                    workers={a: self.workers[a] for a in addresses},
                    serial=serial,
                    metrics=self.metrics,
                    nodes=self.node_probes,
                    nodes_lock=self.lock,
                    on_quarantine=replace_lost,
                )
                try:
                    yield pool
                finally:
                    held.quarantined |= {d.address for d in pool.devices if d.quarantined}
                    # The next reproduction numbers its snapshots from 1 again: leave none behind
                    # that a same-named state of another bug could restore.
                    pool.forget_snapshots(keep=set())
                    pool.close()

            progress = self.metrics.search_event if self.metrics is not None else None
            if config.nightly is not None:
                from orchestrator.nightly.job import nightly_on_pool

                result, _ = nightly_on_pool(
                    run_config,
                    item.app_dict,
                    open_pool,
                    options=config.nightly,
                    progress=progress,
                )
            else:
                result, _ = reproduce_on_pool(
                    run_config, item.app_dict, open_pool, progress=progress
                )
            if result["reproduced"]:
                triggered, score_detail = self._score(replay_on, held, result, run_dir)
        except InfrastructureError as exc:  # no devices within the lease timeout
            result = _error_result(item, run_config, str(exc))
        except Exception as exc:  # noqa: BLE001 - one broken reproduction must not stop the sweep
            log.exception("reproduction_failed", bug_id=item.bug_id, repeat=repeat)
            result = _error_result(item, run_config, f"{type(exc).__name__}: {exc}")
        finally:
            if lease is not None:
                self.leases.release(lease)
        if self.metrics is not None:
            self.metrics.reproduction_finished(result)
        return self._row(item, repeat, result, run_dir, started_at, triggered, score_detail)

    def _row(
        self,
        item: SweepItem,
        repeat: int,
        result: dict[str, Any],
        run_dir: Path,
        started_at: str,
        triggered: bool | None = None,
        score_detail: str = "",
    ) -> RunRow:
        """The store's row for one finished (or failed) reproduction."""
        if result.get("error"):
            score_detail = str(result["error"])
        status = ERROR if result["verdict"] == "error" else DONE
        llm = result.get("llm") or {}
        return RunRow(
            bug_id=item.bug_id,
            repeat=repeat,
            config_hash=self.chash,
            status=status,
            verdict=str(result["verdict"]),
            claimed=bool(result["reproduced"]),
            triggered=triggered,
            score_detail=score_detail,
            kind=item.kind or str((result.get("spec") or {}).get("bug_kind", "")),
            app=item.app_dict.get("name", ""),
            report_path=item.report_path,
            run_dir=str(run_dir),
            result_path=str(run_dir / "result.json"),
            html_path=str(run_dir / "report.html"),
            result=result,
            actions=int(result.get("actions_executed", 0)),
            trace_length=len(result.get("trace", [])),
            tokens=int(llm.get("prompt_tokens", 0)) + int(llm.get("completion_tokens", 0)),
            cost_usd=float(llm.get("cost_usd", 0.0)),
            wall_seconds=float(result.get("wall_seconds", 0.0)),
            started_at=started_at,
            finished_at=utc_now(),
        )

    def fail_queued(self, message: str) -> None:
        """Store every reproduction still queued as an ``error`` row with ``message`` (and its
        ``result.json``): the farm could not start, and the same command redoes them."""
        with self.lock:
            work, self.queue = list(self.queue), deque()
        for item, repeat in work:
            started_at = utc_now()
            run_dir = run_dir_for(Path(self.config.out_dir), item.bug_id, repeat, self.chash)
            result = _error_result(item, self._run_config(item, run_dir), message)
            self.store.put(self._row(item, repeat, result, run_dir, started_at))
            self.failed += 1

    def _run_config(self, item: SweepItem, run_dir: Path) -> RunConfig:
        config = self.config
        return RunConfig(
            report_path=item.report_path,
            out_dir=str(run_dir),
            reasoner=config.reasoner,
            search=config.search,
            farm=config.farm,
            progress=False,
            llm=config.llm,
            ablation=config.ablation,
        )

    def _answers(self, address: str) -> bool:
        """Whether the agent at ``address`` answers a health check SERVING within one heartbeat
        window (:data:`orchestrator.farm.HEARTBEAT_WINDOW_S`)."""
        from device_agent.client import AgentClient
        from device_agent.errors import DeviceError
        from orchestrator.farm import HEARTBEAT_WINDOW_S

        try:
            with AgentClient(address, token=self.config.farm.token) as client:
                return client.health(timeout=HEARTBEAT_WINDOW_S) == "SERVING"
        except DeviceError as exc:
            log.warning("scoring_device_unresponsive", device=address, error=str(exc))
            return False

    def _score(
        self, replay_on: Callable[..., Any], lease: Lease, result: dict[str, Any], run_dir: Path
    ) -> tuple[bool | None, str]:
        """Replay the claimed trace on a fresh (reset) device of the lease; the app's oracle
        decides. Returns ``(triggered, detail)``; ``(None, why)`` when no replay was possible."""
        from orchestrator.results import write_json_atomic

        healthy = [a for a in lease.addresses if a not in lease.quarantined]
        # A device that stopped answering after the search's last call to it would hold the
        # replay for its whole deadline: the first that answers a health check is used, those
        # that do not are quarantined (decision 0035).
        device = next((a for a in reversed(healthy) if self._answers(a)), None)
        silent = set(healthy[healthy.index(device) + 1 :] if device else healthy)
        lease.quarantined |= silent
        for address in sorted(silent):
            if self.replacements is not None:
                self.replacements.lost(address, lease)
        if device is None:
            return None, "not scored: every leased device was quarantined or did not answer"
        # replay_on puts the device back to HOME and the trace's starting orientation first:
        # the search left it in whatever state its last probe reached.
        try:
            verdict = replay_on(device, result, token=self.config.farm.token)
        except ReproError as exc:
            return None, f"not scored: {exc}"
        detail = verdict.detail
        if verdict.performed < verdict.total:
            detail += f" (only {verdict.performed}/{verdict.total} actions could be performed)"
        write_json_atomic(
            run_dir / GROUND_TRUTH_FILE,
            {
                "bug_id": result["bug_id"],
                "triggered": verdict.triggered,
                "performed": verdict.performed,
                "total": verdict.total,
                "detail": verdict.detail,
                "crash": verdict.crash,
                "device": device,
            },
        )
        return verdict.triggered, detail


def _error_result(item: SweepItem, run_config: RunConfig, message: str) -> dict[str, Any]:
    """A result object for a reproduction that never got devices (written like any other)."""
    from orchestrator.html_report import write_report
    from orchestrator.model import BugReport
    from orchestrator.results import RESULT_FILE, RunRecord, build_result, write_json_atomic

    record = RunRecord(
        report=BugReport(bug_id=item.bug_id, title="", body="", source_path=item.report_path),
        app=item.app_dict,
        profile=run_config.farm.profile,
        time_scale=run_config.farm.time_scale,
        reasoner=run_config.reasoner,
        error=message,
        config=run_config.to_json(),
    )
    result = build_result(record)
    out = Path(run_config.out_dir)
    write_json_atomic(out / RESULT_FILE, result)
    write_report(out, result)
    return result


@contextlib.contextmanager
def _progress_bar(total: int, enabled: bool) -> Iterator[Callable[[RunRow], None]]:
    """A rich bar of bugs done / total on a terminal, else one log line per finished run."""
    if not (enabled and sys.stderr.isatty()):

        def log_line(row: RunRow) -> None:
            log.info(
                "reproduction_finished",
                bug_id=row.bug_id,
                repeat=row.repeat,
                verdict=row.verdict,
                triggered=row.triggered,
                seconds=round(row.wall_seconds, 1),
            )

        yield log_line
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as RichProgress

    bar = RichProgress(
        TextColumn("[bold]sweep"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=Console(stderr=True),
    )
    ok = 0
    with bar:
        task = bar.add_task("", total=total)

        def advance(row: RunRow) -> None:
            nonlocal ok
            ok += int(row.claimed and row.triggered is True)
            bar.update(task, advance=1, description=f"{ok} reproduced · last {row.bug_id}")

        yield advance


def run_sweep(
    config: SweepConfig,
    *,
    metrics: DriverMetrics | None = None,
    farm: GrowableFarm | None = None,
) -> SweepOutcome:
    """Run a sweep (see the module docstring) and write its summary.

    ``metrics``: a :class:`DriverMetrics` to update (default: one is made, served on
    ``config.metrics_port`` when non-zero); pushed to ``config.pushgateway`` when given (a push
    that fails is a warning, never a failed sweep). ``farm``: what replaces a lost device
    (:class:`~orchestrator.replacement.GrowableFarm`, e.g. the local farm serving
    ``config.farm.agents``); default: the local farm the sweep starts for ``--devices N``, none
    for ``--agents`` and ``k8s://`` (a lost device is then not replaced). Raises
    :class:`ConfigError`/``BadInputError`` before any device starts (bad flags, nothing
    runnable) and :class:`InfrastructureError` when the farm cannot start; a reproduction's own
    failures are stored as ``error`` rows instead.
    """
    from orchestrator.farm import start_workers
    from orchestrator.run import ensure_ray, farm_addresses

    began = time.monotonic()
    config.validate()
    from orchestrator.reasoner import make_reasoner

    # A missing API key or model fails here, before any device starts.
    make_reasoner(
        config.reasoner, ablation=config.ablation, beam=config.search.beam, llm=config.llm
    )
    items, skipped = plan(config.inputs, reports_dirs=config.reports_dirs, farm=config.farm)
    if not items:
        reasons = "; ".join(f"{s.bug_id}: {s.reason}" for s in skipped[:5]) or "no inputs"
        raise ConfigError(f"nothing to run ({reasons})")
    out_dir = Path(config.out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        what = "it is a file" if out_dir.is_file() else exc.strerror
        raise ConfigError(
            f"cannot create output directory {out_dir}: {what}; give --out a directory path"
        ) from exc
    settings = config.run_settings()
    chash = config_hash(settings)
    own_metrics = metrics is None
    metrics = metrics or DriverMetrics()
    if own_metrics and config.metrics_port:
        metrics.serve(config.metrics_port, config.metrics_host)
    store = ResultStore(config.store)
    pusher = None
    if config.pushgateway:
        pusher = MetricsPusher(
            metrics.exported,
            config.pushgateway,
            job=config.metrics_job,
            instance=metrics.run_id,
            interval_s=config.push_interval_s,
        ).start()
    farm_error: InfrastructureError | None = None
    try:
        store.remember_config(chash, settings)
        finished = store.finished(chash)
        work = [
            (item, rep)
            for rep in range(1, config.repeat + 1)
            for item in items
            if (item.bug_id, rep) not in finished
        ]
        already = len(items) * config.repeat - len(work)
        for s in skipped:
            log.warning("input_skipped", bug_id=s.bug_id, reason=s.reason)
        log.info("sweep_planned", bugs=len(items), to_run=len(work), already_done=already)
        with _progress_bar(len(work), config.progress) as on_done:
            sweep = _Sweep(config, chash, store, metrics, on_done)
            sweep.queue.extend(work)
            metrics.set_queue_depth(len(work))
            if work:
                try:
                    _run_work(
                        sweep,
                        work[0][0].app_dict,
                        lambda: ensure_ray(config.farm.ray_address),
                        farm_addresses,
                        start_workers,
                        farm,
                    )
                except InfrastructureError as exc:  # no farm: no Ray, no agents
                    farm_error = exc
                    sweep.fail_queued(str(exc))
        rows = store.rows(chash, [i.bug_id for i in items])
    finally:
        store.close()
        if pusher is not None:
            metrics.run_ended()
            pusher.close()  # the final counts, whatever ended the sweep
        if own_metrics:
            metrics.close()
    summary = summarize(
        items,
        rows,
        repeat=config.repeat,
        skipped=skipped,
        meta={
            "config_hash": chash,
            "settings": settings,
            "devices": len(config.farm.agents) or config.farm.devices,
            "concurrency": config.concurrency,
            "store": str(config.store),
            "sweep_seconds": round(time.monotonic() - began, 1),
            "metrics": {
                "run": metrics.run_id,
                "job": config.metrics_job,
                "pushgateway": config.pushgateway or None,
            },
            "ray_cluster": sweep.ray_cluster if work else {},
            # Lost devices the farm replaced (decision 0046): {device, by, after_s} each.
            "replaced": list(sweep.replacements.replaced) if work and sweep.replacements else [],
        },
    )
    paths = write_summary(out_dir, summary)
    if farm_error is not None:
        raise farm_error  # after the store and the summary are written
    return SweepOutcome(
        summary=summary,
        paths=paths,
        ran=len(work),
        already_done=already,
        failed=sweep.failed,
        config_hash=chash,
        store=config.store,
        skipped=skipped,
        wall_seconds=time.monotonic() - began,
        rows=rows,
        replaced=list(sweep.replacements.replaced) if work and sweep.replacements else [],
    )


def _run_work(
    sweep: _Sweep,
    first_app: dict[str, str],
    ensure_ray: Callable[[], None],
    farm_addresses: Any,
    start_workers: Callable[..., dict[str, Any]],
    farm: GrowableFarm | None = None,
) -> None:
    """Start the farm and the workers, run the queue on ``concurrency`` threads, stop all.
    ``farm`` grows replacements for lost devices (default: the local farm started here)."""
    from orchestrator.farm import stop_workers

    config = sweep.config
    metrics = sweep.metrics
    local: list[GrowableFarm] = []
    # The serial strategy limits each reproduction to one device, not the farm.
    with farm_addresses(
        replace(config.farm, strategy="parallel"), first_app, on_local_farm=local.append
    ) as addresses:
        ensure_ray()
        sweep.workers = start_workers(
            addresses,
            token=config.farm.token,
            probe_timeout_s=config.farm.probe_timeout_s,
            devices_per_worker=config.farm.devices_per_worker,
        )
        sweep.leases = LeaseManager(
            addresses,
            config.concurrency,
            on_change=metrics.set_devices if metrics is not None else None,
        )

        def worker_for(new: str, lost: str) -> Any:
            handle = worker_near(
                new, sweep.workers[lost], config.farm.token, config.farm.probe_timeout_s
            )
            sweep.workers[new] = handle  # before the device can be leased
            return handle

        sweep.replacements = Replacements(
            farm or (local[0] if local else None),
            sweep.leases,
            worker_for,
            limit=len(addresses),
        )
        threads = min(config.concurrency, len(sweep.queue))
        pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="sweep")
        try:
            futures = [pool.submit(sweep.worker_loop) for _ in range(threads)]
            for future in futures:
                future.result()
            pool.shutdown(wait=True)
            sweep.ray_cluster = describe_cluster(
                (h.actor for h in sweep.workers.values()), worked=sweep.node_probes
            )
        except BaseException:
            # Ctrl-C: start nothing more and stop the farm now; the running reproductions fail
            # fast on the stopped agents and are redone by the next run with the same arguments.
            sweep.stop.set()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            if sweep.replacements is not None:
                sweep.replacements.close()
            stop_workers(list(sweep.workers.values()))
            if metrics is not None:
                metrics.set_devices(0, 0, 0)
