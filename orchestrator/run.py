"""One reproduction from start to end: report → analysis → farm → search → result files.

Bad input (report, app, flags) is rejected before any device starts; work already done is never
lost: whatever happens after the analysis, ``result.json`` is written (with verdict ``error`` and
the reason when the farm fails).
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import structlog

from orchestrator.claims import with_reported_trace
from orchestrator.config import FarmConfig, RunConfig, SearchConfig, run_speculation
from orchestrator.errors import ConfigError, InfrastructureError, ReproError
from orchestrator.model import BugReport, ReproSpec
from orchestrator.progress import Progress, usage_events
from orchestrator.ray_cluster import describe as describe_cluster
from orchestrator.reasoner import make_reasoner
from orchestrator.reasoner.base import Reasoner
from orchestrator.report import load_report
from orchestrator.results import (
    RESULT_FILE,
    RunRecord,
    device_record,
    earlier_run_files,
    prepare_out_dir,
    write_run,
)

if TYPE_CHECKING:  # reproduce_on_pool imports the search at run time
    from orchestrator.search import SearchOutcome

log = structlog.get_logger("reprofarm.run")

EXIT_REPRODUCED = 0
EXIT_NOT_REPRODUCED = 1
# The verdict when --max-cost-usd stopped the search before it found the bug.
VERDICT_BUDGET = "budget"
# The verdict of a run stopped by Ctrl-C or SIGTERM (its partial result is still written).
VERDICT_INTERRUPTED = "interrupted"


def resolve_app(report: BugReport, farm: FarmConfig) -> dict[str, str]:
    """The app under test: ``--app`` if given (without ``--app-version``: the version the catalog
    declares the report's bug for, when it is that app's bug, else the newest), else the catalog
    model that declares the report's bug id, else the report's ``apk_name`` (which carries the
    version), else its ``repo``.

    Returns ``{"name", "version", "package", "label"}``. Raises ``ConfigError`` when the app is
    unknown to the catalog (and to ``--app-dir``) or cannot be inferred. With ``--agents`` an app
    unknown locally is passed through by name (the remote agents may know it).
    """
    from device_agent.errors import AppNotFoundError
    from device_agent.virtual.catalog import find_app_for_bug, load_app

    app_dir = farm.app_dir or None
    if farm.app:
        names = [farm.app]
        # --app NAME without a version: the build the report is about, when it is that app's.
        try:
            declared = find_app_for_bug(report.bug_id, app_dir)
        except AppNotFoundError:
            declared = None
        if (
            declared is not None
            and not farm.app_version
            and farm.app.lower() in (declared.name.lower(), declared.package.lower())
        ):
            return {
                "name": declared.name,
                "version": declared.version,
                "package": declared.package,
                "label": declared.label,
            }
    else:
        try:
            declared = find_app_for_bug(report.bug_id, app_dir)
        except AppNotFoundError as exc:
            raise ConfigError(str(exc)) from exc
        if declared is not None and not farm.app_version:
            return {
                "name": declared.name,
                "version": declared.version,
                "package": declared.package,
                "label": declared.label,
            }
        names = [n for n in (report.apk_name, report.repo) if n]
    if not names:
        raise ConfigError(
            f"cannot tell which app report {report.source_path or report.bug_id} is about: "
            "pass --app NAME (see `reprofarm apps`)"
        )
    errors: list[str] = []
    for name in names:
        try:
            app = load_app(name, app_dir, farm.app_version)
        except AppNotFoundError as exc:
            errors.append(str(exc))
            continue
        return {
            "name": app.name,
            "version": app.version,
            "package": app.package,
            "label": app.label,
        }
    if farm.agents:
        return {"name": names[0], "version": farm.app_version, "package": "", "label": ""}
    raise ConfigError(errors[0])


def interrupt_on_sigterm() -> None:
    """Make SIGTERM (how Kubernetes, a CronJob or ``kill`` stop a run) behave like Ctrl-C: the
    run stops starting work, stops its local devices and says so in one line, instead of dying
    with Ray's crash dump. Only the main thread can install handlers; elsewhere this does
    nothing."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def ensure_ray(address: str = "") -> None:
    """Connect to Ray unless connected (tests share one instance): join the cluster at
    ``address``, or start an embedded local Ray when it is empty (see
    :func:`orchestrator.ray_cluster.connect`; raises ``InfrastructureError`` when it cannot)."""
    from orchestrator.ray_cluster import connect

    connect(address)
    interrupt_on_sigterm()  # Ray's core worker installs its own SIGTERM handler


