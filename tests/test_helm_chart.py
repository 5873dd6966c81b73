"""The Helm chart (helm/reprofarm): rendered offline by the Helm SDK (helm-python-sdk, Helm 4's
Go code through its C ABI) for the default values and the three CI values files, every manifest
validated against Kubernetes' own schemas (kubernetes-validate, strict: unknown fields fail) or,
for custom resources, against the vendored CRD subsets in tests/data/crd-schemas; plus what the
manifests must mean (probes, KVM, secrets, selectors that really select) and values that
values.schema.json or the chart's own checks must reject.

Needs the ``k8s`` extra (``pip install -e '.[k8s]'``); skipped with the reason otherwise.
"""

from __future__ import annotations

import json
import shlex
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

helm = pytest.importorskip(
    "helm_python", reason="helm-python-sdk is not installed: pip install -e '.[k8s]'"
)
kubernetes_validate = pytest.importorskip(
    "kubernetes_validate", reason="kubernetes-validate is not installed: pip install -e '.[k8s]'"
)
jsonschema = pytest.importorskip("jsonschema")

REPO = Path(__file__).resolve().parents[1]
CHART = REPO / "helm" / "reprofarm"
CRD_SCHEMAS = Path(__file__).resolve().parent / "data" / "crd-schemas"
KUBE_VERSION = "1.30"  # the oldest minor the chart's docs promise beyond kubeVersion's floor
NAMESPACE = "farm"
RELEASE = "rf1"
VALUES_FILES = {
    "default": None,
    "minimal": CHART / "ci" / "minimal-values.yaml",
    "production": CHART / "ci" / "production-values.yaml",
    "nightly": CHART / "ci" / "nightly-values.yaml",
}
CUSTOM_SCHEMAS = {
    ("ray.io/v1", "RayCluster"): "raycluster-ray-v1.json",
    ("ray.io/v1", "RayJob"): "rayjob-ray-v1.json",
    ("monitoring.coreos.com/v1", "ServiceMonitor"): "servicemonitor-monitoring-v1.json",
}


@cache
def chart() -> Any:
    return helm.Chart.load(str(CHART))


def values_of(name: str) -> dict[str, Any]:
    path = VALUES_FILES[name]
    return yaml.safe_load(path.read_text()) if path else {}


