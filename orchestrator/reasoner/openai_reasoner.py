"""The ``openai`` reasoner: LTGDroid's prompt set on any OpenAI-compatible endpoint.

Each method of :class:`~orchestrator.reasoner.base.Reasoner` is one role, with its template in
``prompts/<role>.j2`` and its JSON schema in ``orchestrator.llm.schemas``:

============================  ==================  ==============================================
method                        role                what the model sees
============================  ==================  ==============================================
``analyze_report``            report_analysis     the whole report (text model)
``filter_actions``            action_filter       screenshot with numbered boxes, widget list,
                                                  global actions, objective, path so far
``input_text``                input_text          screenshot with the field boxed, its hint/text
``summarize_transition``      transition_summary  before (acted widget boxed) and after
                                                  screenshots, the structural diff
``evaluate_paths``            path_evaluation     every live path: old steps as one-liners, the
                                                  last ones in detail (text model)
``verify``                    verification        the final screenshot, the path, the symptom
============================  ==================  ==============================================

Calls that need no model are not made: a transition that crashed the app, or whose two dumps
are identical, is summarised from the structural diff. The ablation switches
(:class:`orchestrator.ablation.Ablation`) replace the roles they switch off.

With ``LLMSettings.savings`` (the default; decision 0038) a call asks less: a transition whose
structural diff says what happened is summarised from it (:func:`structural_summary`), a
summary question is asked once per search (:func:`question_key`; on disk under the question
with ``--llm-cache``) with the after screenshot only, images go at a side per role
(:data:`ROLE_IMAGE_SIDES`), the filter sends no picture where its list names every candidate,
the filter's and evaluator's schemas stay the same from screen to screen (the provider's prompt
cache begins with them), and the evaluator sees beginnings several paths share once
(:func:`_shared_prefixes`) and one-liners clipped to :data:`SUMMARY_CLIP` characters. Without
it every request is the one asked before issue 27.

A misbehaving endpoint costs one judgement, never the reproduction:

- a reply still unusable after the client's repair round is "no opinion" on that question,
  counted as ``no_opinion`` per role in ``result.json``'s ``llm`` section. No opinion means: the
  offline analysis (:func:`orchestrator.reasoner.s2r.analyze`) for the report, the offline
  filter and input value of :class:`~orchestrator.reasoner.heuristic.HeuristicReasoner` for a
  screen, no summary for a transition, a neutral judgement (nothing complete) for the paths,
  and "not reproduced" for a verification (a false "reproduced" is worse than a miss);
- a request the server refuses for good is resent once, downgraded: without its images when
  an image part was refused; when it was too large, with images of half the side and, for the
  action filter, half the candidate widgets. The first downgrade per model and kind is logged
  and listed in ``llm.downgrades``; later requests are sent whole again (the refusal may be
  about one request's size, and the run's other requests must not pay for it). A downgraded
  request that fails again is "no opinion". Once a model has refused image parts, later
  requests to it go without images for the rest of the run (or with at most the number the
  server said it accepts), so no question pays a refused request again;
- a call that fails every retry (5xx, timeouts, connection errors) is answered by the offline
  :class:`~orchestrator.reasoner.heuristic.HeuristicReasoner` for that one question (counted as
  ``offline_fallbacks`` per role) and the search goes on;
- only a run of failures ends the run: ``settings.max_failed_calls`` failed calls in a row, or
  ``settings.max_unusable`` unusable answers in a row, raise :class:`LLMGaveUp` (exit 3; the run
  keeps every probe already made). An answered call ends a run of failed calls, a usable
  answer a run of unusable ones.
"""

from __future__ import annotations

import functools
import hashlib
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import structlog

from device_agent.actions import (
    GLOBAL_KINDS,
    ORIENTATIONS,
    ROTATE,
    SWIPE,
    SWIPE_DIRECTIONS,
    Action,
    Bounds,
    Selector,
)
from device_agent.actions import INPUT_TEXT as INPUT_TEXT_KIND
from device_agent.errors import HierarchyError
from device_agent.hierarchy import Hierarchy, ViewNode, parse_hierarchy
from orchestrator.ablation import Ablation, raw_spec
from orchestrator.claims import with_reported_trace
from orchestrator.diff import describe_diff
from orchestrator.enumerate import candidate_label
from orchestrator.errors import ReasonerError
from orchestrator.llm import schemas
from orchestrator.llm.cache import request_key
from orchestrator.llm.client import (
    IMAGE_REFUSED,
    TOO_LARGE,
    CallFailed,
    LLMClient,
    RequestRejected,
    UnusableReply,
)
from orchestrator.llm.images import data_url, image_size, prepare_screenshot
from orchestrator.llm.prompts import PromptSet
from orchestrator.llm.settings import LLMSettings
from orchestrator.model import (
    CRASH,
    NON_CRASH,
    BugReport,
    Path,
    ReproSpec,
    S2RStep,
    Screen,
    Transition,
)
from orchestrator.reasoner.base import FilterResult, PathJudgement, Reasoner, Verdict
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.reasoner.s2r import analyze

log = structlog.get_logger("reprofarm.reasoner.openai")

# A screenshot with its numbered boxes (bounds in the screenshot's pixels).
Shot = tuple[bytes, list[tuple[int, Bounds]]]
# Builds a smaller version of a request: ``(ctx, shots)`` with fewer candidates.
Shrink = Callable[[], tuple[dict[str, Any], list[Shot]]]

PATH_LINES = 12  # one-liners of the path shown to the filter, input and verification roles
DETAIL_STEPS = 2  # latest steps of each path the evaluator sees in detail
SCREEN_LABELS = 40  # texts of a screen listed for the evaluator and the verifier
BEFORE_LABELS = 20  # texts of the before screen a one-image summary request lists
NOW_SHOWS = 8  # texts of a new screen a deterministic summary names
SUMMARY_CLIP = 160  # characters of a summary in a path's one-liners, with savings
# With savings, the longest image side per role (decision 0038): the filter's numbered boxes
# stay legible at 768 px (2 tiles instead of 4 at 1024); a summary's after screen and the field
# to type into are context beside the structural diff and the widget's label (512 px: 1 tile);
# the verification, a visual check of the symptom, keeps the full --llm-image-side.
ROLE_IMAGE_SIDES = {
    schemas.ACTION_FILTER: 768,
    schemas.INPUT_TEXT: 512,
    schemas.TRANSITION_SUMMARY: 512,
}


