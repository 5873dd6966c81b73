{{/* Chart name, truncated to the 63 characters a label value allows. */}}
{{- define "reprofarm.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* "<release>-<chart>" (or fullnameOverride), the prefix of every resource name. */}}
{{- define "reprofarm.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 40 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "reprofarm.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels every object carries. */}}
{{- define "reprofarm.labels" -}}
helm.sh/chart: {{ include "reprofarm.chart" . }}
app.kubernetes.io/name: {{ include "reprofarm.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: reprofarm
{{- end }}

{{/* Selector labels of one component: call with (dict "ctx" $ "component" "device"). */}}
{{- define "reprofarm.selectorLabels" -}}
app.kubernetes.io/name: {{ include "reprofarm.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* The label selector the driver's k8s:// discovery uses to find device pods: one label, so
the --agents value has no comma (the CLI splits host:port lists on commas). */}}
{{- define "reprofarm.deviceSelector" -}}
{{- printf "reprofarm.io/device-pool=%s" (include "reprofarm.devicesName" .) }}
{{- end }}

{{- define "reprofarm.devicesName" -}}
{{- printf "%s-device" (include "reprofarm.fullname" .) }}
{{- end }}

{{- define "reprofarm.rayClusterName" -}}
{{- printf "%s-ray" (include "reprofarm.fullname" .) }}
{{- end }}

{{- define "reprofarm.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (printf "%s-orchestrator" (include "reprofarm.fullname" .)) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "reprofarm.agentTokenSecret" -}}
{{- default (printf "%s-agent-token" (include "reprofarm.fullname" .)) .Values.agentToken.existingSecret }}
{{- end }}

{{- define "reprofarm.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}

{{/* Environment of every orchestrator container (Ray head, workers, submitters). */}}
{{- define "reprofarm.orchestratorEnv" -}}
- name: REPROFARM_AGENT_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ include "reprofarm.agentTokenSecret" . }}
      key: {{ .Values.agentToken.key }}
{{- if .Values.openai.existingSecret }}
- name: OPENAI_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.openai.existingSecret }}
      key: {{ .Values.openai.key }}
{{- end }}
{{- if .Values.openai.baseUrl }}
- name: OPENAI_BASE_URL
  value: {{ .Values.openai.baseUrl | quote }}
{{- end }}
- name: POD_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
{{- end }}

{{/* Volumes with the /data volume of the orchestrator pods. */}}
{{- define "reprofarm.dataVolume" -}}
- name: data
{{- if .Values.ray.dataClaim }}
  persistentVolumeClaim:
    claimName: {{ .Values.ray.dataClaim }}
{{- else }}
  emptyDir: {}
{{- end }}
{{- end }}

{{/* The Ray node label holding the Kubernetes node a Ray pod runs on: the driver puts a device's
worker on the Ray node of the device pod's Kubernetes node (orchestrator/ray_cluster.py matches
label values). KubeRay 1.5+ refuses rayStartParams['labels'] and its top-level `labels` take
static values only, so an init container writes the node name into a file `ray start
--labels-file` reads (docs/deploy.md, decision 0036). */}}
{{- define "reprofarm.rayNodeLabelKey" -}}reprofarm.io/k8s-node{{- end }}
{{- define "reprofarm.rayLabelsFile" -}}/ray-labels/labels.yaml{{- end }}

{{/* A Ray pod template: call with (dict "ctx" $ "role" "head"|"worker" "spec" .Values.ray.head). */}}
{{- define "reprofarm.rayPodTemplate" -}}
{{- $ctx := .ctx }}
metadata:
  labels:
    {{- include "reprofarm.labels" $ctx | nindent 4 }}
    app.kubernetes.io/component: {{ printf "ray-%s" .role }}
spec:
  serviceAccountName: {{ include "reprofarm.serviceAccountName" $ctx }}
  {{- with $ctx.Values.imagePullSecrets }}
  imagePullSecrets:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with .spec.nodeSelector }}
  nodeSelector:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with .spec.tolerations }}
  tolerations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  initContainers:
    # The Ray node label with this pod's Kubernetes node, for `ray start --labels-file`.
    - name: ray-node-labels
      image: {{ include "reprofarm.image" $ctx }}
      imagePullPolicy: {{ $ctx.Values.image.pullPolicy }}
      command:
        - sh
        - -c
        - {{ printf "printf '%s: \"%%s\"\\n' \"$K8S_NODE_NAME\" > %s" (include "reprofarm.rayNodeLabelKey" $ctx) (include "reprofarm.rayLabelsFile" $ctx) | quote }}
      env:
        - name: K8S_NODE_NAME
          valueFrom:
            fieldRef:
              fieldPath: spec.nodeName
      resources:
        requests:
          cpu: 10m
          memory: 16Mi
        limits:
          memory: 64Mi
      volumeMounts:
        - name: ray-labels
          mountPath: /ray-labels
  containers:
    - name: {{ printf "ray-%s" .role }}
      image: {{ include "reprofarm.image" $ctx }}
      imagePullPolicy: {{ $ctx.Values.image.pullPolicy }}
      env:
        {{- include "reprofarm.orchestratorEnv" $ctx | nindent 8 }}
      {{- if eq .role "head" }}
      ports:
        - name: gcs
          containerPort: 6379
        - name: dashboard
          containerPort: 8265
        - name: client
          containerPort: 10001
        # "metrics" is KubeRay's name for Ray's own metrics port; the driver's is apart.
        - name: metrics
          containerPort: {{ $ctx.Values.metrics.rayMetricsPort }}
        - name: driver-metrics
          containerPort: {{ $ctx.Values.driver.metricsPort }}
        - name: nightly-metrics
          containerPort: {{ $ctx.Values.driver.nightlyMetricsPort }}
      {{- end }}
      resources:
        {{- toYaml .spec.resources | nindent 8 }}
      volumeMounts:
        - name: data
          mountPath: /data
        - name: dshm
          mountPath: /dev/shm
        - name: ray-labels
          mountPath: /ray-labels
          readOnly: true
  volumes:
    {{- include "reprofarm.dataVolume" $ctx | nindent 4 }}
    - name: dshm
      emptyDir:
        medium: Memory
    - name: ray-labels
      emptyDir: {}
{{- end }}

