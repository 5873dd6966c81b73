# image: ghcr.io/reprofarm/reprofarm-agent
#
# The device agent of a device pod (helm/reprofarm `devices.agent.image`): `reprofarm agent serve
# --backend adb` beside the emulator container, with Debian's adb. No Ray extras: the agent
# knows nothing of the orchestrator. Python packages pinned by constraints.txt.
#
#   docker build -f docker/agent.Dockerfile -t ghcr.io/reprofarm/reprofarm-agent:0.1.0 .
FROM python:3.11-slim-bookworm

RUN apt-get update \
 && apt-get install -y --no-install-recommends adb \
 && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 1000 agent
WORKDIR /opt/reprofarm
COPY --chown=agent constraints.txt pyproject.toml README.md LICENSE ./
COPY --chown=agent orchestrator orchestrator
COPY --chown=agent device_agent device_agent
COPY --chown=agent prompts prompts
RUN pip install --no-cache-dir -c constraints.txt -e . \
 && reprofarm agent serve --help >/dev/null && adb version
USER agent
ENV PYTHONUNBUFFERED=1
