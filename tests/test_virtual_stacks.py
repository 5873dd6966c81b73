"""The framework frames a model's crash ends in (`device_agent/virtual/stacks.py`, part of the
app-model toolkit): known releases give their frames, another release a clear error."""

from __future__ import annotations

import pytest

from device_agent.virtual.stacks import (
    callback_frames,
    launch_frames,
    looper_frames,
    message_frames,
)


def test_a_known_release_gives_its_frames() -> None:
    assert looper_frames(25, full=False) == [
        "android.os.Looper.loop(Looper.java:154)",
        "android.app.ActivityThread.main(ActivityThread.java:6119)",
    ]
    assert callback_frames(23)[0] == "android.os.Handler.handleCallback(Handler.java:739)"
    relaunched = launch_frames(23, relaunch=True)
    assert (
        "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:4077)" in relaunched
    )


@pytest.mark.parametrize(
    "build", [lambda: callback_frames(28), lambda: launch_frames(25, relaunch=True)]
)
def test_an_unknown_release_is_a_clear_error_not_a_key_error(build) -> None:
    with pytest.raises(ValueError, match=r"API level (28|25).*stacks knows API"):
        build()


def test_android_15_main_thread_and_message_frames() -> None:
    assert looper_frames(35) == [
        "android.os.Looper.loopOnce(Looper.java:232)",
        "android.os.Looper.loop(Looper.java:317)",
        "android.app.ActivityThread.main(ActivityThread.java:8705)",
        "java.lang.reflect.Method.invoke(Native Method)",
        "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:580)",
        "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:886)",
    ]
    assert message_frames(35)[0] == "android.os.Handler.dispatchMessage(Handler.java:107)"
    assert callback_frames(35)[:2] == [
        "android.os.Handler.handleCallback(Handler.java:959)",
        "android.os.Handler.dispatchMessage(Handler.java:100)",
    ]
    assert message_frames(25)[0] == "android.os.Handler.dispatchMessage(Handler.java:102)"
