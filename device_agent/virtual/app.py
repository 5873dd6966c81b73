"""The contract between a virtual app model and the virtual device.

An app is a small Python model of a real Android app, faithful where the pipeline looks: its
screens (as view trees), what each control does, and its bug, which is code that raises a
:class:`JavaException` (a crash) or misbehaves (a non-crash bug). Each bug declares a ground-truth
oracle that reads the app's own state, like android_world's ``is_successful``.

Rules for app authors:
- all state is JSON-able data (dicts, lists, str, int, float, bool, None), so snapshots are plain
  JSON: ``ctx.data`` is the app's storage (survives everything but ``reset``), ``ctx.ui`` is the
  current activity instance's state (lost when the activity finishes or is re-created, except what
  :meth:`VirtualApp.save_instance_state` keeps);
- ``render`` must not change state; handlers do;
- a crash is ``raise JavaException("java.lang.IllegalStateException", "msg", frames=[...])``,
  mirroring the real report's stack trace where the report has one.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from device_agent.virtual.views import Screen


class JavaException(Exception):
    """A Java exception thrown by the app's code. The device turns an uncaught one into a real
    crash: the ``FATAL EXCEPTION: main`` block in logcat's crash buffer, the process killed, and the
    system's "<App> keeps stopping" dialog.

    ``java_class`` is fully qualified (``java.lang.IndexOutOfBoundsException``); ``frames`` are
    ``at`` lines without the ``at `` prefix (``com.x.Y.method(Y.java:12)``); ``cause`` is an
    optional
    ``Caused by`` exception; ``thread`` names the thread that threw, for the ``FATAL EXCEPTION:
    <thread>`` line (``"main"``, or e.g. ``"DefaultDispatcher-worker-1"`` for a Kotlin coroutine).
    """

    def __init__(
        self,
        java_class: str,
        message: str = "",
        frames: list[str] | None = None,
        cause: JavaException | None = None,
        thread: str = "main",
    ) -> None:
        super().__init__(f"{java_class}: {message}" if message else java_class)
        self.java_class = java_class
        self.message = message
        self.frames = list(frames or [])
        self.cause = cause
        self.thread = thread


class AppNotResponding(Exception):
    """The app's main thread is blocked (an ANR). Raise it from a handler to model a hang: the
    device writes ``ANR in <process>`` to logcat, records the ANR for the oracle and shows the
    system's "<App> isn't responding" dialog (Close app / Wait). The process keeps running until
    the user closes it. ``reason`` is the ActivityManager reason line, e.g. ``"Input dispatching
    timed out"``.
    """

    def __init__(self, reason: str = "Input dispatching timed out") -> None:
        super().__init__(reason)
        self.reason = reason


class AppContext(Protocol):
    """What a handler and ``render`` may read and do. Implemented by the virtual device.

    Attributes: ``data`` (app storage), ``memory`` (the process's memory: static fields,
    caches, singletons; empty when the process starts, lost when it dies, e.g. on a restart of
    the app, while ``data`` stays), ``ui`` (activity instance state), ``extras`` (the intent
    extras the activity was started with), ``activity`` (short name, e.g. ``".MainActivity"``),
    ``orientation`` (``portrait``/``landscape``), ``screen_size`` (``(width, height)`` pixels in
    the current orientation), ``permissions`` (granted runtime permissions), ``focus`` (the
    resource-id, as written in the view, of the focused EditText; ``""`` when none).
    """

    data: dict[str, Any]
    memory: dict[str, Any]
    ui: dict[str, Any]
    extras: dict[str, Any]
    activity: str
    orientation: str
    screen_size: tuple[int, int]
    permissions: set[str]
    focus: str

    def start_activity(self, activity: str, extras: dict[str, Any] | None = None) -> None:
        """Push a new activity on the back stack (rendered on the next frame)."""

    def finish(self) -> None:
        """Finish the current activity (as Back does when nothing consumes it)."""

    def toast(self, text: str) -> None:
        """Show a toast (a short-lived message drawn on the screenshot and in the dump)."""

    def request_permission(self, permission: str) -> None:
        """Show the system's runtime permission dialog; the answer arrives in
        :meth:`VirtualApp.on_permission_result`."""

    def log(self, tag: str, message: str, level: str = "D") -> None:
        """Write a logcat line from the app's process (``level`` is V/D/I/W/E)."""

    def hide_keyboard(self) -> None:
        """Hide the soft keyboard and clear the input focus."""


