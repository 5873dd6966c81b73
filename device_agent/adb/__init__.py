"""The adb backend: a real Android emulator or phone as a
:class:`~device_agent.backend.DeviceBackend`.

- :mod:`.parsers`: pure functions over what devices print (``uiautomator dump``, ``dumpsys``,
  ``logcat``, ANR traces, the emulator console), tested on real captures;
- :mod:`.console`: the emulator console client (``avd snapshot ...``, ``OK`` / ``KO:``);
- :mod:`.backend`: :class:`~device_agent.adb.backend.AdbDevice` on adbutils.
"""