def render(values: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every object the chart renders (NOTES.txt left out), in template order."""
    out = chart().render(values or {}, name=RELEASE, namespace=NAMESPACE, is_install=True)
    objects = []
    for path in sorted(out):
        if path.endswith(".yaml"):
            objects.extend(d for d in yaml.safe_load_all(out[path]) if d)
    return objects


@cache
def rendered(name: str) -> tuple[dict[str, Any], ...]:
    return tuple(render(values_of(name)))


def by_kind(objects: Any, kind: str) -> list[dict[str, Any]]:
    return [o for o in objects if o["kind"] == kind]


def one(objects: Any, kind: str, name_part: str = "") -> dict[str, Any]:
    found = [o for o in by_kind(objects, kind) if name_part in o["metadata"]["name"]]
    assert len(found) == 1, f"expected one {kind} named *{name_part}*, got {len(found)}"
    return found[0]


def embedded_rayjobs(objects: Any) -> list[dict[str, Any]]:
    """RayJobs rendered directly plus the one the nightly CronJob creates (from its ConfigMap)."""
    jobs = by_kind(objects, "RayJob")
    for cm in by_kind(objects, "ConfigMap"):
        if "rayjob.yaml" in cm.get("data", {}):
            jobs.append(yaml.safe_load(cm["data"]["rayjob.yaml"]))
    return jobs


def pod_templates(obj: dict[str, Any]) -> list[dict[str, Any]]:
    """The pod templates inside a custom resource (Ray head, worker groups, submitter)."""
    spec = obj["spec"]
    clusters = [spec] if obj["kind"] == "RayCluster" else [spec.get("rayClusterSpec") or {}]
    templates = []
    for cluster in clusters:
        if "headGroupSpec" in cluster:
            templates.append(cluster["headGroupSpec"]["template"])
        templates.extend(g["template"] for g in cluster.get("workerGroupSpecs", []))
    if obj["kind"] == "RayJob" and "submitterPodTemplate" in spec:
        templates.append(spec["submitterPodTemplate"])
    return templates


def validate(obj: dict[str, Any]) -> None:
    """Raise when ``obj`` does not match its schema (strict core schema or vendored CRD)."""
    key = (obj["apiVersion"], obj["kind"])
    if key in CUSTOM_SCHEMAS:
        schema = json.loads((CRD_SCHEMAS / CUSTOM_SCHEMAS[key]).read_text())
        jsonschema.Draft202012Validator(schema).validate(obj)
        for template in pod_templates(obj):
            wrapper = {
                "apiVersion": "v1",
                "kind": "PodTemplate",
                "metadata": {"name": "embedded"},
                "template": template,
            }
            kubernetes_validate.validate(wrapper, KUBE_VERSION, strict=True)
        return
    kubernetes_validate.validate(obj, KUBE_VERSION, strict=True)


# -- every manifest is valid ----------------------------------------------------------------------
@pytest.mark.parametrize("name", list(VALUES_FILES))
def test_every_manifest_validates(name: str):
    objects = rendered(name)
    assert objects
    for obj in [*objects, *embedded_rayjobs(objects)]:
        try:
            validate(obj)
        except Exception as exc:  # noqa: BLE001 - name the object in the failure
            raise AssertionError(f"{name}: {obj['kind']} {obj['metadata']}: {exc}") from exc


EXPECTED_KINDS = {
    "default": {
        "StatefulSet", "Service", "Secret", "RayCluster", "ServiceAccount", "Role",
        "RoleBinding", "ServiceMonitor", "NetworkPolicy", "ConfigMap",
    },
    "minimal": {"StatefulSet", "Service", "Secret", "RayCluster", "ServiceAccount", "Role",
                "RoleBinding"},
    "production": {
        "StatefulSet", "Service", "RayCluster", "RayJob", "ServiceAccount", "Role",
        "RoleBinding", "ServiceMonitor", "NetworkPolicy", "ConfigMap",
    },
    "nightly": {
        "StatefulSet", "Service", "Secret", "ServiceAccount", "Role", "RoleBinding",
        "ServiceMonitor", "NetworkPolicy", "ConfigMap", "CronJob",
    },
}  # fmt: skip


@pytest.mark.parametrize("name", list(VALUES_FILES))
def test_values_files_render_the_expected_objects(name: str):
    assert {o["kind"] for o in rendered(name)} == EXPECTED_KINDS[name]


# -- device pods ----------------------------------------------------------------------------------
def containers(sts: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in sts["spec"]["template"]["spec"]["containers"]}


def test_device_pod_runs_emulator_and_adb_agent_with_grpc_readiness():
    sts = one(rendered("default"), "StatefulSet")
    c = containers(sts)
    assert set(c) == {"emulator", "agent"}
    agent = c["agent"]
    cmd = agent["command"]
    assert cmd[:3] == ["reprofarm", "agent", "serve"]
    assert cmd[cmd.index("--backend") + 1] == "adb"
    assert cmd[cmd.index("--serial") + 1] == "emulator-5554"
    assert cmd[cmd.index("--app") + 1] == "AmazeFileManager" and "--package" not in cmd
    # The emulator's console auth is off (loopback only) so the agent can drive snapshots.
    emu_cmd = c["emulator"]["command"]
    assert emu_cmd[:2] == ["sh", "-c"] and ".emulator_console_auth_token" in emu_cmd[2]
    assert emu_cmd[3:5] == ["emulator", "-avd"]
    assert c["emulator"]["command"][c["emulator"]["command"].index("-ports") + 1] == "5554,5555"
    port = int(cmd[cmd.index("--port") + 1])
    for probe in ("readinessProbe", "startupProbe", "livenessProbe"):
        assert agent[probe]["grpc"] == {"port": port}, probe
    assert int(cmd[cmd.index("--metrics-port") + 1]) == 9101
    token_env = cmd[cmd.index("--token-env") + 1]
    env = {e["name"]: e for e in agent["env"]}
    assert env[token_env]["valueFrom"]["secretKeyRef"] == {
        "name": f"{RELEASE}-reprofarm-agent-token",
        "key": "token",
    }
    secret = one(rendered("default"), "Secret")
    assert secret["metadata"]["name"] == f"{RELEASE}-reprofarm-agent-token"
    # KVM through the device plugin: a request of one unit, no privileges.
    emu = c["emulator"]
    assert emu["resources"]["limits"]["devices.kubevirt.io/kvm"] == "1"
    assert emu["resources"]["requests"]["cpu"] == "4"
    assert "securityContext" not in emu


def test_hostpath_kvm_and_golden_pvc():
    prod = one(rendered("production"), "StatefulSet")
    spec = prod["spec"]["template"]["spec"]
    emu = containers(prod)["emulator"]
    assert emu["resources"]["limits"]["squat.ai/kvm"] == "1"
    golden = {v["name"]: v for v in spec["volumes"]}
    assert golden["golden"]["persistentVolumeClaim"] == {
        "claimName": "golden-avd",
        "readOnly": True,
    }
    assert spec["initContainers"][0]["volumeMounts"][0]["readOnly"] is True
    assert {"name": "ANDROID_AVD_HOME", "value": "/avd"} in emu["env"]
    agent_cmd = containers(prod)["agent"]["command"]
    assert agent_cmd[agent_cmd.index("--serial") + 1] == "emulator-5556"
    assert agent_cmd[agent_cmd.index("--package") + 1] == "com.amaze.filemanager"
    assert agent_cmd[agent_cmd.index("--version") + 1] == "3.10" and "--app" not in agent_cmd

    nightly = one(rendered("nightly"), "StatefulSet")
    emu = containers(nightly)["emulator"]
    assert emu["securityContext"] == {"privileged": True}
    assert not any("kvm" in k for k in emu["resources"]["limits"])
    vols = {v["name"]: v for v in nightly["spec"]["template"]["spec"]["volumes"]}
    assert vols["kvm"]["hostPath"] == {"path": "/dev/kvm", "type": "CharDevice"}


# -- the orchestrator finds the devices -----------------------------------------------------------
def selector_matches(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


def agents_arg(entrypoint: str) -> str:
    words = shlex.split(entrypoint)
    assert words[0] == "reprofarm" and words[1] in ("sweep", "nightly"), words
    return words[words.index("--agents") + 1]


@pytest.mark.parametrize("name", ["production", "nightly"])
def test_rayjob_discovers_exactly_the_device_pods(name: str):
    from orchestrator.k8s import parse_k8s_url

    objects = rendered(name)
    jobs = embedded_rayjobs(objects)
    assert len(jobs) == 1
    target = parse_k8s_url(agents_arg(jobs[0]["spec"]["entrypoint"]))
    assert target.namespace == NAMESPACE
    sts = one(objects, "StatefulSet")
    pod_labels = sts["spec"]["template"]["metadata"]["labels"]
    assert selector_matches(dict(target.selector_pairs()), pod_labels)
    # Nothing else the chart runs carries the device-pool label.
    for obj in objects:
        template = (obj.get("spec") or {}).get("template") or {}
        if obj is not sts and template:
            labels = template.get("metadata", {}).get("labels", {})
            assert not selector_matches(dict(target.selector_pairs()), labels), obj["kind"]
    assert target.statefulset == sts["metadata"]["name"]  # scaling on in both files
    assert (target.min_replicas, target.max_replicas) == (
        values_min(name),
        values_of(name)["devices"]["maxReplicas"],
    )
    env = {
        e["name"]
        for e in jobs[0]["spec"]["submitterPodTemplate"]["spec"]["containers"][0].get("env", [])
    }
    assert "OPENAI_API_KEY" not in env  # keys live on the Ray pods, not in the submitter


def values_min(name: str) -> int:
    return values_of(name)["devices"].get("minReplicas", 1)


def test_shared_rayjob_targets_the_raycluster_and_secrets_reach_the_driver():
    objects = rendered("production")
    job = one(objects, "RayJob")
    cluster = one(objects, "RayCluster")
    assert job["spec"]["clusterSelector"] == {"ray.io/cluster": cluster["metadata"]["name"]}
    assert job["spec"]["shutdownAfterJobFinishes"] is False
    head = cluster["spec"]["headGroupSpec"]["template"]["spec"]
    env = {e["name"]: e for e in head["containers"][0]["env"]}
    assert env["OPENAI_API_KEY"]["valueFrom"]["secretKeyRef"] == {
        "name": "reprofarm-openai",
        "key": "OPENAI_API_KEY",
    }
    assert env["REPROFARM_AGENT_TOKEN"]["valueFrom"]["secretKeyRef"]["name"] == (
        "reprofarm-agent-token"
    )
    assert not by_kind(objects, "Secret")  # existing Secrets: the chart creates none
    assert cluster["spec"]["headGroupSpec"]["rayStartParams"]["num-cpus"] == "8"
    assert head["serviceAccountName"] == "reprofarm-driver"
    # The driver's Role allows exactly discovery and scaling of this StatefulSet.
    role = one(objects, "Role", "orchestrator")
    resources = {r: rule for rule in role["rules"] for r in rule["resources"]}
    assert set(resources["pods"]["verbs"]) == {"get", "list", "watch"}
    assert resources["statefulsets/scale"]["resourceNames"] == ["rf-device"]


def test_nightly_cronjob_creates_a_rayjob_on_schedule():
    objects = rendered("nightly")
    cron = one(objects, "CronJob")
    assert cron["spec"]["schedule"] == "30 1 * * 1-5"
    assert cron["spec"]["timeZone"] == "Europe/Berlin"
    assert cron["spec"]["concurrencyPolicy"] == "Forbid"
    pod = cron["spec"]["jobTemplate"]["spec"]["template"]["spec"]
    assert pod["containers"][0]["command"] == ["kubectl", "create", "-f", "/nightly/rayjob.yaml"]
    role = one(objects, "Role", "nightly")
    assert role["rules"] == [
        {"apiGroups": ["ray.io"], "resources": ["rayjobs"], "verbs": ["create", "get", "list"]}
    ]
    (job,) = embedded_rayjobs(objects)
    assert job["metadata"]["generateName"].endswith("-nightly-")
    assert job["spec"]["shutdownAfterJobFinishes"] is True and "rayClusterSpec" in job["spec"]
    argv = shlex.split(job["spec"]["entrypoint"])
    assert argv[:2] == ["reprofarm", "nightly"]
    assert argv[argv.index("--app") + 1] == "AmazeFileManager@3.3.2"
    assert argv[argv.index("--traces") + 1] == "/data/traces.sqlite"
    # What the chart renders is what the CLI accepts.
    from orchestrator.cli import build_parser
    from orchestrator.commands.nightly import config_from_args

    config = config_from_args(build_parser().parse_args(argv[1:]))
    assert config.nightly is not None and config.nightly.traces_path == "/data/traces.sqlite"


# -- KubeRay: the RayJobs run on the chart's RayCluster (issue 14 part 4) -------------------------
SHARED = {
    "sweep": {"enabled": True},
    "nightly": {"enabled": True},
    "metrics": {"pushgateway": {"url": "http://pushgateway.monitoring:9091"}},
}


def parsed_entrypoint(job: dict[str, Any]) -> tuple[list[str], Any]:
    """The RayJob's entrypoint words and the config the CLI builds from them."""
    from orchestrator.cli import build_parser
    from orchestrator.commands.nightly import config_from_args as nightly_config
    from orchestrator.commands.sweep import config_from_args as sweep_config

    argv = shlex.split(job["spec"]["entrypoint"])
    args = build_parser().parse_args(argv[1:])
    return argv, (nightly_config if argv[1] == "nightly" else sweep_config)(args)


def test_sweep_and_nightly_rayjobs_submit_to_the_chart_raycluster():
    from orchestrator.k8s import parse_k8s_url

    objects = render(SHARED)
    cluster = one(objects, "RayCluster")
    jobs = {shlex.split(j["spec"]["entrypoint"])[1]: j for j in embedded_rayjobs(objects)}
    assert set(jobs) == {"sweep", "nightly"}
    head = cluster["spec"]["headGroupSpec"]["template"]
    head_ports = {p["name"]: p["containerPort"] for p in head["spec"]["containers"][0]["ports"]}
    head_env = {e["name"] for e in head["spec"]["containers"][0]["env"]}
    sts = one(objects, "StatefulSet")
    ports = {}
    for command, job in jobs.items():
        spec = job["spec"]
        validate(job)
        # KubeRay's clusterSelector: the existing RayCluster by name, never a cluster of its own,
        # and never deleted when the job ends.
        assert spec["clusterSelector"] == {"ray.io/cluster": cluster["metadata"]["name"]}
        assert "rayClusterSpec" not in spec and spec["shutdownAfterJobFinishes"] is False
        assert spec["submissionMode"] == "K8sJobMode"
        argv, config = parsed_entrypoint(job)
        # The driver joins that cluster through the RAY_ADDRESS Ray's job supervisor gives the
        # entrypoint: nothing in the chart may point it elsewhere.
        assert not any(w.startswith("--ray-address") for w in argv)
        assert "RAY_ADDRESS" not in head_env
        # ... and finds the device agents through the pod source.
        target = parse_k8s_url(config.farm.agents[0])
        assert target.namespace == NAMESPACE
        assert selector_matches(
            dict(target.selector_pairs()), sts["spec"]["template"]["metadata"]["labels"]
        )
        assert config.metrics_host == "0.0.0.0"  # scraped from Prometheus' pod
        assert config.pushgateway == "http://pushgateway.monitoring:9091"
        assert config.metrics_job == f"reprofarm-{command}"
        ports[command] = config.metrics_port
    # Both drivers live on the same head at once: a port each, both declared and scraped.
    assert ports == {"sweep": 9100, "nightly": 9102}
    assert head_ports["driver-metrics"] == 9100 and head_ports["nightly-metrics"] == 9102
    driver_svc = one(objects, "Service", "driver")
    assert {p["targetPort"] for p in driver_svc["spec"]["ports"]} >= {
        "driver-metrics",
        "nightly-metrics",
    }
    sm = one(objects, "ServiceMonitor")
    assert {"driver-metrics", "nightly-metrics"} <= {e["port"] for e in sm["spec"]["endpoints"]}


def test_without_a_pushgateway_url_nothing_is_pushed():
    (job,) = embedded_rayjobs(rendered("production"))
    argv, config = parsed_entrypoint(job)
    assert "--pushgateway" not in argv and config.pushgateway == ""


def test_agent_metrics_bind_all_addresses_only_because_the_chart_says_so():
    from device_agent.cli import build_parser

    cmd = containers(one(rendered("default"), "StatefulSet"))["agent"]["command"]
    assert cmd[:3] == ["reprofarm", "agent", "serve"]
    assert build_parser().parse_args(cmd[3:]).metrics_host == "0.0.0.0"
    # Without the flag the agent stays on loopback.
    at = cmd.index("--metrics-host")
    without = cmd[3:at] + cmd[at + 2 :]
    assert build_parser().parse_args(without).metrics_host == "127.0.0.1"


# -- monitoring and network -----------------------------------------------------------------------
def test_servicemonitor_selects_services_whose_ports_it_scrapes():
    objects = rendered("default")
    sm = one(objects, "ServiceMonitor")
    selected = [
        s
        for s in by_kind(objects, "Service")
        if selector_matches(sm["spec"]["selector"]["matchLabels"], s["metadata"]["labels"])
    ]
    names = {s["metadata"]["name"] for s in selected}
    assert names == {f"{RELEASE}-reprofarm-device", f"{RELEASE}-reprofarm-driver"}
    ports = {p["name"] for s in selected for p in s["spec"]["ports"]}
    assert {e["port"] for e in sm["spec"]["endpoints"]} <= ports
    # Each Service's selector picks pods that declare the targeted ports.
    sts = one(objects, "StatefulSet")
    device_svc = next(s for s in selected if s["metadata"]["name"].endswith("device"))
    assert selector_matches(
        device_svc["spec"]["selector"], sts["spec"]["template"]["metadata"]["labels"]
    )
    head = one(objects, "RayCluster")["spec"]["headGroupSpec"]["template"]
    driver_svc = next(s for s in selected if s["metadata"]["name"].endswith("driver"))
    assert selector_matches(driver_svc["spec"]["selector"], head["metadata"]["labels"])
    head_ports = {p["name"] for p in head["spec"]["containers"][0]["ports"]}
    assert {p["targetPort"] for p in driver_svc["spec"]["ports"]} <= head_ports


def test_networkpolicy_admits_only_ray_pods_to_the_agents():
    objects = rendered("production")
    policy = one(objects, "NetworkPolicy")
    sts = one(objects, "StatefulSet")
    assert selector_matches(
        policy["spec"]["podSelector"]["matchLabels"], sts["spec"]["template"]["metadata"]["labels"]
    )
    grpc_rule, metrics_rule = policy["spec"]["ingress"]
    assert grpc_rule["ports"] == [{"protocol": "TCP", "port": 50051}]
    cluster = one(objects, "RayCluster")
    ray_pods = pod_templates(cluster)
    allowed = [p["podSelector"]["matchLabels"] for p in grpc_rule["from"]]
    for template in ray_pods:
        assert any(selector_matches(a, template["metadata"]["labels"]) for a in allowed)
    job = one(objects, "RayJob")
    submitter = job["spec"]["submitterPodTemplate"]["metadata"]["labels"]
    assert not any(selector_matches(a, submitter) for a in allowed)
    assert not any(
        selector_matches(a, sts["spec"]["template"]["metadata"]["labels"]) for a in allowed
    )
    assert metrics_rule["from"][0]["namespaceSelector"] == {
        "matchLabels": {"kubernetes.io/metadata.name": "monitoring"}
    }


def test_grafana_dashboard_configmap_carries_the_sidecar_label():
    objects = rendered("production")
    cm = one(objects, "ConfigMap", "dashboard")
    assert cm["metadata"]["labels"]["grafana_dashboard"] == "1"
    assert cm["metadata"]["namespace"] == "monitoring"
    dashboard = json.loads(cm["data"]["reprofarm.json"])
    assert dashboard == json.loads((CHART / "dashboards" / "reprofarm.json").read_text())


# -- bad values fail at install time --------------------------------------------------------------
BAD_VALUES = [
    ({"devices": {"replicas": -1}}, "/devices/replicas"),
    ({"devices": {"replicas": "four"}}, "/devices/replicas"),
    ({"devicez": {"replicas": 1}}, "devicez"),
    ({"devices": {"emulator": {"kvm": {"mode": "software"}}}}, "/devices/emulator/kvm/mode"),
    ({"devices": {"emulator": {"goldenSnapshot": {"source": "pvc"}}}}, "claimName"),
    ({"devices": {"emulator": {"consolePort": 5555}}}, "consolePort"),
    ({"devices": {"emulator": {"resources": {"requests": {"cpu": "four"}}}}}, "cpu"),
    ({"devices": {"agent": {"port": 70000}}}, "/devices/agent/port"),
    ({"nightly": {"schedule": "every night"}}, "/nightly/schedule"),
    ({"sweep": {"cluster": "mine"}}, "/sweep/cluster"),
    ({"metrics": {"serviceMonitor": {"interval": "30 seconds"}}}, "interval"),
    ({"agentToken": {"existingSecret": "Not_A_Name"}}, "existingSecret"),
    ({"metrics": {"pushgateway": {"url": "ftp://gateway:9091"}}}, "/metrics/pushgateway/url"),
    ({"driver": {"nightlyMetricsPort": 0}}, "/driver/nightlyMetricsPort"),
    ({"devices": {"app": {"name": "", "package": ""}}}, "/devices/app"),
    ({"devices": {"app": {"package": "not a package"}}}, "package"),
]


@pytest.mark.parametrize(("values", "where"), BAD_VALUES, ids=[w for _, w in BAD_VALUES])
def test_schema_rejects_bad_values(values: dict[str, Any], where: str):
    with pytest.raises(helm.HelmValuesError, match=where.replace("/", "/")):
        render(values)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"devices": {"minReplicas": 9, "maxReplicas": 8, "replicas": 4}}, "minReplicas"),
        ({"devices": {"replicas": 9, "maxReplicas": 8}}, "raise maxReplicas"),
        ({"devices": {"agent": {"port": 9101, "metricsPort": 9101}}}, "own port"),
        ({"ray": {"enabled": False}, "sweep": {"enabled": True}}, "ray.enabled"),
        ({"ray": {"enabled": False}, "nightly": {"enabled": True}}, "ray.enabled"),
        ({"driver": {"metricsPort": 9100, "nightlyMetricsPort": 9100}}, "a port each"),
        # KubeRay 1.5+ refuses the key (see test_ray_groups_pass_kuberays_label_rule).
        ({"ray": {"workers": {"rayStartParams": {"labels": "a=b"}}}}, "refused by KubeRay"),
        ({"ray": {"head": {"rayStartParams": {"labels": "a=b"}}}}, "ray.head.rayStartParams"),
    ],
)
def test_contradictory_values_fail_with_a_message(values: dict[str, Any], message: str):
    with pytest.raises(helm.HelmError, match=message):
        render(values)


