"""What the Android system writes to logcat about an app: crash blocks, ANR reports, activity
manager lines. Wording and framework frames follow API 30 (AOSP ``RuntimeInit``,
``ActivityManagerService``, ``ActivityTaskManager``); compare ``markor_crash_threadtime.log`` and
``themis_markor_1329_crash_threadtime.log`` in the shared fixtures.
"""

from __future__ import annotations

import zlib

from device_agent.virtual.app import JavaException

SYSTEM_SERVER_PID = 530

# Framework frames under an app's own frames, by how the app code was reached (API 30 sources).
LOOPER_FRAMES = [
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]
CLICK_FRAMES = [
    "android.view.View.performClick(View.java:7448)",
    "android.view.View.performClickInternal(View.java:7425)",
    "android.view.View.access$3600(View.java:810)",
    "android.view.View$PerformClick.run(View.java:28305)",
    *LOOPER_FRAMES,
]
LAUNCH_FRAMES = [
    "android.app.Activity.performCreate(Activity.java:8000)",
    "android.app.Activity.performCreate(Activity.java:7984)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1309)",
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3422)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3601)",
    "android.app.servertransaction.LaunchActivityItem.execute(LaunchActivityItem.java:85)",
    "android.app.servertransaction.TransactionExecutor.executeCallbacks"
    "(TransactionExecutor.java:135)",
    "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:95)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]


def default_frames(full_activity: str, where: str) -> list[str]:
    """Plausible frames for an exception thrown without any: one app frame named after the
    activity and the handler, then the framework frames of a click or an activity launch."""
    short = full_activity.rsplit(".", 1)[-1]
    method = "onCreate" if "onCreate" in where else "onClick"
    frames = [f"{full_activity}.{method}({short}.java)"]
    return frames + (LAUNCH_FRAMES if method == "onCreate" else CLICK_FRAMES)


def exception_lines(exc: JavaException, frames: list[str]) -> list[str]:
    """The exception part of a crash block: ``<class>: <message>``, ``\\tat`` frames, then each
    ``Caused by:`` with its frames."""
    lines = [f"{exc.java_class}: {exc.message}" if exc.message else exc.java_class]
    lines += [f"\tat {f}" for f in frames]
    cause = exc.cause
    depth = 0
    while cause is not None and depth < 8:  # a cycle in app-built causes must not hang us
        head = f"{cause.java_class}: {cause.message}" if cause.message else cause.java_class
        lines.append(f"Caused by: {head}")
        lines += [f"\tat {f}" for f in cause.frames]
        cause = cause.cause
        depth += 1
    return lines


def crash_block(package: str, pid: int, exc: JavaException, frames: list[str]) -> list[str]:
    """The ``E AndroidRuntime`` messages of an uncaught exception (``FATAL EXCEPTION: <thread>``,
    ``main`` unless the exception names another thread)."""
    return [
        f"FATAL EXCEPTION: {getattr(exc, 'thread', '') or 'main'}",
        f"Process: {package}, PID: {pid}",
        *exception_lines(exc, frames),
    ]


def crash_tid(pid: int, exc: JavaException) -> int:
    """The thread id of the crashing thread: the pid for ``main``, another id for workers."""
    thread = getattr(exc, "thread", "") or "main"
    return pid if thread == "main" else pid + 21 + zlib.crc32(thread.encode()) % 40


def anr_lines(package: str, component: str, pid: int, reason: str) -> list[str]:
    """The ``E ActivityManager`` report of an ANR (``ANR in <process> (<component>)``...)."""
    return [
        f"ANR in {package} ({component})",
        f"PID: {pid}",
        f"Reason: {reason}",
        f"Parent: {component}",
        "Load: 1.21 / 0.98 / 0.74",
    ]


def config_line(orientation: str) -> str:
    """The ActivityTaskManager line of a configuration change."""
    land = orientation == "landscape"
    size = "w731dp h387dp" if land else "w411dp h659dp"
    return (
        f"Config changes=480 {{1.0 ?mcc?mnc [en_US] ldltr sw411dp {size} 420dpi nrml "
        f"{'land' if land else 'port'} finger -keyb/v/h -nav/h}}"
    )