{{/* ray start parameters: strings only (KubeRay's map[string]string). */}}
{{- define "reprofarm.rayStartParams" -}}
{{- $params := dict "metrics-export-port" (toString .ctx.Values.metrics.rayMetricsPort) "labels-file" (include "reprofarm.rayLabelsFile" .ctx) }}
{{- if eq .role "head" }}
{{- $_ := set $params "dashboard-host" "0.0.0.0" }}
{{- end }}
{{- range $k, $v := .spec.rayStartParams }}
{{- $_ := set $params $k (toString $v) }}
{{- end }}
{{- toYaml $params }}
{{- end }}

{{/* The RayCluster spec, shared by the RayCluster and RayJobs that start their own cluster. */}}
{{- define "reprofarm.rayClusterSpec" -}}
{{- $ctx := . }}
rayVersion: {{ .Values.ray.rayVersion | quote }}
enableInTreeAutoscaling: {{ .Values.ray.autoscaling }}
headGroupSpec:
  rayStartParams:
    {{- include "reprofarm.rayStartParams" (dict "ctx" $ctx "role" "head" "spec" .Values.ray.head) | nindent 4 }}
  template:
    {{- include "reprofarm.rayPodTemplate" (dict "ctx" $ctx "role" "head" "spec" .Values.ray.head) | nindent 4 }}
{{- if .Values.ray.workers.enabled }}
workerGroupSpecs:
  - groupName: workers
    replicas: {{ .Values.ray.workers.replicas }}
    minReplicas: {{ .Values.ray.workers.minReplicas }}
    maxReplicas: {{ .Values.ray.workers.maxReplicas }}
    rayStartParams:
      {{- include "reprofarm.rayStartParams" (dict "ctx" $ctx "role" "worker" "spec" .Values.ray.workers) | nindent 6 }}
    template:
      {{- include "reprofarm.rayPodTemplate" (dict "ctx" $ctx "role" "worker" "spec" .Values.ray.workers) | nindent 6 }}
{{- end }}
{{- end }}

{{/* `reprofarm sweep` or `reprofarm nightly` with the chart's own flags: call with
(dict "ctx" $ "command" "sweep"|"nightly" "args" list). No --ray-address: Ray's job supervisor
sets RAY_ADDRESS for the entrypoint to the cluster the RayJob was submitted to. */}}
{{- define "reprofarm.sweepEntrypoint" -}}
{{- $ctx := .ctx }}
{{- $cmd := list "reprofarm" (.command | default "sweep") }}
{{- range .args }}{{ $cmd = append $cmd (toString .) }}{{ end }}
{{- $agents := printf "k8s://%s/%s" $ctx.Release.Namespace (include "reprofarm.deviceSelector" $ctx) }}
{{- if .scale }}
{{- $agents = printf "%s?scale=%s&min=%d&max=%d" $agents (include "reprofarm.devicesName" $ctx) (int $ctx.Values.devices.minReplicas) (int $ctx.Values.devices.maxReplicas) }}
{{- end }}
{{- $cmd = append $cmd "--agents" }}
{{- $cmd = append $cmd $agents }}
{{- $cmd = append $cmd "--token-env" }}
{{- $cmd = append $cmd "REPROFARM_AGENT_TOKEN" }}
{{- $cmd = append $cmd "--metrics-port" }}
{{- $port := $ctx.Values.driver.metricsPort }}
{{- if eq (.command | default "sweep") "nightly" }}{{ $port = $ctx.Values.driver.nightlyMetricsPort }}{{ end }}
{{- $cmd = append $cmd (toString $port) }}
{{- $cmd = append $cmd "--metrics-host" }}
{{- $cmd = append $cmd "0.0.0.0" }}
{{- with $ctx.Values.metrics.pushgateway.url }}
{{- $cmd = append $cmd "--pushgateway" }}
{{- $cmd = append $cmd . }}
{{- end }}
{{- $quoted := list }}
{{- range $cmd }}{{ $quoted = append $quoted (squote .) }}{{ end }}
{{- join " " $quoted }}
{{- end }}