def test_good_non_default_values_pass_the_schema():
    for name in VALUES_FILES:
        chart().validate_schema(values_of(name))


def test_validation_catches_mistakes_in_every_kind_of_object():
    """The validators above are not vacuous: one wrong field per kind fails."""
    import copy

    objects = {(o["kind"], o["metadata"]["name"]): o for o in rendered("production")}

    def broken(kind: str, mutate: Any) -> dict[str, Any]:
        obj = copy.deepcopy(next(o for (k, _), o in objects.items() if k == kind))
        mutate(obj)
        return obj

    def head_container(o: dict[str, Any]) -> dict[str, Any]:
        return o["spec"]["headGroupSpec"]["template"]["spec"]["containers"][0]

    cases = [
        broken("StatefulSet", lambda o: o["spec"].update(replica=3)),
        broken("Service", lambda o: o["spec"]["ports"][0].update(port="grpc")),
        broken("RayCluster", lambda o: head_container(o).update(envv=[])),
        broken("RayCluster", lambda o: o["spec"]["headGroupSpec"].update(replicas=1)),
        broken("RayJob", lambda o: o["spec"].update(schedule="0 2 * * *")),
        broken("RayJob", lambda o: o["spec"].update(shutdownAfterJobFinishes=True)),
        broken("ServiceMonitor", lambda o: o["spec"]["endpoints"][0].update(interval="30 sec")),
        broken("NetworkPolicy", lambda o: o["spec"].update(policyTypes="Ingress")),
    ]
    for obj in cases:
        with pytest.raises(Exception) as info:
            validate(obj)
        assert "ValidationError" in type(info.value).__name__, (obj["kind"], info.value)