# How long a run waits for the first ready device pod (an emulator boots in minutes).
K8S_READY_TIMEOUT_S = 600.0


@contextlib.contextmanager
def farm_addresses(
    farm: FarmConfig,
    app: dict[str, str],
    events: list[dict[str, Any]] | None = None,
    on_ready: Callable[[int, int], None] | None = None,
    on_local_farm: Callable[[Any], None] | None = None,
) -> Iterator[list[str]]:
    """Agent addresses for the run: ``--agents`` as given (those that answer), or ``--devices N``
    local virtual agents started now and stopped on exit (Ctrl-C too). ``on_ready(ready,
    requested)`` is called as devices answer (for the progress display); ``on_local_farm(farm)``
    with the :class:`~device_agent.launcher.LocalAgentFarm` started here, if one is (it can grow
    a replacement device: :mod:`orchestrator.replacement`).

    An agent that does not answer, or dies while the local farm starts, costs that device, not
    the run: it is left out, logged, and appended to ``events`` (``{"event": "agent_lost",
    "device", "error"}``) when given. Raises :class:`InfrastructureError` when no agent is left.
    """
    from device_agent.errors import DeviceError

    def lost(device: str, error: str) -> None:
        log.warning("agent_lost_at_start", device=device, error=error)
        if events is not None:
            events.append({"event": "agent_lost", "device": device, "error": error})

    ready = on_ready or (lambda ready, requested: None)

    if farm.agents and farm.agents[0].startswith("k8s://"):
        from orchestrator.k8s import K8sAgentSource

        source = K8sAgentSource(farm.agents[0])
        try:
            source.scale_to(queued=max(farm.devices, 1))  # no-op without ?scale=
            yield source.wait_for(1, timeout=K8S_READY_TIMEOUT_S)
        finally:
            source.stop()
        return
    if farm.agents:
        from device_agent.client import AgentClient

        answering: list[str] = []
        problems: list[str] = []
        for address in farm.agents:
            client = AgentClient(address, token=farm.token, timeout=10.0)
            try:
                client.wait_ready(timeout=10.0)
                answering.append(address)
                ready(len(answering), len(farm.agents))
            except DeviceError as exc:
                problems.append(f"device agent {address} is not reachable: {exc}")
                lost(address, str(exc))
            finally:
                client.close()
        if not answering:
            raise InfrastructureError("; ".join(problems))
        yield answering
        return
    from device_agent.launcher import LocalAgentFarm

    try:
        local = LocalAgentFarm(
            farm.local_devices,
            app["name"],
            app_dir=farm.app_dir or None,
            version=farm.app_version,
            profile=farm.profile,
            time_scale=farm.time_scale,
            token=farm.token,
            min_agents=1,
            on_ready=lambda k: ready(k, farm.local_devices),
        )
        ready(0, farm.local_devices)
        local.__enter__()
    except DeviceError as exc:
        raise InfrastructureError(
            f"could not start local device agents ({farm.local_devices}): {exc}"
        ) from exc
    for i, failure in local.failures.items():
        lost(f"local-{i}", failure)
    if on_local_farm is not None:
        on_local_farm(local)
    try:
        yield list(local.addresses)
    finally:
        local.__exit__(None, None, None)


ProgressFn = Callable[[str, dict[str, Any]], None]