class LLMGaveUp(ReasonerError):
    """The endpoint failed, or the model answered unusably, too many times in a row: the run
    stops (exit 3) with this one-line reason, keeping the work done so far."""


class _AnswerOffline(Exception):
    """Internal: the call failed every retry; the public method answers offline instead."""


def _offline_when_the_call_fails(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``method``; when its model call failed every retry, the offline reasoner's method
    of the same name answers instead (the call is booked as an offline fallback)."""

    @functools.wraps(method)
    def wrapper(self: OpenAIReasoner, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except _AnswerOffline:
            return getattr(self._offline(), method.__name__)(*args, **kwargs)

    return wrapper


def global_name(action: Action) -> str:
    """The name a prompt uses for a global action: ``press_back``, ``swipe_up``,
    ``rotate_landscape``."""
    if action.kind == SWIPE:
        return f"swipe_{action.direction}"
    if action.kind == ROTATE:
        return f"rotate_{action.orientation}"
    return action.kind


class OpenAIReasoner(Reasoner):
    """LTGDroid's judgements by a chat model (see the module docstring).

    ``settings`` are resolved against the environment here, so a missing key or model fails at
    construction (``ReasonerError``/``ConfigError``), before any device starts. ``beam``: how
    many paths the evaluator may keep (the search's beam width). ``client``/``prompts`` may be
    given to share them (tests, sweeps). ``needs_screenshots`` tells the search to capture
    screenshots during pre-exploration.
    """

    name = "openai"
    needs_screenshots = True

    def __init__(
        self,
        settings: LLMSettings,
        *,
        ablation: Ablation | None = None,
        beam: int = 3,
        client: LLMClient | None = None,
        prompts: PromptSet | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings.resolved()
        self.concurrency = self.settings.concurrency
        self.ablation = ablation or Ablation()
        self.beam = max(1, beam)
        self.prompts = prompts or PromptSet(self.settings.prompts_dir or None)
        self.client = client or LLMClient(self.settings, usage=self.usage)
        self.usage = self.client.usage
        self._fallback: HeuristicReasoner | None = None
        self._streak_lock = threading.Lock()
        self._failed_in_a_row = 0
        self._unusable_in_a_row = 0
        # Questions asked in this search (savings; summaries, filters, inputs): key -> the
        # answer, or the asking in flight (:meth:`_asked_once`).
        self._answers: dict[tuple[str, ...], Future[Any]] = {}
        self._questions_lock = threading.Lock()
        # The offline reading of the report analysed last: what a claim is held to (0041).
        self._evidence: ReproSpec | None = None

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state.pop("_questions_lock", None)
        state.pop("_streak_lock", None)
        state["_answers"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._questions_lock = threading.Lock()
        self._streak_lock = threading.Lock()

    # -- report analysis -------------------------------------------------------------------------
    @_offline_when_the_call_fails
    def analyze_report(self, report: BugReport) -> ReproSpec:
        """S2R, symptom, crash or not, exception class, input values and missing setup. The
        offline analysis of the same report is kept as the standard a claim is held to
        (:meth:`evidence_spec`; no model call)."""
        self._evidence = with_reported_trace(analyze(report), report)
        if self.ablation.no_report_analysis:
            return raw_spec(report)
        ctx = {
            "report": {
                "title": report.title,
                "body": report.body,
                "comments": list(report.comments),
                "repo": report.repo,
                "url": report.url,
            }
        }
        data = self._ask(schemas.REPORT_ANALYSIS, ctx, check=_check_analysis)
        if data is None:
            return analyze(report)
        steps = []
        for item in data["steps"]:
            text = " ".join(str(item["text"]).split())
            if not text:
                continue
            hint = item["action_hint"] if item["action_hint"] in schemas.STEP_HINTS else ""
            steps.append(
                S2RStep(
                    text=text,
                    action_hint=hint,
                    targets=[t for t in item["targets"] if t],
                    value=item["value"],
                )
            )
        if not steps:
            steps = [S2RStep(text=report.title or report.bug_id)]
        return ReproSpec(
            steps=steps,
            symptom=data["symptom"].strip() or report.title,
            bug_kind=CRASH if data["bug_kind"] == "crash" else NON_CRASH,
            exception_class=data["exception_class"].strip(),
            input_values=[v for v in data["input_values"] if v],
            setup_notes=[n for n in data["setup_notes"] if n.strip()],
        )

    # -- action filtering ------------------------------------------------------------------------
    @_offline_when_the_call_fails
    def filter_actions(
        self, spec: ReproSpec, screen: Screen, candidates: list[Action], path: Path, limit: int
    ) -> FilterResult:
        """Widgets (at most ``limit``, never none when there are candidates) and global actions
        (at most ``settings.max_global``) worth pre-exploring, best first. Without action
        enumeration: exactly one action, the model's proposal."""
        if not candidates:
            return FilterResult([])
        if not self.settings.savings:
            return self._ask_filter(spec, screen, candidates, path, limit)
        # The same screen at the same S2R progress with the same candidates is the same
        # question, whichever path reached it (decision 0047): asked once per search.
        key = (
            "filter",
            _digest(self._spec(spec)),
            _screen_identity(screen),
            str(path.reached_step),
            _digest([a.key() for a in candidates]),
            str(limit),
        )

        def ask() -> tuple[list[int], list[str]]:
            result = self._ask_filter(spec, screen, candidates, path, limit)
            reasons = [*result.reasons, *[""] * (len(result.actions) - len(result.reasons))]
            kept = [(a, r) for a, r in zip(result.actions, reasons, strict=True) if a in candidates]
            return [candidates.index(a) for a, _ in kept], [r for _, r in kept]

        chosen, reasons = self._asked_once(key, schemas.ACTION_FILTER, ask)
        return FilterResult([candidates[i] for i in chosen], list(reasons))

    def _ask_filter(
        self, spec: ReproSpec, screen: Screen, candidates: list[Action], path: Path, limit: int
    ) -> FilterResult:
        """:meth:`filter_actions`'s question to the model (no memory)."""
        single = self.ablation.no_action_enumeration
        limit = 1 if single else max(1, limit)
        max_global = 1 if single else self.settings.max_global
        hierarchy = _parse(screen.hierarchy_xml)
        groups: dict[Selector, list[Action]] = {}
        globals_: dict[str, Action] = {}
        for action in candidates:
            if action.target is None:
                globals_.setdefault(global_name(action), action)
            else:
                groups.setdefault(action.target, []).append(action)
        widgets = list(groups.items())
        ctx: dict[str, Any] = {
            "spec": self._spec(spec),
            "screen": _screen(screen),
            "widgets": [
                {
                    "id": i,
                    "label": _widget_label(acts[0], hierarchy),
                    "actions": [a.kind for a in acts],
                }
                for i, (_, acts) in enumerate(widgets, 1)
            ],
            "globals": [
                {"name": n, "description": candidate_label(a)} for n, a in globals_.items()
            ],
            "path": _path_lines(path, clip=self._clip),
            "limit": limit,
            "max_global": max_global,
            "single": single,
        }
        boxes = [(i, sel.bounds) for i, (sel, _) in enumerate(widgets, 1) if sel.bounds is not None]

        def fewer() -> tuple[dict[str, Any], list[Shot]]:
            # The first half of the widgets: their ids stay the same, so the check still holds.
            keep = max(1, len(widgets) // 2)
            shown = {**ctx, "widgets": ctx["widgets"][:keep]}
            return shown, [(screen.screenshot_png, [b for b in boxes if b[0] <= keep])]

        def check(data: dict[str, Any]) -> list[str]:
            problems = []
            ids = [w["id"] for w in data["widgets"]]
            bad = [i for i in ids if not 1 <= i <= len(widgets)]
            if bad:
                problems.append(f"widget ids {bad} are not in the list (1 to {len(widgets)})")
            unknown = [g["name"] for g in data["global_actions"] if g["name"] not in globals_]
            if unknown:
                problems.append(f"global actions {unknown} are not in the list {sorted(globals_)}")
            chosen = len(ids) + len(data["global_actions"])
            if single and chosen != 1:
                problems.append(f"choose exactly one action, not {chosen}")
            elif chosen == 0:
                problems.append("choose at least one action")
            elif len(ids) > limit:
                problems.append(f"choose at most {limit} widgets, not {len(ids)}")
            return problems

        shots: list[Shot] = [(screen.screenshot_png, boxes)]
        enums: dict[str, list[Any]] = {
            "id": list(range(1, len(widgets) + 1)),
            "name": sorted(globals_),
        }
        if self.settings.savings:
            if all(not w["label"].startswith("unlabelled") for w in ctx["widgets"]):
                # Every candidate is named by its text, id and bounds: the list says what the
                # picture would (decision 0038).
                shots = []
            enums = stable_enums(len(widgets))
        data = self._ask(
            schemas.ACTION_FILTER,
            ctx,
            shots,
            check=check,
            fewer=fewer,
            enums=enums,
        )
        if data is None:
            return self._offline().filter_actions(spec, screen, candidates, path, limit)
        actions: list[Action] = []
        reasons: list[str] = []
        for item in data["widgets"]:
            if (
                not 1 <= item["id"] <= len(widgets)
                or len([a for a in actions if a.target]) >= limit
            ):
                continue
            options = widgets[item["id"] - 1][1]
            action = next((a for a in options if a.kind == item["action"]), options[0])
            if action not in actions:
                actions.append(action)
                reasons.append(_one_line(item["reason"]))
        picked_globals = 0
        for item in data["global_actions"]:
            press = globals_.get(item["name"])
            if press is None or press in actions or picked_globals >= max_global:
                continue
            actions.append(press)
            reasons.append(_one_line(item["reason"]))
            picked_globals += 1
        if single:
            actions, reasons = actions[:1], reasons[:1]
        if not actions:
            # Never none (the contract): the enumeration's first candidate, widgets first.
            actions = [widgets[0][1][0] if widgets else next(iter(globals_.values()))]
            reasons = ["the model chose nothing usable; kept the first candidate"]
            log.warning("filter_fallback", screen=screen.structural_hash)
        return FilterResult(actions, reasons)

    # -- input text ------------------------------------------------------------------------------
    @_offline_when_the_call_fails
    def input_text(self, spec: ReproSpec, screen: Screen, field_node: ViewNode, path: Path) -> str:
        """The whole new content of ``field_node``. With savings asked once per search for a
        field of a screen at one S2R progress (whichever path reached it)."""
        if not self.settings.savings:
            return self._ask_input(spec, screen, field_node, path)
        key = (
            "input",
            _digest(self._spec(spec)),
            _screen_identity(screen),
            str(path.reached_step),
            field_node.resource_id,
            str(field_node.bounds),
        )
        return str(
            self._asked_once(
                key,
                schemas.INPUT_TEXT,
                lambda: self._ask_input(spec, screen, field_node, path),
            )
        )

    def _ask_input(self, spec: ReproSpec, screen: Screen, field_node: ViewNode, path: Path) -> str:
        """:meth:`input_text`'s question to the model (no memory)."""
        ctx = {
            "spec": self._spec(spec),
            "screen": _screen(screen),
            "field": {
                "label": field_node.hint
                or field_node.content_desc
                or _short_id(field_node.resource_id),
                "class": field_node.short_class,
                "resource_id": _short_id(field_node.resource_id),
                "hint": field_node.hint,
                "text": field_node.text,
                "password": field_node.password,
            },
            "path": _path_lines(path, clip=self._clip),
        }
        shot = (screen.screenshot_png, [(1, field_node.bounds)])
        data = self._ask(schemas.INPUT_TEXT, ctx, [shot])
        if data is None:
            return self._offline().input_text(spec, screen, field_node, path)
        return str(data["text"])

    # -- transition summary ----------------------------------------------------------------------
    @_offline_when_the_call_fails
    def summarize_transition(self, spec: ReproSpec, transition: Transition) -> str:
        """One sentence on what the action visibly did. Without a model call when the app
        crashed, when nothing changed, or without transition assessment (then ``""``)."""
        if self.ablation.no_transition_assessment:
            return ""
        if transition.crash is not None:
            crash = transition.crash
            message = f": {crash.message}" if crash.message else ""
            return f"The app crashed with {crash.exception_class}{message}."
        before, after = transition.before, transition.after
        if (
            before.hierarchy_xml == after.hierarchy_xml
            and before.orientation == after.orientation
            and before.keyboard_shown == after.keyboard_shown
        ):
            return "No visible change."
        if not self.settings.savings:
            return self._ask_summary(spec, transition)
        known = structural_summary(transition)
        if known:
            self.client.count(schemas.TRANSITION_SUMMARY, "deterministic")
            return known
        key = ("summary", _digest(self._spec(spec)), *question_key(transition))
        return self._once(key, spec, transition)

    def _ask_summary(self, spec: ReproSpec, transition: Transition) -> str:
        """The model's summary of one transition (``""`` for no opinion). With savings one
        screenshot, the after screen: the before screen is said in words (its texts, the acted
        widget by its label), and the structural diff says what changed."""
        before, after = transition.before, transition.after
        ctx: dict[str, Any] = {
            "spec": self._spec(spec),
            "action": action_text(transition),
            "before": _screen(before),
            "after": _screen(after),
            "diff": _diff_text(transition),
            "one_image": self.settings.savings,
            "before_labels": _screen_labels(before, BEFORE_LABELS) if self.settings.savings else "",
        }
        target = transition.action.target
        box = [(1, target.bounds)] if target is not None and target.bounds is not None else []
        shots: list[Shot]
        if self.settings.savings:
            shots = [(after.screenshot_png, [])]
        else:
            shots = [(before.screenshot_png, box), (after.screenshot_png, [])]
        data = self._ask(schemas.TRANSITION_SUMMARY, ctx, shots, image_key="has_images")
        if data is None:
            return ""
        return _one_line(data["summary"]) or _one_line(data["effect"])

    def _once(self, key: tuple[str, ...], spec: ReproSpec, transition: Transition) -> str:
        """The summary of a question asked once per search (:meth:`_asked_once`): the same
        action from the same screen to the same screen (:func:`question_key`) on another path,
        or asked while the first asking is still in flight, gets the first answer without a
        request; with ``--llm-cache`` the answer is also kept on disk under the question (not
        the exact request, whose screenshots carry the clock), so a later search finds it."""

        def ask() -> str:
            disk_key = self._disk_key(key, spec)
            cache = self.client.cache
            hit = cache.get(disk_key) if cache is not None else None
            if hit is not None and isinstance(hit.get("summary"), str):
                self.client.count(schemas.TRANSITION_SUMMARY, "cache_hits")
                return str(hit["summary"])
            answer = self._ask_summary(spec, transition)
            if cache is not None and answer:
                cache.put(disk_key, {"role": schemas.TRANSITION_SUMMARY, "summary": answer})
            return answer

        return str(self._asked_once(key, schemas.TRANSITION_SUMMARY, ask))

    def _asked_once(self, key: tuple[str, ...], role: str, ask: Callable[[], Any]) -> Any:
        """``ask()``'s answer, asked once per search for ``key`` (decision 0047): a later or
        concurrent asking of the same question waits for the first one's answer and is booked
        as a ``cache_hits`` of ``role``, not a call. A question whose asking raised may be asked
        again; the error reaches every caller that waited for it."""
        with self._questions_lock:
            pending = self._answers.get(key)
            mine = pending is None
            if mine:
                pending = self._answers[key] = Future()
        assert pending is not None
        if not mine:
            self.client.count(role, "cache_hits")
            return pending.result()
        try:
            answer = ask()
        except BaseException as exc:
            pending.set_exception(exc)
            with self._questions_lock:
                self._answers.pop(key, None)
            raise
        pending.set_result(answer)
        return answer

    def _disk_key(self, key: tuple[str, ...], spec: ReproSpec) -> str:
        return request_key(
            {
                "endpoint": self.settings.endpoint,
                "model": self.settings.image_model,
                "question": list(key),
                "spec": self._spec(spec),
                "temperature": self.settings.temperature,
            }
        )

    def summarize_transitions(self, spec: ReproSpec, transitions: list[Transition]) -> list[str]:
        """:meth:`summarize_transition` for many transitions at once, up to
        ``settings.concurrency`` in parallel; same order as ``transitions``."""
        if len(transitions) <= 1:
            return [self.summarize_transition(spec, t) for t in transitions]
        workers = min(self.settings.concurrency, len(transitions))
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="llm-summary") as pool:
            return list(pool.map(lambda t: self.summarize_transition(spec, t), transitions))

    # -- path evaluation -------------------------------------------------------------------------
    @_offline_when_the_call_fails
    def evaluate_paths(self, spec: ReproSpec, paths: list[Path]) -> list[PathJudgement]:
        """A judgement per path (same order). Kept paths score 0.5-1 by the model's order; the
        others at most 0.4, by how far along the S2R they are.

        The model sees the paths numbered in a canonical order (by their actions), not in the
        order they arrived from the farm: the prompt, and so the cache key, does not depend on
        which device finished first, and the model has no arrival order to be biased by."""
        if not paths:
            return []
        n_steps = len(spec.steps)
        canonical = sorted(range(len(paths)), key=lambda i: [a.key() for a in paths[i].actions])
        id_of = {index: number for number, index in enumerate(canonical, 1)}
        ordered = [paths[i] for i in canonical]
        if self.settings.savings:
            prefixes, shown = _shared_prefixes(ordered)
        else:
            prefixes = []
            shown = [{**_path_detail(n, p), "prefix": ""} for n, p in enumerate(ordered, 1)]
        ctx = {
            "spec": self._spec(spec),
            "prefixes": prefixes,
            "paths": shown,
            "keep": min(self.beam, len(paths)),
            "n_steps": n_steps,
            "assessed": not self.ablation.no_transition_assessment,
        }

        def check(data: dict[str, Any]) -> list[str]:
            problems = []
            ids = {p["id"] for p in data["paths"]}
            missing = [i for i in range(1, len(paths) + 1) if i not in ids]
            if missing:
                problems.append(f"judge every path: ids {missing} are missing")
            bad = [i for i in data["keep"] if not 1 <= i <= len(paths)]
            if bad:
                problems.append(f"keep ids {bad} are not path ids (1 to {len(paths)})")
            return problems

        ids = list(range(1, len(paths) + 1))
        if self.settings.savings:
            # A schema that changes with the number of paths would change the prompt's first
            # tokens (the schema precedes the messages) and void the provider's prompt cache.
            ids = list(range(1, _bucket(len(paths)) + 1))
        data = self._ask(
            schemas.PATH_EVALUATION,
            ctx,
            check=check,
            enums={"id": ids, "keep": ids, "reached_step": list(range(n_steps + 1))},
        )
        if data is None:
            return [
                PathJudgement(score=0.0, reached_step=-1, reason="no opinion from the model")
                for _ in paths
            ]
        by_id = {p["id"]: p for p in data["paths"] if 1 <= p["id"] <= len(paths)}
        keep = [i for i in dict.fromkeys(data["keep"]) if 1 <= i <= len(paths)][: self.beam]
        judgements = []
        for index in range(len(paths)):
            i = id_of[index]
            item = by_id.get(i)
            reached = max(-1, min(n_steps - 1, int(item["reached_step"]) - 1)) if item else -1
            if i in keep:
                score = 1.0 - 0.5 * keep.index(i) / max(1, len(keep))
            else:
                score = 0.4 * (reached + 1) / max(1, n_steps)
            judgements.append(
                PathJudgement(
                    score=round(score, 4),
                    reached_step=reached,
                    complete=bool(item and item["complete"]),
                    reason=_one_line(item["reason"]) if item else "not judged by the model",
                )
            )
        return judgements

    # -- verification ----------------------------------------------------------------------------
    def evidence_spec(self, spec: ReproSpec) -> ReproSpec:
        """The offline analysis of the report :meth:`analyze_report` read last (its steps, its
        symptom, the exception it names with the report's quoted message and frames), or
        ``spec`` when no report was analysed or the offline analysis found no steps."""
        evidence = self._evidence
        return evidence if evidence is not None and evidence.steps else spec

    def verify(self, spec: ReproSpec, path: Path) -> Verdict:
        """The stricter visual check of a non-crash symptom on the path's final screen. A
        "reproduced" answer below ``settings.min_verify_confidence`` does not count, and one
        above it counts only when the offline verifier finds the evidence too (decision 0041):
        the report's steps done along ``path`` (the offline aligner on :meth:`evidence_spec`)
        and the report's symptom on its final screen, so no model, however careless, claims
        more than the evidence carries.

        With savings the model is not asked where the offline verifier already refuses (its
        "reproduced" could not count): ``unsupported`` in the role's slot, no call. Without
        them it is asked, and a refused "reproduced" is counted as ``overruled``. Either way the
        verdict is then not reproduced, its ``evidence`` saying what the evidence lacks; an
        accepted one carries the model's evidence, the offline verifier's, and the offline
        verifier's ``details`` (what ``final_screen`` and ``repro.sh`` check)."""
        if self.ablation.no_bug_verification:
            return self._model_verdict(spec, path)
        held = self._offline().verify(self.evidence_spec(spec), path)
        if not held.reproduced and self.settings.savings:
            self.client.count(schemas.VERIFICATION, "unsupported")
            return Verdict(False, f"the evidence does not carry the symptom: {held.evidence}", 0.0)
        try:
            verdict = self._model_verdict(spec, path)
        except _AnswerOffline:  # the call failed every retry: the offline verifier answers
            verdict = self._offline().verify(spec, path)
        if not verdict.reproduced:
            return verdict
        if held.reproduced:
            return Verdict(
                True, f"{verdict.evidence}; {held.evidence}", verdict.confidence, held.details
            )
        self.client.count(schemas.VERIFICATION, "overruled")
        log.info("llm_verdict_overruled", model=verdict.evidence, offline=held.evidence)
        return Verdict(
            False,
            f"the model saw the symptom ({verdict.evidence}), but the evidence does not carry it:"
            f" {held.evidence}",
            verdict.confidence,
        )

    def _model_verdict(self, spec: ReproSpec, path: Path) -> Verdict:
        """The model's own verdict on ``path`` (below the confidence bar: not reproduced)."""
        if self.ablation.no_bug_verification:
            return Verdict(
                True, "bug verification switched off (ablation): the evaluator's claim stands", 0.0
            )
        screen = path.last_screen
        if screen is None:
            return Verdict(False, "the path is empty", 0.0)
        ctx = {
            "spec": self._spec(spec),
            "path": _path_lines(path),
            "screen": {**_screen(screen), "labels": _screen_labels(screen)},
        }
        data = self._ask(schemas.VERIFICATION, ctx, [(screen.screenshot_png, [])])
        if data is None:
            return Verdict(False, "no opinion from the model: not counted as reproduced", 0.0)
        confidence = max(0.0, min(1.0, float(data["confidence"])))
        reproduced = bool(data["reproduced"]) and confidence >= self.settings.min_verify_confidence
        return Verdict(reproduced, _one_line(data["evidence"]), confidence)

    # -- plumbing --------------------------------------------------------------------------------
    def _spec(self, spec: ReproSpec) -> dict[str, Any]:
        data = spec.to_json()
        data["raw_report"] = self.ablation.no_report_analysis
        return data

    def _images(self, shots: list[Shot], max_side: int) -> list[bytes]:
        """Prepared PNGs, or none at all when any screenshot is missing or images are off (the
        roles' texts say "image 1 is ..." only when every image is there)."""
        if max_side <= 0 or not shots or not all(png for png, _ in shots):
            return []
        return [prepare_screenshot(png, boxes, max_side) for png, boxes in shots]

    def _image_side(self, role: str) -> int:
        """The longest side of ``role``'s screenshots: ``--llm-image-side``, and with savings
        at most :data:`ROLE_IMAGE_SIDES`'s figure for the role (0 stays 0: no images)."""
        side = self.settings.max_image_side
        if self.settings.savings and side > 0:
            return min(side, ROLE_IMAGE_SIDES.get(role, side))
        return side

    @property
    def _clip(self) -> int:
        """How long a summary in the filter's and input role's path one-liners may be (0:
        whole): with savings :data:`SUMMARY_CLIP` characters. The evaluator clips its older
        steps and shared prefixes alike, never the latest step; the verifier sees them whole."""
        return SUMMARY_CLIP if self.settings.savings else 0

    def _offline(self) -> HeuristicReasoner:
        """The offline reasoner that stands in when the model has no opinion."""
        if self._fallback is None:
            self._fallback = HeuristicReasoner()
        return self._fallback

    def _ask(
        self,
        role: str,
        ctx: dict[str, Any],
        shots: list[Shot] | None = None,
        *,
        check: Callable[[dict[str, Any]], list[str]] | None = None,
        image_key: str = "has_image",
        fewer: Shrink | None = None,
        enums: dict[str, list[Any]] | None = None,
    ) -> dict[str, Any] | None:
        """The model's reply for ``role``, or ``None`` for "no opinion" (counted): the reply was
        unusable after the repair round, or the request was refused for good even after one
        downgrade (see the module docstring). ``shots``: screenshots to attach; ``fewer``: a
        smaller version of the request for a "too large" refusal; ``enums``: this request's
        allowed values per property (:func:`~orchestrator.llm.schemas.narrowed`).

        A call that failed every retry raises ``_AnswerOffline`` (the public method answers
        offline); a run of failed calls or unusable answers raises :class:`LLMGaveUp`. Any
        other ``ReasonerError`` (bad key, unknown model) propagates: it is the run's problem,
        not the question's."""
        try:
            data = self._ask_model(role, ctx, shots, check, image_key, fewer, enums)
        except CallFailed as exc:
            self._call_failed(role, exc)
            raise _AnswerOffline from exc
        except UnusableReply as exc:
            self._no_opinion(role, str(exc))
            self._unusable(role, exc)
            return None
        self._answered(usable=data is not None)
        return data

    def _ask_model(
        self,
        role: str,
        ctx: dict[str, Any],
        shots: list[Shot] | None,
        check: Callable[[dict[str, Any]], list[str]] | None,
        image_key: str,
        fewer: Shrink | None,
        enums: dict[str, list[Any]] | None,
    ) -> dict[str, Any] | None:
        """:meth:`_ask` without the bookkeeping of runs of failures: the reply, ``None`` for a
        request refused for good even downgraded; raises ``UnusableReply``/``CallFailed``."""
        model = (
            self.settings.image_model if role in schemas.VISION_ROLES else self.settings.text_model
        )
        schema = schemas.narrowed(role, enums or {})
        images = self._images(shots or [], self._image_side(role))
        if images and not self.client.images_allowed(model, len(images)):
            images = []  # the model refused images earlier in this run
        try:
            return self._request(role, model, ctx, images, check, image_key, schema)
        except RequestRejected as exc:
            rejected = exc
        if rejected.kind == IMAGE_REFUSED and images:
            self.client.note_image_refusal(model, len(images), rejected.reason)
        downgrade, ctx, images = self._downgrade(rejected, ctx, shots or [], images, fewer)
        if not downgrade:
            self._no_opinion(role, str(rejected))
            return None
        self.client.note_downgrade(role, rejected, downgrade)
        try:
            return self._request(role, model, ctx, images, check, image_key, schema)
        except RequestRejected as exc:
            self._no_opinion(role, str(exc))
            return None

    def _answered(self, usable: bool) -> None:
        """The endpoint answered: that ends a run of failed calls; a ``usable`` answer (not a
        request refused for good) also ends a run of unusable ones."""
        with self._streak_lock:
            self._failed_in_a_row = 0
            if usable:
                self._unusable_in_a_row = 0

    def _call_failed(self, role: str, exc: CallFailed) -> None:
        """Book a call that failed every retry as an offline fallback; raise
        :class:`LLMGaveUp` when it makes ``settings.max_failed_calls`` in a row."""
        self.client.count(role, "offline_fallbacks")
        with self._streak_lock:
            self._failed_in_a_row += 1
            failed = self._failed_in_a_row
        log.warning("llm_offline_fallback", role=role, failed_in_a_row=failed, problem=str(exc))
        limit = self.settings.max_failed_calls
        if failed >= limit:
            raise LLMGaveUp(
                f"stopped after {failed} LLM calls in a row failed every retry "
                f"(--llm-max-failed-calls {limit}); last: {exc}"
            ) from None

    def _unusable(self, role: str, exc: UnusableReply) -> None:
        """Count an unusable answer; raise :class:`LLMGaveUp` when it makes
        ``settings.max_unusable`` in a row. An unusable answer still ends a run of failed
        calls: the endpoint answered."""
        self.client.count(role, "unusable")
        with self._streak_lock:
            self._failed_in_a_row = 0
            self._unusable_in_a_row += 1
            unusable = self._unusable_in_a_row
        limit = self.settings.max_unusable
        if unusable >= limit:
            raise LLMGaveUp(
                f"stopped after {unusable} unusable model answers in a row "
                f"(--llm-max-unusable {limit}); last: {exc}"
            ) from None

    def _downgrade(
        self,
        rejected: RequestRejected,
        ctx: dict[str, Any],
        shots: list[Shot],
        images: list[bytes],
        fewer: Shrink | None,
    ) -> tuple[str, dict[str, Any], list[bytes]]:
        """``(what was downgraded, ctx, images)`` for the one resend; ``""`` when nothing can
        be made smaller (the request would go out unchanged)."""
        if rejected.kind == IMAGE_REFUSED:
            return ("no image", ctx, []) if images else ("", ctx, images)
        if rejected.kind != TOO_LARGE:
            return "", ctx, images
        done: list[str] = []
        if fewer is not None:
            smaller_ctx, smaller_shots = fewer()
            if len(smaller_ctx.get("widgets", ())) < len(ctx.get("widgets", ())):
                ctx, shots = smaller_ctx, smaller_shots
                done.append("fewer candidates")
        if images:
            # Half the side of what was sent: about a quarter of the image tokens.
            longest = max(max(image_size(png)) for png in images)
            images = self._images(shots, max(1, longest // 2))
            done.append("smaller image")
        return " and ".join(done), ctx, images

    def _no_opinion(self, role: str, problem: str) -> None:
        self.client.count(role, "no_opinion")
        log.warning("llm_no_opinion", role=role, problem=problem)

    def _request(
        self,
        role: str,
        model: str,
        ctx: dict[str, Any],
        images: list[bytes],
        check: Callable[[dict[str, Any]], list[str]] | None,
        image_key: str,
        schema: dict[str, Any],
    ) -> dict[str, Any]:
        ctx = {**ctx, image_key: bool(images)}
        system, user = self.prompts.render(role, **ctx)
        content: Any = user
        if images:
            content = [{"type": "text", "text": user}] + [
                {
                    "type": "image_url",
                    "image_url": {"url": data_url(png), "detail": self.settings.image_detail},
                }
                for png in images
            ]
        messages = [{"role": "system", "content": system}, {"role": "user", "content": content}]
        return self.client.complete_json(role, model, messages, check=check, schema=schema)


def _check_analysis(data: dict[str, Any]) -> list[str]:
    return [] if any(str(s["text"]).strip() for s in data["steps"]) else ["give at least one step"]


@functools.lru_cache(maxsize=256)
def _parse(xml: str) -> Hierarchy | None:
    # Cached: the same screen is the "before" of every candidate probed on it.
    try:
        return parse_hierarchy(xml) if xml else None
    except HierarchyError:
        return None


def action_text(transition: Transition) -> str:
    """The action as a person would name it, with the widget's label found on the screen it was
    done on: ``long_click RelativeLayout "test2"`` (where ``Action.describe`` can only say
    ``RelativeLayout #second`` for a list row labelled by its child), ``input_text "test2" into
    EditText "Enter name"``."""
    action = transition.action
    if action.target is None:
        return action.describe()
    label = candidate_label(action, _parse(transition.before.hierarchy_xml))
    cls = action.target.class_name.rsplit(".", 1)[-1] or "widget"
    named = label if label.startswith("unlabelled") else f'{cls} "{label}"'
    if action.kind == INPUT_TEXT_KIND:
        return f'input_text "{action.text}" into {named}'
    return f"{action.kind} {named}"


def _short_id(resource_id: str) -> str:
    return resource_id.rsplit("/", 1)[-1] if resource_id else ""


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())


def _screen(screen: Screen) -> dict[str, Any]:
    return {
        "activity": screen.activity,
        "orientation": screen.orientation,
        "keyboard": screen.keyboard_shown,
    }


def _widget_label(action: Action, hierarchy: Hierarchy | None) -> str:
    """``TextView "test2" in "Alarms" #name, hint "Name", checked, at [0,210][1080,330]``."""
    target = action.target
    assert target is not None
    extra = action.extra or {}
    cls = str(extra.get("class") or target.class_name.rsplit(".", 1)[-1] or "widget")
    label = candidate_label(action, hierarchy)
    first = f'{cls} "{label}"' if label and not label.startswith("unlabelled") else label or cls
    parts: list[str] = []
    context = str(extra.get("context") or "")
    if context and context != label:
        parts.append(f'in "{context}"')
    rid = _short_id(target.resource_id)
    if rid:
        parts.append(f"#{rid}")
    if extra.get("editable") and extra.get("text"):
        parts.append(f'current text "{extra["text"]}"')
    if extra.get("checkable"):
        parts.append("checked" if extra.get("checked") else "unchecked")
    if target.bounds is not None:
        parts.append(f"at {target.bounds.to_uiautomator()}")
    return first + (", " + ", ".join(parts) if parts else "")


def _path_lines(path: Path, last: int = PATH_LINES, clip: int = 0) -> list[dict[str, Any]]:
    """The last ``last`` steps of ``path`` as one-liners (action and summary); ``clip`` > 0
    shortens each summary to that many characters (the savings of decision 0038)."""
    steps = path.transitions
    start = max(0, len(steps) - last)
    lines = [
        {"n": i + 1, "action": action_text(t), "summary": _clipped(t.summary, clip)}
        for i, t in enumerate(steps)
    ]
    if start:
        return [{"n": 1, "action": f"({start} earlier actions)", "summary": ""}] + lines[start:]
    return lines


def _diff_text(transition: Transition) -> str:
    if not transition.diff:
        return ""
    return describe_diff(transition.diff)


def _path_detail(
    index: int, path: Path, detail_steps: int = DETAIL_STEPS, *, savings: bool = False
) -> dict[str, Any]:
    """One path as the evaluator's template takes it (``older`` one-liners, ``recent`` in
    detail, ``screen`` labels). With ``savings`` a step's structural diff is left out where its
    summary already says it (a summary made from the diff, decision 0038)."""
    steps = path.transitions
    split = max(0, len(steps) - detail_steps)
    older = [
        {
            "n": i + 1,
            "action": action_text(t),
            "summary": _clipped(t.summary, SUMMARY_CLIP * savings),
        }
        for i, t in enumerate(steps[:split])
    ]
    recent = [
        {
            "n": split + i + 1,
            "action": action_text(t),
            "summary": t.summary,
            "diff": "" if savings and t.summary.startswith(_diff_text(t)[:-1]) else _diff_text(t),
            "activity": t.after.activity,
            "keyboard": t.after.keyboard_shown,
        }
        for i, t in enumerate(steps[split:])
    ]
    screen = path.last_screen
    return {
        "id": index,
        "older": older,
        "recent": recent,
        "screen": _screen_labels(screen) if screen else "",
    }


def _shared_prefixes(paths: list[Path]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The evaluator's view of ``paths`` (numbered from 1 in this order) from summaries, not
    whole histories: paths that differ only in their last action (the children of one beam
    path) share their beginning, which is shown once as a named prefix (``"A"``, ``"B"``...) of
    one-liners (action and its summary); each of them then shows only its last action in detail.
    A path sharing its beginning with no other is shown as :func:`_path_detail` shows it. A final
    screen whose labels an earlier path already listed is named by that path's number.
    Returns ``(prefixes, paths)``: ``[{"name", "steps": [{"n", "action", "summary"}]}]`` and the
    paths as the template takes them, each with ``"prefix"`` (a name or ``""``)."""
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, path in enumerate(paths):
        if len(path.transitions) >= 2:
            groups.setdefault(tuple(a.key() for a in path.actions[:-1]), []).append(i)
    names: dict[int, str] = {}
    prefixes: list[dict[str, Any]] = []
    for members in groups.values():
        if len(members) < 2:
            continue
        name = _prefix_name(len(prefixes))
        head = paths[members[0]].transitions[:-1]
        prefixes.append(
            {
                "name": name,
                "steps": [
                    {"n": n, "action": action_text(t), "summary": _clipped(t.summary, SUMMARY_CLIP)}
                    for n, t in enumerate(head, 1)
                ],
            }
        )
        names.update({i: name for i in members})
    shown = []
    for i, path in enumerate(paths):
        if i not in names:
            shown.append({**_path_detail(i + 1, path, savings=True), "prefix": ""})
            continue
        detail = _path_detail(i + 1, path, detail_steps=1, savings=True)
        shown.append({**detail, "older": [], "prefix": names[i]})
    # A final screen several paths share is listed once; the others point to it.
    first_with: dict[str, int] = {}
    for item in shown:
        labels = item["screen"]
        if labels and labels in first_with:
            item["screen"] = f"the same screen as path {first_with[labels]}"
        elif labels:
            first_with[labels] = item["id"]
    return prefixes, shown


def _prefix_name(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _screen_labels(screen: Screen, limit: int = SCREEN_LABELS) -> str:
    """The distinct texts of the screen's app windows, top window last, quoted and joined."""
    tree = _parse(screen.hierarchy_xml)
    if tree is None:
        return ""
    seen: dict[str, None] = {}
    for window in tree.app_windows():
        for node in window.iter():
            text = _one_line(node.text or node.content_desc)
            if text and len(seen) < limit:
                seen.setdefault(text[:80], None)
    return ", ".join(f'"{t}"' for t in seen)


def _clipped(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (``limit`` 0: whole)."""
    if limit <= 0 or len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"


def _bucket(n: int) -> int:
    """``n`` rounded up to a power of two, at least 8."""
    size = 8
    while size < n:
        size *= 2
    return size


def stable_enums(n_widgets: int) -> dict[str, list[Any]]:
    """The action filter's ``enums`` with savings: widget ids 1 to ``n_widgets`` rounded up to a
    power of two (at least 8), global actions all the names there are, so that most requests
    send the same schema and the provider's prompt cache, which begins with it, applies; ids and
    names outside this screen's lists are still refused by the filter's check (repair round)."""
    names = [f"swipe_{d}" for d in SWIPE_DIRECTIONS] + [f"rotate_{o}" for o in ORIENTATIONS]
    names += sorted(k for k in GLOBAL_KINDS if k not in (SWIPE, ROTATE))
    return {"id": list(range(1, _bucket(n_widgets) + 1)), "name": sorted(names)}


def structural_summary(transition: Transition) -> str:
    """The summary of a transition whose structural diff says what happened, or ``""`` when it
    does not and a model should look (decision 0038).

    Said by the diff: nothing changed; a window (dialog, menu) opened or closed, the activity
    switched, the app was left or a system dialog appeared (with the new screen's first
    :data:`NOW_SHOWS` texts when the screen changed beyond what the diff lists); field texts,
    check states, the keyboard, the orientation or a toast changed; widgets came or went, every
    one of them listed. Not said: an unreadable dump, a change the diff finds no words for (the
    structure changed but no widget, text or window did: "the screen changed slightly"), more
    widgets or texts changed than the diff lists with no window or activity change to name
    them. ``transition.diff`` must be :func:`orchestrator.diff.structural_diff`'s dict; an
    empty one is never said."""
    diff = transition.diff
    if not diff or diff.get("unreadable"):
        return ""
    if diff.get("unchanged"):
        return "No visible change."
    named = bool(
        diff.get("windows_opened")
        or diff.get("windows_closed")
        or diff.get("activity_changed")
        or diff.get("app_left")
        or diff.get("system_dialog")
        or diff.get("crash")
    )
    listed = bool(
        diff.get("texts_changed")
        or diff.get("states_changed")
        or diff.get("keyboard")
        or diff.get("orientation")
        or diff.get("toast")
        or diff.get("widgets_added")
        or diff.get("widgets_removed")
    )
    if not (named or listed):
        return ""
    clipped = (
        int(diff.get("widgets_added_count", 0) or 0) > len(diff.get("widgets_added") or [])
        or int(diff.get("widgets_removed_count", 0) or 0) > len(diff.get("widgets_removed") or [])
        or len(diff.get("texts_changed") or []) > 3
        or len(diff.get("states_changed") or []) > 3
    )
    if clipped and not named:
        return ""
    sentence = describe_diff(diff)
    if diff.get("activity_changed") or clipped:
        shown = _screen_labels(transition.after, NOW_SHOWS)
        if shown:
            sentence = f"{sentence[:-1]}; the screen now shows {shown}."
    return sentence


def question_key(transition: Transition) -> tuple[str, ...]:
    """What a transition summary depends on, as strings: the before screen (structure and
    every text of its dump outside the system UI), the action, the after screen likewise, and
    orientation and keyboard on both sides. Two probes with equal keys show the model the same
    change (their screenshots may differ only in the status bar's clock)."""
    before, after = transition.before, transition.after
    return (
        _screen_identity(before),
        transition.action.key(),
        _screen_identity(after),
        f"{before.orientation}/{before.keyboard_shown}>{after.orientation}/{after.keyboard_shown}",
    )


def _digest(data: Any) -> str:
    return request_key({"data": data})[:16]


def _screen_identity(screen: Screen) -> str:
    tree = _parse(screen.hierarchy_xml)
    texts = []
    if tree is not None:
        for window in tree.app_windows():
            texts += [f"{n.resource_id}={n.text}" for n in window.iter() if n.text]
    digest = hashlib.sha256("\n".join(texts).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{screen.structural_hash}:{digest}:{screen.activity}"