@pytest.mark.parametrize("name", list(VALUES_FILES))
def test_helm_lint_strict_finds_nothing_above_info(name: str):
    report = helm.lint(
        str(CHART),
        values_of(name) or None,
        strict=True,
        namespace=NAMESPACE,
        kube_version="v1.30.0",
    )
    assert report["errors"] == []
    assert [m for m in report["messages"] if m["severity"] > 1] == []


# -- images: a recipe here for each, Ray as pinned (issue 29) -------------------------------------
DOCKER = REPO / "docker"
# Images the chart runs that are not built here: upstream images, used as published.
UPSTREAM_IMAGES = {"registry.k8s.io/kubectl": "Kubernetes' own kubectl image (nightly CronJob)"}


def recipes() -> dict[str, Path]:
    """Image repository -> its Dockerfile, from each ``docker/*.Dockerfile``'s ``# image:`` line."""
    found: dict[str, Path] = {}
    for dockerfile in sorted(DOCKER.glob("*.Dockerfile")):
        for line in dockerfile.read_text().splitlines():
            if line.startswith("# image:"):
                found[line.split(":", 1)[1].strip()] = dockerfile
    return found


def images(objects: Any) -> set[str]:
    """Every container and init container image of every pod the objects would run."""
    pods: list[dict[str, Any]] = []
    for obj in objects:
        spec = obj.get("spec", {})
        if obj["kind"] in ("StatefulSet", "Deployment", "DaemonSet", "Job"):
            pods.append(spec["template"])
        elif obj["kind"] == "CronJob":
            pods.append(spec["jobTemplate"]["spec"]["template"])
        elif obj["kind"] in ("RayCluster", "RayJob"):
            pods.extend(pod_templates(obj))
    pods.extend(t for job in embedded_rayjobs(objects) for t in pod_templates(job))
    return {
        c["image"]
        for pod in pods
        for c in pod["spec"].get("containers", []) + pod["spec"].get("initContainers", [])
    }