{{/* A RayJob spec: call with (dict "ctx" $ "run" .Values.sweep|.Values.nightly "command"
"sweep"|"nightly" "scale" bool). */}}
{{- define "reprofarm.rayJobSpec" -}}
{{- $ctx := .ctx }}
entrypoint: {{ include "reprofarm.sweepEntrypoint" (dict "ctx" $ctx "command" .command "args" .run.args "scale" .scale) | quote }}
submissionMode: K8sJobMode
{{- if .run.activeDeadlineSeconds }}
activeDeadlineSeconds: {{ .run.activeDeadlineSeconds }}
{{- end }}
{{- if eq .run.cluster "shared" }}
clusterSelector:
  ray.io/cluster: {{ include "reprofarm.rayClusterName" $ctx }}
shutdownAfterJobFinishes: false
{{- else }}
shutdownAfterJobFinishes: true
ttlSecondsAfterFinished: {{ .run.ttlSecondsAfterFinished }}
rayClusterSpec:
  {{- include "reprofarm.rayClusterSpec" $ctx | nindent 2 }}
{{- end }}
submitterPodTemplate:
  metadata:
    labels:
      {{- include "reprofarm.labels" $ctx | nindent 6 }}
      app.kubernetes.io/component: ray-submitter
  spec:
    restartPolicy: Never
    serviceAccountName: {{ include "reprofarm.serviceAccountName" $ctx }}
    containers:
      - name: ray-job-submitter
        image: {{ include "reprofarm.image" $ctx }}
        imagePullPolicy: {{ $ctx.Values.image.pullPolicy }}
        resources:
          requests:
            cpu: 100m
            memory: 256Mi
          limits:
            memory: 512Mi
{{- end }}

{{/* Checks across values that values.schema.json cannot express (it cannot compare numbers). */}}
{{- define "reprofarm.validate" -}}
{{- $d := .Values.devices }}
{{- if gt (int $d.minReplicas) (int $d.maxReplicas) }}
{{- fail (printf "devices.minReplicas (%d) is above devices.maxReplicas (%d): lower minReplicas or raise maxReplicas" (int $d.minReplicas) (int $d.maxReplicas)) }}
{{- end }}
{{- if gt (int $d.replicas) (int $d.maxReplicas) }}
{{- fail (printf "devices.replicas (%d) is above devices.maxReplicas (%d): the driver would scale it down; raise maxReplicas" (int $d.replicas) (int $d.maxReplicas)) }}
{{- end }}
{{- if eq (int .Values.driver.metricsPort) (int .Values.driver.nightlyMetricsPort) }}
{{- fail (printf "driver.metricsPort and driver.nightlyMetricsPort are both %d: a sweep and a nightly run on the shared Ray head need a port each" (int .Values.driver.metricsPort)) }}
{{- end }}
{{- if eq (int $d.agent.port) (int $d.agent.metricsPort) }}
{{- fail (printf "devices.agent.port and devices.agent.metricsPort are both %d: give the metrics endpoint its own port" (int $d.agent.port)) }}
{{- end }}
{{- range $group := list "head" "workers" }}
{{- if hasKey (index $.Values.ray $group).rayStartParams "labels" }}
{{- fail (printf "ray.%s.rayStartParams.labels is refused by KubeRay 1.5 and later (rayStartParams['labels'] is not supported): the chart already labels each Ray node with its Kubernetes node (%s, via --labels-file)" $group (include "reprofarm.rayNodeLabelKey" $)) }}
{{- end }}
{{- end }}
{{- if and (or .Values.sweep.enabled .Values.nightly.enabled) (not .Values.ray.enabled) (or (eq .Values.sweep.cluster "shared") (and .Values.nightly.enabled (eq .Values.nightly.cluster "shared"))) }}
{{- fail "a sweep or nightly run with cluster: shared needs ray.enabled: true (or use cluster: own)" }}
{{- end }}
{{- end }}
