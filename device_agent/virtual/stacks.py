"""The framework's part of a Java stack trace: the frames below an app's own code.

A crash's ``frames`` (see :class:`~device_agent.virtual.app.JavaException`) end in the same
framework frames on every app of one Android release: the main thread's ``Looper`` loop and
the zygote that started the process, below the ``Handler`` that delivered a message (an
activity launch, a dialog's button) or ran a posted ``Runnable`` (a click, a fragment
transaction). These builders return those frames, without the ``at`` prefix, exactly as the
release writes them, so a model lists only its app's frames and the framework entry point.

``api`` is the release's API level: 23 (Android 6.0) and 25 (Android 7.1) are known (a
rotation's re-creation frames for 23 only), and 35 (Android 15) for all but a launch's
frames; another level raises ``ValueError`` naming the
known ones, so a model written for another release lists those frames itself. Each
builder returns a new list, to put in a ``frames`` list with ``*``:
``frames=["org.example.Main.onCreate(Main.java:12)", *launch_frames(25)]``.
"""

from __future__ import annotations

from typing import TypeVar

_T = TypeVar("_T")

# ActivityThread.main's line, ZygoteInit$MethodAndArgsCaller.run's, ZygoteInit.main's and
# Looper.loop's per API level.
_ZYGOTE: dict[int, tuple[int, int, int, int]] = {
    23: (5417, 726, 616, 148),
    25: (6119, 886, 776, 154),
    35: (8705, 580, 886, 317),
}
# Looper.loopOnce's line, on the releases whose Looper.loop calls it (API 33 and later).
_LOOP_ONCE: dict[int, int] = {35: 232}
# Handler.dispatchMessage's lines (a message's handleMessage path, a posted Runnable's) per API
# level; levels not listed use (102, 95).
_DISPATCH: dict[int, tuple[int, int]] = {35: (107, 100)}
# Handler.handleCallback's line per API level.
_CALLBACK: dict[int, int] = {23: 739, 25: 751, 35: 959}
# (performLaunchActivity, handleLaunchActivity, the -wrap method, H.handleMessage) of a launch.
_LAUNCH: dict[int, tuple[int, int, str, int]] = {
    23: (2416, 2476, "-wrap11", 1344),
    25: (2665, 2726, "-wrap12", 1477),
}
# (handleRelaunchActivity, the -wrap method, H.handleMessage) of a re-creation (rotation).
_RELAUNCH: dict[int, tuple[int, str, int]] = {23: (4077, "-wrap15", 1350)}


def _at(table: dict[int, _T], api: int, what: str) -> _T:
    """``table[api]``, or ``ValueError`` naming the API levels whose ``what`` frames are known
    (a model's crash built for an unknown release must not surface as a ``KeyError``)."""
    if api not in table:
        known = ", ".join(str(level) for level in sorted(table))
        raise ValueError(
            f"no {what} frames for API level {api}: stacks knows API {known}; "
            "pass one of those, or write the framework frames into the crash yourself"
        )
    return table[api]


def looper_frames(api: int, *, full: bool = True) -> list[str]:
    """The main thread's bottom frames: ``Looper.loopOnce`` (API 33 and later), ``Looper.loop``
    and ``ActivityThread.main``, then (with ``full``, as the framework prints them)
    ``Method.invoke``, ``MethodAndArgsCaller.run`` (in ``ZygoteInit`` before API 28, in
    ``RuntimeInit`` since) and ``ZygoteInit.main``. ``full=False`` drops the last three, the
    tail a shortened report quotes."""
    main, run, zygote, loop = _at(_ZYGOTE, api, "main-thread")
    frames = []
    if api in _LOOP_ONCE:
        frames.append(f"android.os.Looper.loopOnce(Looper.java:{_LOOP_ONCE[api]})")
    frames += [
        f"android.os.Looper.loop(Looper.java:{loop})",
        f"android.app.ActivityThread.main(ActivityThread.java:{main})",
    ]
    if full:
        caller = "ZygoteInit" if api < 28 else "RuntimeInit"
        frames += [
            "java.lang.reflect.Method.invoke(Native Method)",
            f"com.android.internal.os.{caller}$MethodAndArgsCaller.run({caller}.java:{run})",
            f"com.android.internal.os.ZygoteInit.main(ZygoteInit.java:{zygote})",
        ]
    return frames


def message_frames(api: int, *, full: bool = True) -> list[str]:
    """A message handled on the main thread: ``Handler.dispatchMessage`` (line 102 before API 35,
    the ``handleMessage`` path) over :func:`looper_frames`."""
    line = _DISPATCH.get(api, (102, 95))[0]
    return [
        f"android.os.Handler.dispatchMessage(Handler.java:{line})",
        *looper_frames(api, full=full),
    ]


def callback_frames(api: int, *, full: bool = True) -> list[str]:
    """A ``Runnable`` posted to the main thread (a click's ``PerformClick``, a fragment
    transaction): ``Handler.handleCallback`` and ``Handler.dispatchMessage`` (line 95 before API
    35) over :func:`looper_frames`."""
    return [
        f"android.os.Handler.handleCallback(Handler.java:{_at(_CALLBACK, api, 'callback')})",
        f"android.os.Handler.dispatchMessage(Handler.java:{_DISPATCH.get(api, (102, 95))[1]})",
        *looper_frames(api, full=full),
    ]


def launch_frames(api: int, *, relaunch: bool = False, perform_line: int = 0) -> list[str]:
    """An activity's launch: ``ActivityThread.performLaunchActivity`` (at ``perform_line``
    when given: the line inside it, for a ``Caused by`` block, differs from the wrapping
    exception's), ``handleLaunchActivity`` and, with ``relaunch`` (a re-creation on rotation),
    ``handleRelaunchActivity``, then the ``H.handleMessage`` of :func:`message_frames`."""
    perform, handle, wrap, message = _at(_LAUNCH, api, "launch")
    frames = [
        f"android.app.ActivityThread.performLaunchActivity(ActivityThread.java:"
        f"{perform_line or perform})",
        f"android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:{handle})",
    ]
    if relaunch:
        line, wrap, message = _at(_RELAUNCH, api, "re-creation")
        frames.append(
            f"android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:{line})"
        )
    frames += [
        f"android.app.ActivityThread.{wrap}(ActivityThread.java)",
        f"android.app.ActivityThread$H.handleMessage(ActivityThread.java:{message})",
    ]
    return frames + message_frames(api)