def test_every_image_the_chart_names_has_a_recipe_here():
    ours = recipes()
    assert set(ours) == {
        "ghcr.io/reprofarm/reprofarm",
        "ghcr.io/reprofarm/reprofarm-agent",
        "ghcr.io/reprofarm/android-emulator",
    }
    everything = render({"nightly": {"enabled": True}})  # the CronJob's image too
    named = {image.rsplit(":", 1)[0] for image in images(everything)}
    assert named == set(ours) | set(UPSTREAM_IMAGES), named
    # Mirrors (production values) keep the image names the recipes build.
    names = {repo.rsplit("/", 1)[-1] for repo in ours}
    for values in VALUES_FILES:
        for image in images(rendered(values)):
            repo = image.rsplit(":", 1)[0]
            assert repo in UPSTREAM_IMAGES or repo.rsplit("/", 1)[-1] in names, (values, image)


def test_device_pods_run_the_agent_image_and_ray_pods_the_driver_image():
    sts = one(rendered("default"), "StatefulSet")
    assert containers(sts)["agent"]["image"].startswith("ghcr.io/reprofarm/reprofarm-agent:")
    (cluster,) = by_kind(rendered("default"), "RayCluster")
    assert {
        c["image"].rsplit(":", 1)[0]
        for t in pod_templates(cluster)
        for c in t["spec"]["containers"]
    } == {"ghcr.io/reprofarm/reprofarm"}


