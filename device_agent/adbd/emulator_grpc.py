"""The adb-speaking virtual device's ``EmulatorController`` gRPC service (the subset the adb
backend's :mod:`device_agent.adb.emulator_grpc` client uses): ``getScreenshot`` (PNG),
``sendTouch`` (a finger down then up is a tap where it went down; held 500 ms or more, a long
press) and ``sendKey`` (``GoBack``, ``GoHome``, ``Enter``, ``Backspace``)."""

from __future__ import annotations

import time
from concurrent import futures
from typing import Any

import grpc
from google.protobuf import empty_pb2

from device_agent.adb.emulator_grpc import KEYS, SERVICE, Image, ImageFormat, KeyboardEvent
from device_agent.adb.emulator_grpc import TouchEvent as TouchEventMsg
from device_agent.virtual.device import VirtualDevice

_KEY_NAMES = {v: k for k, v in KEYS.items()}
LONG_PRESS_S = 0.5


class EmulatorControllerServer:
    """Serves the subset on ``host:port`` (0: a free port; read :attr:`port`)."""

    def __init__(self, device: VirtualDevice, host: str = "127.0.0.1", port: int = 0) -> None:
        self.device = device
        self._down: dict[int, tuple[int, int, float]] = {}
        handlers = {
            "getScreenshot": grpc.unary_unary_rpc_method_handler(
                self._screenshot,
                request_deserializer=ImageFormat.FromString,
                response_serializer=Image.SerializeToString,
            ),
            "sendTouch": grpc.unary_unary_rpc_method_handler(
                self._touch,
                request_deserializer=TouchEventMsg.FromString,
                response_serializer=empty_pb2.Empty.SerializeToString,
            ),
            "sendKey": grpc.unary_unary_rpc_method_handler(
                self._key,
                request_deserializer=KeyboardEvent.FromString,
                response_serializer=empty_pb2.Empty.SerializeToString,
            ),
        }
        self._server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        self._server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(SERVICE.lstrip("/"), handlers),)
        )
        self.port = self._server.add_insecure_port(f"{host}:{port}")
        if not self.port:
            raise OSError(f"cannot listen on {host}:{port} for the emulator gRPC service")

    def start(self) -> EmulatorControllerServer:
        self._server.start()
        return self

    def stop(self) -> None:
        self._server.stop(0.5)

    def _screenshot(self, request: Any, context: Any) -> Any:
        png = self.device.observe(screenshot=True, hierarchy=False).screenshot_png
        return Image(format=ImageFormat(format=0), image=png)

    def _touch(self, request: Any, context: Any) -> Any:
        for touch in request.touches:
            if touch.pressure > 0:
                self._down.setdefault(touch.identifier, (touch.x, touch.y, time.monotonic()))
                continue
            down = self._down.pop(touch.identifier, None)
            if down is not None:
                x, y, since = down
                self.device.tap(x, y, long=time.monotonic() - since >= LONG_PRESS_S)
        return empty_pb2.Empty()

    def _key(self, request: Any, context: Any) -> Any:
        name = _KEY_NAMES.get(request.key)
        if name is not None:
            self.device.key(name)
        elif request.text:
            self.device.type_text(request.text)
        return empty_pb2.Empty()
