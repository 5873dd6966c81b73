"""A virtual device that speaks adb: an adbd-compatible TCP endpoint and an emulator console.

So that the adb backend (:mod:`device_agent.adb`) is tested against the real adb server and
adbutils with no emulator, a :class:`~device_agent.virtual.device.VirtualDevice` is put behind

- :mod:`.transport`: the adb TCP transport (CNXN/OPEN/OKAY/WRTE/CLSE) with the ``shell:``,
  ``shell,v2:``, ``exec:`` and ``sync:`` services (AOSP ``adb/protocol.txt``, ``SERVICES.TXT``,
  ``SYNC.TXT``);
- :mod:`.shell`: the shell commands the adb backend sends (``uiautomator dump``, ``screencap``,
  ``input``, ``dumpsys``, ``logcat``, ``settings``, ``am``/``pm``/``monkey``), answered from the
  device's state in the output formats of real Android;
- :mod:`.console`: the emulator console (auth token, ``avd snapshot save|load|list|del|pull|push``
  answering ``OK`` / ``KO: ...``);
- :mod:`.emulator`: the three together on console port N and adb port N+1, registered with a
  running adb server, so it shows up in ``adb devices`` as ``emulator-N``.
"""