def pinned(name: str) -> str:
    for line in (REPO / "constraints.txt").read_text().splitlines():
        if line.lower().startswith(f"{name}=="):
            return line.split("==", 1)[1].strip()
    raise AssertionError(f"{name} is not pinned in constraints.txt")


def test_chart_ray_version_is_the_pinned_ray_and_the_driver_image_has_the_jobs_cli():
    values = yaml.safe_load((CHART / "values.yaml").read_text())
    assert values["ray"]["rayVersion"] == pinned("ray")
    for obj in rendered("nightly"):
        if obj["kind"] in ("RayCluster", "RayJob"):
            spec = obj["spec"] if obj["kind"] == "RayCluster" else obj["spec"]["rayClusterSpec"]
            if spec:
                assert spec["rayVersion"] == pinned("ray")
    # The RayJob submitter runs `ray job submit`: ray[default], the `driver` extra, which the
    # driver image installs under the same constraints.
    import tomllib

    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert any(d.replace(" ", "").startswith("ray[default]") for d in extras["driver"])
    driver = (DOCKER / "driver.Dockerfile").read_text()
    assert "-c constraints.txt" in driver and "'.[driver]'" in driver
    assert "-c constraints.txt" in (DOCKER / "agent.Dockerfile").read_text()
    # Every package ray[default] brings is pinned: pip's resolution of the extra under the
    # constraints, recorded when they were regenerated, is in the file.
    for name in ("aiohttp-cors", "opencensus", "py-spy", "smart_open", "virtualenv", "colorful"):
        assert pinned(name)


