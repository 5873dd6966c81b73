"""Generated gRPC code for the agent API (``protos/reprofarm/v1/agent.proto``).

Do not edit ``agent_pb2*.py*`` by hand: run ``python -m device_agent.proto.generate``.
"""