def is_infrastructure_error(exc: BaseException) -> bool:
    """Whether ``exc`` comes from the farm's machinery rather than from the input or our own
    code: Ray (``ray.exceptions.RayError``), a device agent (``DeviceError``), gRPC, or the
    network (``ConnectionError``, ``TimeoutError``)."""
    import grpc
    import ray.exceptions

    from device_agent.errors import DeviceError

    return isinstance(
        exc,
        InfrastructureError
        | DeviceError
        | ray.exceptions.RayError
        | grpc.RpcError
        | ConnectionError
        | TimeoutError,
    )


def infrastructure_message(exc: BaseException) -> str:
    """One line naming an infrastructure failure and what to do."""
    text = " ".join(str(exc).split())[:300] or "no details"
    return (
        f"the farm failed ({type(exc).__name__}: {text}); check the device agents and Ray, "
        "then run the same command again"
    )


def reproduce_on_pool(
    config: RunConfig,
    app: dict[str, str],
    open_pool: Callable[[], contextlib.AbstractContextManager[Any]],
    *,
    reasoner: Reasoner | None = None,
    progress: ProgressFn | None = None,
) -> tuple[dict[str, Any], int]:
    """One reproduction on devices the caller provides; returns ``(result, exit_code)``.

    ``app`` is the resolved app (:func:`resolve_app`); ``open_pool()`` is a context manager
    yielding a prepared-to-be :class:`~orchestrator.farm.DevicePool` and cleaning it up (a local
    farm for ``reproduce``, leased devices for ``sweep``). ``reasoner``: one already built
    (default: built from ``config``). Writes ``result.json``, ``probes.jsonl``, ``screens/`` and
    ``report.html`` into ``config.out_dir``. Raises ``ConfigError``/``ReasonerError`` only when
    the reasoner cannot be built; failures after that are recorded in the result (verdict
    ``error``) and its exit code.
    """
    from orchestrator.search import COST_BUDGET_STOP, NOT_REPRODUCED, Goal, Reproducer

    started = time.monotonic()
    say = progress or (lambda event, data: None)
    report = load_report(config.report_path)
    if reasoner is None:
        reasoner = make_reasoner(
            config.reasoner, ablation=config.ablation, beam=config.search.beam, llm=config.llm
        )
    beam, branch = config.ablation.search_limits(config.search.beam, config.search.branch)
    search_config = replace(
        config.search, beam=beam, branch=branch, speculate=run_speculation(config)
    )
    out_dir = prepare_out_dir(config.out_dir)
    app = dict(app)
    record = RunRecord(
        report=report,
        app=app,
        profile=config.farm.profile,
        time_scale=config.farm.time_scale,
        reasoner=reasoner.name,
        config=config.to_json(),
    )
    exit_code = EXIT_NOT_REPRODUCED
    searcher: Reproducer | None = None
    outcome: SearchOutcome | None = None  # the variants' searches so far
    listener = usage_events(say)
    reasoner.usage.listeners.append(listener)
    say("phase", {"phase": "analysing report"})
    try:
        record.spec = with_reported_trace(reasoner.analyze_report(report), report)
        if reasoner.name == "heuristic":
            from orchestrator.readability import unreadable_report_warning

            warning = unreadable_report_warning(report, record.spec)
            if warning:
                record.warnings.append(warning)
                say("warning", {"message": warning})
        with open_pool() as pool:
            try:
                base = pool.prepare(app["name"], app.get("version", ""))
                info = base["info"]
                app["package"] = info.app_package or app.get("package", "")
                app["version"] = info.app_version or app.get("version", "")
                record.device = device_record(info, base.get("orientation", ""))

                def searcher_for(
                    spec: ReproSpec,
                    budget: SearchConfig,
                    goal: Goal | None = None,
                    judge: Reasoner | None = None,
                ) -> Reproducer:
                    nonlocal searcher
                    searcher = Reproducer(
                        spec,
                        judge or reasoner,
                        pool,
                        app["package"],
                        budget,
                        screenshots_in_probes=reasoner.needs_screenshots,
                        ablation=config.ablation,
                        progress=progress,
                        goal=goal,
                    )
                    return searcher

                def search(spec: ReproSpec, budget: SearchConfig) -> SearchOutcome:
                    return search_prepared(spec, budget, searcher_for, base, app["package"], say)

                # The report's labelled variants of the steps in turn (the chosen one first),
                # each with an equal share of the budget left, until one earns a claim.
                ways = [record.spec.steps, *record.spec.alternatives]
                search_started = time.monotonic()
                for number, way in enumerate(ways, 1):
                    budget = _budget_left(
                        outcome, search_config, search_started, len(ways) - number + 1
                    )
                    if budget is None:
                        break
                    spec = record.spec
                    if number > 1:
                        say("phase", {"phase": f"searching the report's variant {number}"})
                        spec = replace(record.spec, steps=way, alternatives=[])
                    found = search(spec, budget)
                    outcome = found if outcome is None else _after(outcome, found)
                    if outcome.verdict != NOT_REPRODUCED:
                        if number > 1:
                            record.spec = spec
                            record.warnings.append(
                                f"the report's first variant of the steps earned no claim; "
                                f"this claim follows its variant {number}"
                            )
                        break
                assert outcome is not None  # the first variant always gets its share
                record.outcome = outcome
            finally:
                record.devices = pool.utilisation()
                record.farm_events = pool.events
                record.ray_cluster = describe_cluster(d.worker.actor for d in pool.devices)
        if record.outcome.verdict == NOT_REPRODUCED and record.outcome.stop_reason.startswith(
            COST_BUDGET_STOP
        ):
            record.outcome.verdict = VERDICT_BUDGET
        exit_code = (
            EXIT_REPRODUCED
            if record.outcome.verdict in ("crash", "symptom")
            else EXIT_NOT_REPRODUCED
        )
        if record.device.get("backend") == "virtual":
            # Which half lost a miss (issue 28 §4); after the search, on a device of its own.
            from orchestrator.ground_truth import annotate

            record.ground_truth = annotate(
                record.outcome.probe_log,
                reproduced=exit_code == EXIT_REPRODUCED,
                app=app,
                bug_id=report.bug_id,
                app_dir=config.farm.app_dir,
                trace=_claimed_trace(record.outcome),
            )
            if record.ground_truth.get("cause") == "claimed_not_triggered":
                record.warnings.append(
                    "the app model's ground truth says the claimed trace does not trigger the "
                    "bug: this claim is likely false (check it with `reprofarm replay`)"
                )
    except KeyboardInterrupt:
        # Ctrl-C or SIGTERM: the devices are already stopped (the pool's ``finally``); keep the
        # work done so far (probes.jsonl, counts, verdict ``interrupted``), then stop.
        record.outcome = interrupted_outcome(searcher)
        record.usage = reasoner.usage
        record.rules_fired = dict(reasoner.rules_fired)
        record.wall_seconds = time.monotonic() - started
        write_run(out_dir, record)
        log.info("result_written", path=str(out_dir / RESULT_FILE), verdict=VERDICT_INTERRUPTED)
        raise
    except ReproError as exc:
        record.error = str(exc)
        exit_code = exc.exit_code
        record.outcome = record.outcome or stopped_outcome(searcher, outcome, record.error)
    except Exception as exc:  # noqa: BLE001 - only infrastructure errors are kept, see below
        if not is_infrastructure_error(exc):
            raise
        # Ray or an agent failed below the pool's own handling: the run's work is still
        # written down, and the status says "infrastructure" (3), never a traceback's 1.
        record.error = infrastructure_message(exc)
        exit_code = InfrastructureError.exit_code
        record.outcome = record.outcome or stopped_outcome(searcher, outcome, record.error)
    finally:
        reasoner.usage.listeners.remove(listener)
    record.usage = reasoner.usage
    record.rules_fired = dict(reasoner.rules_fired)
    warning = model_trouble_warning(reasoner.usage)
    if warning:
        record.warnings.append(warning)
    record.wall_seconds = time.monotonic() - started
    result = write_run(out_dir, record)
    log.info("result_written", path=str(out_dir / RESULT_FILE), verdict=result["verdict"])
    return result, exit_code