# -- Ray node labels that KubeRay 1.5+ accepts ---------------------------------------------------
# KubeRay 1.5 (ray-project/kuberay#4106, ray-operator/controllers/ray/utils/validation.go,
# validateRayGroupLabels) rejects every group whose rayStartParams has the key "labels"
# ("rayStartParams['labels'] is not supported ... please use the top-level Labels field"), and
# the top-level `labels` map takes static values that must be valid Kubernetes label values
# (no "$(K8S_NODE_NAME)"). The chart labels each Ray node with its Kubernetes node through
# `ray start --labels-file`, a file an init container writes from the downward API.
def test_ray_groups_pass_kuberays_label_rule_and_carry_their_node_name(tmp_path: Path):
    import subprocess

    from ray._private.label_utils import parse_node_labels_from_yaml_file

    for values in VALUES_FILES:
        for obj in rendered(values):
            if obj["kind"] not in ("RayCluster", "RayJob"):
                continue
            spec = obj["spec"] if obj["kind"] == "RayCluster" else obj["spec"].get("rayClusterSpec")
            if not spec:
                continue
            groups = [spec["headGroupSpec"], *spec.get("workerGroupSpecs", [])]
            for group in groups:
                params = group["rayStartParams"]
                assert "labels" not in params, (values, obj["metadata"])
                assert "labels" not in group  # no static top-level labels either
                path = params["labels-file"]
                pod = group["template"]["spec"]
                (init,) = [c for c in pod["initContainers"] if c["name"] == "ray-node-labels"]
                env = {e["name"]: e for e in init["env"]}
                assert env["K8S_NODE_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "spec.nodeName"
                mounts = {m["name"]: m["mountPath"] for m in pod["containers"][0]["volumeMounts"]}
                assert path.startswith(mounts["ray-labels"] + "/")
    # The init container's command, run by a real shell, writes a file Ray's own parser reads.
    command = init["command"][2].replace("/ray-labels/", f"{tmp_path}/")
    subprocess.run(
        ["sh", "-c", command], env={"K8S_NODE_NAME": "gke-kvm-pool-7"}, check=True, timeout=10
    )
    labels = parse_node_labels_from_yaml_file(str(tmp_path / "labels.yaml"))
    assert labels == {"reprofarm.io/k8s-node": "gke-kvm-pool-7"}
