# image: ghcr.io/reprofarm/reprofarm
#
# The orchestrator on KubeRay (helm/reprofarm `image`): the Ray head and workers, KubeRay's RayJob
# submitter (`ray job submit`, Ray's jobs CLI: the `driver` extra, ray[default]) and the drivers
# it starts (`reprofarm sweep`, `reprofarm nightly`). Every Python package is pinned by
# constraints.txt; the chart's `ray.rayVersion` must equal its Ray pin (tests/test_helm_chart.py).
#
#   docker build -f docker/driver.Dockerfile -t ghcr.io/reprofarm/reprofarm:0.1.0 .
FROM python:3.11-slim-bookworm

# wget: KubeRay's readiness and liveness probes of Ray pods call it.
RUN apt-get update \
 && apt-get install -y --no-install-recommends wget \
 && rm -rf /var/lib/apt/lists/*

# Ray starts as this user in KubeRay's examples; /data is the chart's results volume.
RUN useradd --create-home --uid 1000 ray && mkdir -p /data && chown ray /data
WORKDIR /opt/reprofarm
COPY --chown=ray constraints.txt pyproject.toml README.md LICENSE ./
COPY --chown=ray orchestrator orchestrator
COPY --chown=ray device_agent device_agent
COPY --chown=ray prompts prompts
COPY --chown=ray examples examples
# Editable: prompts/ and examples/ are read beside the source tree.
RUN pip install --no-cache-dir -c constraints.txt -e '.[driver]' \
 && reprofarm --help >/dev/null && ray --version && python -c "import ray.job_submission"
USER ray
ENV PYTHONUNBUFFERED=1