@dataclass(frozen=True)
class BugSpec:
    """A bug the app models.

    ``bug_id`` is the benchmark id (``"AmazeFileManager#1796"``); ``kind`` is ``crash`` or
    ``non-crash``; ``oracle(data, system)`` answers from state whether the bug was triggered, where
    ``system`` holds the device's records (``system["crashes"]``: list of ``{"package",
    "exception", "message"}``; ``system["orientation"]``); ``human_steps`` is the action sequence
    a person used (as JSON actions), replayed by the tests.
    """

    bug_id: str
    kind: str
    title: str
    oracle: Callable[[dict[str, Any], dict[str, Any]], bool]
    human_steps: tuple[dict[str, Any], ...] = field(default_factory=tuple)


class VirtualApp(abc.ABC):
    """Base class of every app model. Subclass, set the class attributes, implement ``render``.

    Class attributes: ``name`` (catalog name, the report's ``repo``: ``"AmazeFileManager"``),
    ``package`` (``"com.amaze.filemanager"``), ``label`` (launcher label, used in "keeps stopping"),
    ``version`` (``"3.3.2"``), ``launch_activity`` (``".activities.MainActivity"``), ``bugs``.
    """

    name: ClassVar[str]
    package: ClassVar[str]
    label: ClassVar[str]
    version: ClassVar[str]
    launch_activity: ClassVar[str]
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    @abc.abstractmethod
    def initial_data(self) -> dict[str, Any]:
        """The app's storage right after a fresh install (JSON-able)."""

    @abc.abstractmethod
    def render(self, ctx: AppContext) -> Screen:
        """The current activity's screen, from ``ctx.activity``, ``ctx.data`` and ``ctx.ui``."""

    def on_create(self, ctx: AppContext) -> None:
        """Called when an activity instance is created (also after rotation re-creates it, with
        ``ctx.ui`` holding what :meth:`save_instance_state` kept). May raise JavaException."""
        return None

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """What of ``ctx.ui`` survives re-creation on rotation. Default: all of it."""
        return dict(ctx.ui)

    def on_activity_stop(self, ctx: AppContext) -> None:
        """The user left the app for the home screen with the current activity on top (Home,
        or the ``leave_and_return`` action): Android's ``onStop``. The process, ``ctx.ui`` and
        ``ctx.memory`` stay. Not called when another of the app's own activities covers this
        one (the model's handlers do that). May raise JavaException."""
        return None

    def on_activity_restart(self, ctx: AppContext) -> None:
        """The user came back to the app from its launcher icon after
        :meth:`on_activity_stop`, to the same activity instance: Android's ``onRestart`` and
        ``onResume`` (after a rotation while away the activity is re-created instead:
        ``on_create``). May raise JavaException."""
        return None

    def on_back(self, ctx: AppContext) -> bool:
        """Back was pressed with no dialog in the way: return True if the app consumed it."""
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        """``enter`` or ``delete`` with no focused text field: True if consumed."""
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        """A swipe (finger movement ``up``/``down``/``left``/``right``) that no scrollable container
        could take (pager pages, drawers, pull-to-refresh): return True if consumed."""
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        """The user answered the runtime permission dialog."""
        return None

    def bug(self, bug_id: str) -> BugSpec:
        """The :class:`BugSpec` with this id; raises ``KeyError`` naming the known ids."""
        for spec in self.bugs:
            if spec.bug_id == bug_id:
                return spec
        raise KeyError(
            f"{self.name} models no bug {bug_id!r}; it models {[b.bug_id for b in self.bugs]}"
        )
