"""``python -m tests.ray_gcs_view ADDRESS [--wait-alive-on IP]``: print, as one JSON object, the
cluster's nodes and every ``DeviceWorker`` actor it has known, read from the GCS (Ray's actor and
node tables, what Ray's state API serves; the state API itself needs the dashboard, which the
project does not install: its full agent makes every Ray start heavier).

``--wait-alive-on IP`` first waits (up to 300 s) until a DeviceWorker is alive on the node with
that IP. Run it with the cluster's token in the environment.
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from typing import Any


def view() -> dict[str, Any]:
    """``{"nodes": {ip: node_id}, "workers": [{actor_id, node_id, state, num_restarts,
    job_id}]}``."""
    import ray
    from ray._private import state

    nodes = {n["NodeManagerAddress"]: n["NodeID"] for n in ray.nodes() if n["Alive"]}
    workers = [
        {
            "actor_id": actor_id,
            "node_id": info["Address"]["NodeID"],
            "state": info["State"],
            "num_restarts": info["NumRestarts"],
            "job_id": info["JobID"],
        }
        for actor_id, info in state.actors().items()
        if info["ActorClassName"] == "DeviceWorker"
    ]
    return {"nodes": nodes, "workers": workers}


def main() -> None:
    import ray

    parser = argparse.ArgumentParser()
    parser.add_argument("address")
    parser.add_argument("--wait-alive-on", default="")
    args = parser.parse_args()
    ray.init(address=args.address, logging_level=logging.ERROR, log_to_driver=False)
    seen = view()
    deadline = time.monotonic() + 300
    while args.wait_alive_on and time.monotonic() < deadline:
        node = seen["nodes"].get(args.wait_alive_on)
        if any(w["node_id"] == node and w["state"] == "ALIVE" for w in seen["workers"]):
            break
        time.sleep(0.2)
        seen = view()
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
