"""A client for the Android emulator's own gRPC service (``emulator -grpc <port>``):
``android.emulation.control.EmulatorController`` for screenshots and touches, which skip adb's
shell and ``screencap`` round trips.

Only the messages this client uses are declared, with the field numbers of the public
``emulator_controller.proto`` (AOSP ``external/qemu``): ``ImageFormat`` (``format`` = 1, PNG = 0;
``width`` = 3; ``height`` = 4), ``Image`` (``image`` = 4), ``Touch`` (``x`` = 1, ``y`` = 2,
``identifier`` = 3, ``pressure`` = 4), ``TouchEvent`` (``touches`` = 1), ``KeyboardEvent``
(``eventType`` = 2, keypress = 2; ``key`` = 4; ``text`` = 5). Protobuf ignores fields it does not
know, so this subset is wire-compatible with the full service. The message classes are built at
import time from a descriptor (no generated code to keep in sync).
"""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, empty_pb2, message_factory

from device_agent.errors import DeadlineError, DeviceError

PACKAGE = "android.emulation.control"
SERVICE = f"/{PACKAGE}.EmulatorController"

_F = descriptor_pb2.FieldDescriptorProto


def _file() -> descriptor_pb2.FileDescriptorProto:
    f = descriptor_pb2.FileDescriptorProto(
        name="reprofarm/emulator_controller_subset.proto", package=PACKAGE, syntax="proto3"
    )

    def message(name: str, *fields: tuple[str, int, int, str, bool]) -> None:
        m = f.message_type.add(name=name)
        for field_name, number, kind, type_name, repeated in fields:
            fd = m.field.add(name=field_name, number=number, type=kind)
            fd.label = _F.LABEL_REPEATED if repeated else _F.LABEL_OPTIONAL
            if type_name:
                fd.type_name = f".{PACKAGE}.{type_name}"

    message(
        "ImageFormat",
        ("format", 1, _F.TYPE_INT32, "", False),  # enum ImgFormat; PNG = 0 (same wire type)
        ("width", 3, _F.TYPE_UINT32, "", False),
        ("height", 4, _F.TYPE_UINT32, "", False),
    )
    message(
        "Image",
        ("format", 1, _F.TYPE_MESSAGE, "ImageFormat", False),
        ("image", 4, _F.TYPE_BYTES, "", False),
    )
    message(
        "Touch",
        ("x", 1, _F.TYPE_INT32, "", False),
        ("y", 2, _F.TYPE_INT32, "", False),
        ("identifier", 3, _F.TYPE_INT32, "", False),
        ("pressure", 4, _F.TYPE_INT32, "", False),
    )
    message("TouchEvent", ("touches", 1, _F.TYPE_MESSAGE, "Touch", True))
    message(
        "KeyboardEvent",
        ("eventType", 2, _F.TYPE_INT32, "", False),  # enum KeyEventType; keypress = 2
        ("key", 4, _F.TYPE_STRING, "", False),
        ("text", 5, _F.TYPE_STRING, "", False),
    )
    return f


_POOL = descriptor_pool.DescriptorPool()
_POOL.Add(_file())


def message_class(name: str) -> Any:
    """The runtime message class ``android.emulation.control.<name>``."""
    return message_factory.GetMessageClass(_POOL.FindMessageTypeByName(f"{PACKAGE}.{name}"))


ImageFormat = message_class("ImageFormat")
Image = message_class("Image")
Touch = message_class("Touch")
TouchEvent = message_class("TouchEvent")
KeyboardEvent = message_class("KeyboardEvent")
KEYPRESS = 2
# W3C key values the emulator maps to Android keys (emulator_controller.proto, KeyboardEvent.key).
KEYS = {"back": "GoBack", "home": "GoHome", "enter": "Enter", "delete": "Backspace"}


class EmulatorGrpc:
    """``EmulatorController`` at ``host:port`` (``emulator -grpc <port>``), without TLS or token
    (add ``-grpc-use-token`` support when needed). Every call has ``timeout_s``; failures raise
    :class:`DeadlineError` or :class:`DeviceError` naming the address."""

    def __init__(self, host: str, port: int, timeout_s: float = 10.0) -> None:
        self.address = f"{host}:{port}"
        self.timeout_s = timeout_s
        self._channel = grpc.insecure_channel(
            self.address, options=[("grpc.max_receive_message_length", 64 << 20)]
        )
        unary = self._channel.unary_unary
        self._screenshot = unary(
            f"{SERVICE}/getScreenshot",
            request_serializer=ImageFormat.SerializeToString,
            response_deserializer=Image.FromString,
        )
        self._touch = unary(
            f"{SERVICE}/sendTouch",
            request_serializer=TouchEvent.SerializeToString,
            response_deserializer=empty_pb2.Empty.FromString,
        )
        self._key = unary(
            f"{SERVICE}/sendKey",
            request_serializer=KeyboardEvent.SerializeToString,
            response_deserializer=empty_pb2.Empty.FromString,
        )

    def _call(self, what: str, stub: Any, request: Any) -> Any:
        try:
            return stub(request, timeout=self.timeout_s)
        except grpc.RpcError as exc:
            code = exc.code() if hasattr(exc, "code") else None
            if code == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise DeadlineError(
                    f"emulator gRPC {what} at {self.address} took over {self.timeout_s:.0f} s"
                ) from exc
            raise DeviceError(
                f"emulator gRPC {what} at {self.address} failed ({code}): "
                f"{exc.details() if hasattr(exc, 'details') else exc}; is the emulator running "
                "with -grpc on that port?"
            ) from exc

    def screenshot_png(self) -> bytes:
        """The display as PNG, in its current orientation."""
        image = self._call("getScreenshot", self._screenshot, ImageFormat(format=0))
        return bytes(image.image)

    def tap(self, x: int, y: int) -> None:
        """A finger down and up at ``(x, y)`` (pressure > 0, then 0 to release the slot)."""
        for pressure in (1, 0):
            event = TouchEvent(touches=[Touch(x=x, y=y, identifier=1, pressure=pressure)])
            self._call("sendTouch", self._touch, event)

    def key(self, name: str) -> None:
        """``back``, ``home``, ``enter`` or ``delete`` as one key press."""
        self._call("sendKey", self._key, KeyboardEvent(eventType=KEYPRESS, key=KEYS[name]))

    def close(self) -> None:
        self._channel.close()