def _claimed_trace(outcome: Any) -> list[Any]:
    """The actions of a claim's confirming path (what ``result.json``'s trace holds); ``[]`` when
    nothing is claimed."""
    if outcome is None or outcome.verdict not in ("crash", "symptom") or outcome.path is None:
        return []
    return [t.action for t in outcome.path.transitions]


def model_trouble_warning(usage: Any) -> str:
    """The warning for ``result.json`` (printed by the CLI) when the model answered some
    questions unusably or some calls failed every retry (``usage``: the run's
    :class:`~orchestrator.model.LLMUsage`): the verdict then rests partly on "no opinion" and
    the offline reasoner. ``""`` when neither happened."""
    unusable, offline = usage.total("unusable"), usage.total("offline_fallbacks")
    if not unusable and not offline:
        return ""
    return (
        f"the model gave {unusable} unusable answer{'s' if unusable != 1 else ''} (no opinion) "
        f"and {offline} call{'s' if offline != 1 else ''} failed every retry (answered by the "
        f"offline reasoner) of {usage.total_calls} calls; see llm in result.json"
    )


def _budget_left(
    outcome: SearchOutcome | None, config: SearchConfig, started: float, ways: int = 1
) -> SearchConfig | None:
    """The :class:`~orchestrator.config.SearchConfig` for the search of one of the report's
    variants of the steps (:attr:`~orchestrator.model.ReproSpec.alternatives`), given
    ``outcome``, what the searches begun at ``started`` (``time.monotonic()``) found so far
    (``None`` before the first), and ``ways``, the variants still to search, this one
    included: an equal share of the probe and time budget left (the last variant gets all of
    it), so that a first variant that finds nothing cannot spend the others' budget. ``None``
    when the outcome is a claim, the cost budget stopped it, or under 5% of the probes or 10
    seconds are left."""
    from orchestrator.search import COST_BUDGET_STOP, NOT_REPRODUCED

    ways = max(1, ways)
    if outcome is None:
        return replace(
            config,
            max_probes=max(1, config.max_probes // ways),
            max_minutes=config.max_minutes / ways,
        )
    if outcome.verdict != NOT_REPRODUCED or outcome.stop_reason.startswith(COST_BUDGET_STOP):
        return None
    probes = config.max_probes - int(outcome.stats.get("probes", 0))
    minutes = config.max_minutes - (time.monotonic() - started) / 60.0
    if probes < max(1, config.max_probes // 20) or minutes * 60.0 < 10.0:
        return None
    return replace(config, max_probes=max(1, probes // ways), max_minutes=minutes / ways)


def search_prepared(
    spec: ReproSpec,
    budget: SearchConfig,
    searcher_for: Callable[..., Any],
    base: dict[str, Any],
    package: str,
    say: Callable[[str, dict[str, Any]], None],
) -> SearchOutcome:
    """The search of ``spec`` within ``budget``, after setting the report's launch precondition
    up when it has one (decision 0034, :mod:`orchestrator.precondition`): a goal search with
    :data:`~orchestrator.precondition.SETUP_SHARE` of the budget, then the report's search from
    the end of its path (its actions the prefix of every probe and of the trace) with the budget
    left, or from the launch screen when the errand failed. ``searcher_for(spec, budget,
    goal=None, judge=None)`` builds a :class:`~orchestrator.search.Reproducer` (``judge``: a
    reasoner instead of the run's); ``base`` is the pool's prepared launch screen; the outcome
    counts both searches' probes."""
    from orchestrator.precondition import SETUP_SHARE, ErrandReasoner, SettingGoal, setup_spec
    from orchestrator.search import GOAL_REACHED, NOT_REPRODUCED

    errand = setup_spec(spec)
    if errand is None:
        return searcher_for(spec, budget).run(base)  # type: ignore[no-any-return]
    say("phase", {"phase": "setting the report's launch precondition up"})
    started = time.monotonic()
    share = replace(
        budget,
        max_probes=max(1, int(budget.max_probes * SETUP_SHARE)),
        max_minutes=budget.max_minutes * SETUP_SHARE,
        speculate="off",  # (its guesses would follow the run's reasoner, not the errand's)
    )
    setup = searcher_for(
        errand, share, goal=SettingGoal(errand, package), judge=ErrandReasoner()
    ).run(base)
    handover = setup.path if setup.verdict == GOAL_REACHED else None
    log.info("precondition_setup", reached=handover is not None, probes=setup.stats["probes"])
    rest = replace(
        budget,
        max_probes=max(1, budget.max_probes - int(setup.stats.get("probes", 0))),
        max_minutes=max(0.0, budget.max_minutes - (time.monotonic() - started) / 60.0),
    )
    found = searcher_for(spec, rest).run(base, handover=handover)
    return _after(replace(setup, verdict=NOT_REPRODUCED), found)


def _after(first: SearchOutcome, then: SearchOutcome) -> SearchOutcome:
    """The outcome of a variant's search ``then`` run after ``first``: its own verdict and path,
    with both searches' counters summed and their probe logs and side findings joined, so the
    run's numbers count every probe."""
    stats = dict(then.stats)
    for key, value in first.stats.items():
        if isinstance(value, int | float) and isinstance(stats.get(key, 0), int | float):
            stats[key] = stats.get(key, 0) + value
    return replace(
        then,
        stats=stats,
        probe_log=first.probe_log + then.probe_log,
        other_crashes=first.other_crashes + then.other_crashes,
        explored=first.explored + then.explored,
    )


def interrupted_outcome(searcher: Any) -> Any:
    """The :class:`~orchestrator.search.SearchOutcome` of a run stopped by Ctrl-C or SIGTERM:
    verdict ``interrupted``, the best path found so far (``None`` before the first level was
    judged), and what ``searcher`` (a :class:`~orchestrator.search.Reproducer`, or ``None`` when
    the search had not begun) had executed: its counters and its per-probe log (written as
    ``probes.jsonl``)."""
    outcome = _partial_outcome(searcher, VERDICT_INTERRUPTED)
    outcome.path = getattr(searcher, "best_so_far", None)
    outcome.base_screen = getattr(searcher, "_root", None)
    outcome.stop_reason = f"interrupted (Ctrl-C or SIGTERM) after {outcome.stats['probes']} probes"
    return outcome


def stopped_outcome(searcher: Any, earlier: Any, error: str) -> Any:
    """The :class:`~orchestrator.search.SearchOutcome` of a run an error stopped mid-search
    (the LLM endpoint gave up, Ray failed): verdict ``error``, no path, ``error`` as the stop
    reason, and every probe made: ``earlier`` (the outcome of the report's variants searched
    before, or ``None``) joined with what ``searcher`` (the :class:`~orchestrator.search.
    Reproducer` running when it stopped, or ``None``) had executed. ``None`` when no search
    had begun (nothing to keep)."""
    if searcher is None and earlier is None:
        return None
    current = _partial_outcome(searcher, "error")
    if earlier is not None:
        # The searcher may be the one whose outcome ``earlier`` already holds (stopped before
        # the next variant's began): its probe entries are then the same objects.
        done = {id(entry) for entry in earlier.probe_log}
        if any(id(entry) in done for entry in current.probe_log):
            current = _partial_outcome(None, "error")
        current = _after(earlier, current)
    current.verdict, current.path, current.stop_reason = "error", None, error
    return current


def _partial_outcome(searcher: Any, verdict: str) -> Any:
    """A path-less outcome with ``verdict`` and what ``searcher`` (or ``None``) executed."""
    from orchestrator.search import SearchOutcome

    stats: dict[str, Any] = dict(searcher.stats) if searcher is not None else {}
    probe_log = list(searcher.probe_log) if searcher is not None else []
    # A level's probes are counted when the level ends; the log has every probe that finished.
    stats["probes"] = max(int(stats.get("probes", 0)), len(probe_log))
    return SearchOutcome(
        verdict=verdict, path=None, stop_reason="", stats=stats, probe_log=probe_log
    )


def llm_estimate(config: RunConfig, reasoner: Reasoner) -> Any:
    """:func:`orchestrator.llm.prices.run_estimate` for this run's budget, models and prices
    (the reasoner's resolved settings when it has them, else ``config.llm``)."""
    from orchestrator.llm.prices import PriceTable, run_estimate

    settings = getattr(reasoner, "settings", None) or config.llm
    return run_estimate(
        beam=config.search.beam,
        branch=config.search.branch,
        max_global=config.search.max_global,
        max_actions=config.search.max_actions,
        max_probes=config.search.max_probes,
        text_model=settings.text_model,
        vision_model=settings.image_model,
        image_side=settings.max_image_side,
        max_cost_usd=config.search.max_cost_usd,
        prices=PriceTable.load(settings.prices_file or None),
    )


def reproduce(
    config: RunConfig, *, listener: ProgressFn | None = None
) -> tuple[dict[str, Any], int]:
    """Run one reproduction; returns ``(result, exit_code)``. ``listener`` also gets every
    progress event (``(event, data)``, e.g. the metrics' ``search_event``).

    Raises ``BadInputError``/``ConfigError`` (exit 2) before any device starts. Farm failures
    after that are recorded in the result (verdict ``error``) and returned with exit code 3.
    """
    from orchestrator.farm import DevicePool

    report = load_report(config.report_path)
    config.search.validate()
    config.farm.validate()
    app = resolve_app(report, config.farm)
    # An unknown reasoner or a missing API key or model fails here, before --out is created
    # (bad input leaves no empty directory behind) and before any device starts.
    reasoner = make_reasoner(
        config.reasoner, ablation=config.ablation, beam=config.search.beam, llm=config.llm
    )
    prepare_out_dir(config.out_dir)  # before any device starts, so a bad --out costs nothing
    earlier = earlier_run_files(config.out_dir)
    if earlier and not config.overwrite:
        raise ConfigError(
            f"--out {config.out_dir} holds an earlier run ({', '.join(earlier)}); pass "
            "--overwrite to replace it, or choose another --out"
        )
    if reasoner.name != "heuristic":
        print(llm_estimate(config, reasoner).line(), file=sys.stderr)
    with Progress(report.bug_id, enabled=config.progress) as shown:

        def progress(event: str, data: dict[str, Any]) -> None:
            shown(event, data)
            if listener is not None:
                listener(event, data)

        def devices_ready(ready: int, requested: int) -> None:
            progress("devices", {"ready": ready, "requested": requested})

        @contextlib.contextmanager
        def local_pool() -> Iterator[DevicePool]:
            progress("phase", {"phase": "starting devices"})
            lost: list[dict[str, Any]] = []
            with farm_addresses(config.farm, app, lost, devices_ready) as addresses:
                ensure_ray(config.farm.ray_address)
                pool = DevicePool(
                    addresses,
                    token=config.farm.token,
                    probe_timeout_s=config.farm.probe_timeout_s,
                    max_device_failures=config.farm.max_device_failures,
                    serial=config.farm.strategy == "serial",
                    devices_per_worker=config.farm.devices_per_worker,
                )
                pool.events.extend(lost)
                try:
                    progress("phase", {"phase": "preparing devices"})
                    yield pool
                finally:
                    pool.close()

        return reproduce_on_pool(config, app, local_pool, reasoner=reasoner, progress=progress)
