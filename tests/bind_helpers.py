"""Where a server listens: whether a TCP port answers on an address, and this host's own
non-loopback address (to prove that an endpoint bound to loopback is not reachable on it)."""

from __future__ import annotations

import socket


def non_loopback_ipv4() -> str | None:
    """This host's outward IPv4 address (the source address of a route to a private network;
    no packet is sent), or None when it has none besides loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
        except OSError:
            return None
        address = str(s.getsockname()[0])
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def answers(host: str, port: int) -> bool:
    """True when a TCP connection to ``host:port`` is accepted within 2 s."""
    try:
        with socket.create_connection((host, port), timeout=2.0):
            return True
    except OSError:
        return False
