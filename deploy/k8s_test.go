package deploy_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// The Secret the operator creates; its keys are documented in secretsDoc.
const (
	secretName = "intel402-secrets"
	secretsDoc = "k8s/secrets.env.example"
	// ingressNamespace is the only namespace allowed to reach the pods.
	ingressNamespace = "ingress-nginx"
)

// egressAllowed are the only egress ports a NetworkPolicy may open:
// DNS, HTTPS, HTTP (website fetchers), Redis and OTLP/HTTP.
var egressAllowed = map[string]bool{"UDP/53": true, "TCP/53": true, "TCP/443": true, "TCP/80": true, "TCP/6379": true, "TCP/4318": true}

// egressRequired must be open for the services to work at all.
var egressRequired = []string{"UDP/53", "TCP/53", "TCP/443", "TCP/6379"}

// rendered is one kustomization's output, decoded strictly into API types.
type rendered struct {
	deployments  map[string]*appsv1.Deployment
	services     map[string]*corev1.Service
	configMaps   map[string]*corev1.ConfigMap
	hpas         map[string]*autoscalingv2.HorizontalPodAutoscaler
	pdbs         map[string]*policyv1.PodDisruptionBudget
	netpols      map[string]*networkingv1.NetworkPolicy
	ingresses    map[string]*networkingv1.Ingress
	namespaces   map[string]bool // metadata.namespace of every object
	objectLabels []map[string]string
}

// render builds the kustomization in dir with kustomize's Go API (what
// `kubectl kustomize` runs) and decodes every object strictly: a field the
// API type does not have is an error.
func render(t *testing.T, dir string) *rendered {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), abs)
	if err != nil {
		t.Fatalf("kustomize build %s: %v", dir, err)
	}
	r := &rendered{
		deployments: map[string]*appsv1.Deployment{}, services: map[string]*corev1.Service{},
		configMaps: map[string]*corev1.ConfigMap{}, hpas: map[string]*autoscalingv2.HorizontalPodAutoscaler{},
		pdbs: map[string]*policyv1.PodDisruptionBudget{}, netpols: map[string]*networkingv1.NetworkPolicy{},
		ingresses: map[string]*networkingv1.Ingress{}, namespaces: map[string]bool{},
	}
	for _, res := range m.Resources() {
		b, err := res.AsYAML()
		if err != nil {
			t.Fatal(err)
		}
		gvk := res.GetGvk()
		id := fmt.Sprintf("%s %s/%s %s", dir, gvk.Group, gvk.Version+"/"+gvk.Kind, res.GetName())
		var obj interface {
			GetName() string
			GetNamespace() string
			GetLabels() map[string]string
		}
		switch key := gvk.Group + "/" + gvk.Version + "/" + gvk.Kind; key {
		case "apps/v1/Deployment":
			o := &appsv1.Deployment{}
			decode(t, id, b, o)
			r.deployments[o.Name], obj = o, o
		case "/v1/Service":
			o := &corev1.Service{}
			decode(t, id, b, o)
			r.services[o.Name], obj = o, o
		case "/v1/ConfigMap":
			o := &corev1.ConfigMap{}
			decode(t, id, b, o)
			r.configMaps[o.Name], obj = o, o
		case "autoscaling/v2/HorizontalPodAutoscaler":
			o := &autoscalingv2.HorizontalPodAutoscaler{}
			decode(t, id, b, o)
			r.hpas[o.Name], obj = o, o
		case "policy/v1/PodDisruptionBudget":
			o := &policyv1.PodDisruptionBudget{}
			decode(t, id, b, o)
			r.pdbs[o.Name], obj = o, o
		case "networking.k8s.io/v1/NetworkPolicy":
			o := &networkingv1.NetworkPolicy{}
			decode(t, id, b, o)
			r.netpols[o.Name], obj = o, o
		case "networking.k8s.io/v1/Ingress":
			o := &networkingv1.Ingress{}
			decode(t, id, b, o)
			r.ingresses[o.Name], obj = o, o
		default:
			t.Fatalf("%s: unexpected kind %s (extend the test when adding one)", id, key)
		}
		r.namespaces[obj.GetNamespace()] = true
		r.objectLabels = append(r.objectLabels, obj.GetLabels())
	}
	return r
}

// decode unmarshals YAML into the API type, rejecting unknown and
// duplicate fields.
func decode(t *testing.T, id string, b []byte, into any) {
	t.Helper()
	if err := yaml.UnmarshalStrict(b, into); err != nil {
		t.Fatalf("%s: strict decode: %v", id, err)
	}
}

// kustomizations are the directories rendered, with the namespace every
// object must be in ("" = none set).
var kustomizations = []struct {
	dir, namespace string
}{
	{"k8s/base", ""},
	{"k8s/overlays/dev", "intel402-dev"},
	{"k8s/overlays/production", "intel402"},
}

func TestKustomizations(t *testing.T) {
	documented := envFile(t, secretsDoc)
	hosts := map[string]string{} // host -> kustomization, across all of them
	for _, kz := range kustomizations {
		t.Run(filepath.Base(kz.dir), func(t *testing.T) {
			r := render(t, kz.dir)
			if len(r.namespaces) != 1 || !r.namespaces[kz.namespace] {
				t.Errorf("namespaces %v, want only %q", r.namespaces, kz.namespace)
			}
			for _, l := range r.objectLabels {
				if l["app.kubernetes.io/part-of"] != "intel402" {
					t.Errorf("object without app.kubernetes.io/part-of=intel402: %v", l)
				}
			}
			if len(r.deployments) != len(services) {
				t.Errorf("%d Deployments, want one per service (%d)", len(r.deployments), len(services))
			}
			secretKeys := map[string]bool{}
			for name, s := range services {
				t.Run(name, func(t *testing.T) { checkService(t, r, s, documented, secretKeys) })
			}
			// One Ingress per base URL: each service its own host, and no
			// host shared between overlays.
			if len(r.ingresses) != len(services) {
				t.Errorf("%d Ingresses, want one per service", len(r.ingresses))
			}
			for name, ing := range r.ingresses {
				for _, rule := range ing.Spec.Rules {
					if prev, ok := hosts[rule.Host]; ok {
						t.Errorf("host %s of %s also used by %s", rule.Host, name, prev)
					}
					hosts[rule.Host] = kz.dir + " " + name
				}
			}
			if kz.namespace == "" { // the base's placeholders are the overlays' to replace
				clear(hosts)
			}
			// Every documented key is read by some Deployment, and the other way round.
			for k := range documented {
				if !secretKeys[k] {
					t.Errorf("%s documents %s, which no Deployment reads", secretsDoc, k)
				}
			}
			if len(r.configMaps) != len(services) {
				t.Errorf("%d ConfigMaps, want one per service", len(r.configMaps))
			}
		})
	}
}

// checkService checks the objects of one service in a rendering.
func checkService(t *testing.T, r *rendered, s service, documented map[string]string, secretKeys map[string]bool) {
	d := r.deployments[s.name]
	if d == nil {
		t.Fatalf("no Deployment %s", s.name)
	}
	pod := d.Spec.Template
	if d.Spec.Selector == nil || !selects(d.Spec.Selector.MatchLabels, pod.Labels) || len(d.Spec.Selector.MatchExpressions) != 0 {
		t.Errorf("Deployment selector %v does not select its pods %v", d.Spec.Selector, pod.Labels)
	}
	var replicas int32
	if d.Spec.Replicas != nil {
		replicas = *d.Spec.Replicas
	}
	if replicas < 2 {
		t.Errorf("Deployment replicas %s, want >= 2", ptrString(d.Spec.Replicas))
	}

	// Security context: the pod's and the container's.
	ps := pod.Spec.SecurityContext
	if ps == nil || ps.RunAsNonRoot == nil || !*ps.RunAsNonRoot {
		t.Error("pod securityContext.runAsNonRoot is not true")
	}
	if ps == nil || ps.SeccompProfile == nil || ps.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		t.Error("pod securityContext.seccompProfile is not RuntimeDefault")
	}
	if ps != nil && ps.RunAsUser != nil && *ps.RunAsUser == 0 {
		t.Error("pod runs as uid 0")
	}
	if pod.Spec.AutomountServiceAccountToken == nil || *pod.Spec.AutomountServiceAccountToken {
		t.Error("automountServiceAccountToken is not false")
	}
	if pod.Spec.HostNetwork || pod.Spec.HostPID || pod.Spec.HostIPC {
		t.Error("pod shares a host namespace")
	}
	if len(pod.Spec.TopologySpreadConstraints) == 0 {
		t.Error("no topologySpreadConstraints")
	}
	for _, c := range pod.Spec.TopologySpreadConstraints {
		if c.LabelSelector == nil || !selects(c.LabelSelector.MatchLabels, pod.Labels) || c.MaxSkew < 1 {
			t.Errorf("topologySpreadConstraint %s does not select the pods", c.TopologyKey)
		}
	}
	if len(pod.Spec.Containers) != 1 || len(pod.Spec.InitContainers) != 0 {
		t.Fatalf("want exactly one container, have %d (+%d init)", len(pod.Spec.Containers), len(pod.Spec.InitContainers))
	}
	c := pod.Spec.Containers[0]
	cs := c.SecurityContext
	switch {
	case cs == nil:
		t.Fatal("container has no securityContext")
	case cs.AllowPrivilegeEscalation == nil || *cs.AllowPrivilegeEscalation:
		t.Error("container allowPrivilegeEscalation is not false")
	case cs.ReadOnlyRootFilesystem == nil || !*cs.ReadOnlyRootFilesystem:
		t.Error("container readOnlyRootFilesystem is not true")
	case cs.Capabilities == nil || !slices.Equal(cs.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(cs.Capabilities.Add) != 0:
		t.Errorf("container capabilities %v, want drop [ALL] and no add", cs.Capabilities)
	case cs.Privileged != nil && *cs.Privileged:
		t.Error("container is privileged")
	case cs.RunAsNonRoot != nil && !*cs.RunAsNonRoot:
		t.Error("container runAsNonRoot is false")
	case cs.SeccompProfile != nil && cs.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault:
		t.Errorf("container seccompProfile %v", cs.SeccompProfile.Type)
	}

	// Resources: requests and limits for CPU and memory, requests <= limits.
	for _, res := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		req, hasReq := c.Resources.Requests[res]
		lim, hasLim := c.Resources.Limits[res]
		if !hasReq || !hasLim || req.Cmp(lim) > 0 || req.IsZero() {
			t.Errorf("resources %s: request %v limit %v, want both set and request <= limit", res, req.String(), lim.String())
		}
	}

	// The port: one named http, the service's port, and PORT says the same.
	if len(c.Ports) != 1 || c.Ports[0].Name != "http" || int(c.Ports[0].ContainerPort) != s.port {
		t.Errorf("container ports %+v, want [http %d]", c.Ports, s.port)
	}

	// Probes: HTTP GET on the health path at the service's port.
	for name, p := range map[string]*corev1.Probe{"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe, "startup": c.StartupProbe} {
		switch {
		case p == nil:
			t.Errorf("no %sProbe", name)
		case p.HTTPGet == nil:
			t.Errorf("%sProbe is not httpGet", name)
		case p.HTTPGet.Path != s.health:
			t.Errorf("%sProbe path %s, want %s", name, p.HTTPGet.Path, s.health)
		case containerPort(c, p.HTTPGet.Port.String()) != s.port:
			t.Errorf("%sProbe port %s is not %d", name, p.HTTPGet.Port.String(), s.port)
		}
	}
	if c.LivenessProbe != nil && c.ReadinessProbe != nil &&
		c.LivenessProbe.FailureThreshold*c.LivenessProbe.PeriodSeconds <= c.ReadinessProbe.FailureThreshold*c.ReadinessProbe.PeriodSeconds {
		t.Error("liveness gives up no later than readiness: a slow pod is restarted instead of taken out of rotation")
	}

	checkEnv(t, r, s, c, documented, secretKeys)

	// Service: selects the pods, targets the http port.
	svc := r.services[s.name]
	if svc == nil {
		t.Fatalf("no Service %s", s.name)
	}
	if !selects(svc.Spec.Selector, pod.Labels) || len(svc.Spec.Selector) == 0 {
		t.Errorf("Service selector %v does not select the pods", svc.Spec.Selector)
	}
	if len(svc.Spec.Ports) != 1 || containerPort(c, svc.Spec.Ports[0].TargetPort.String()) != s.port || svc.Spec.Ports[0].Name != "http" {
		t.Errorf("Service ports %+v do not target %d", svc.Spec.Ports, s.port)
	}

	// HPA on the Deployment, at least 2 replicas.
	hpa := r.hpas[s.name]
	switch {
	case hpa == nil:
		t.Error("no HorizontalPodAutoscaler")
	case hpa.Spec.ScaleTargetRef != autoscalingv2.CrossVersionObjectReference{APIVersion: "apps/v1", Kind: "Deployment", Name: s.name}:
		t.Errorf("HPA targets %+v", hpa.Spec.ScaleTargetRef)
	case hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 || hpa.Spec.MaxReplicas < *hpa.Spec.MinReplicas:
		t.Errorf("HPA replicas %s..%d, want min >= 2 <= max", ptrString(hpa.Spec.MinReplicas), hpa.Spec.MaxReplicas)
	case replicas < *hpa.Spec.MinReplicas || replicas > hpa.Spec.MaxReplicas:
		t.Errorf("Deployment replicas %d outside the HPA's %d..%d", replicas, *hpa.Spec.MinReplicas, hpa.Spec.MaxReplicas)
	case len(hpa.Spec.Metrics) == 0:
		t.Error("HPA has no metrics")
	}
	for _, m := range hpaMetrics(hpa) {
		if m.Type != autoscalingv2.ResourceMetricSourceType || m.Resource == nil {
			continue
		}
		if _, ok := c.Resources.Requests[m.Resource.Name]; !ok {
			t.Errorf("HPA scales on %s utilisation, which the container does not request", m.Resource.Name)
		}
	}

	// PDB: selects the pods, leaves at least one up, allows evictions at 2 replicas.
	pdb := r.pdbs[s.name]
	switch {
	case pdb == nil:
		t.Error("no PodDisruptionBudget")
	case pdb.Spec.Selector == nil || !selects(pdb.Spec.Selector.MatchLabels, pod.Labels):
		t.Error("PodDisruptionBudget does not select the pods")
	case pdb.Spec.MinAvailable == nil || pdb.Spec.MinAvailable.IntValue() < 1 || pdb.Spec.MinAvailable.IntValue() >= int(replicas):
		t.Errorf("PodDisruptionBudget minAvailable %v, want 1..minReplicas-1", pdb.Spec.MinAvailable)
	}

	checkNetworkPolicy(t, r.netpols[s.name], pod.Labels, s.port)
	checkIngress(t, r.ingresses[s.name], svc)
}

// checkEnv checks every variable the container gets: each is one the
// service reads; secrets come only from the Secret; the Secret keys are the
// variable names and documented; the ConfigMap exists.
func checkEnv(t *testing.T, r *rendered, s service, c corev1.Container, documented map[string]string, secretKeys map[string]bool) {
	t.Helper()
	seen := map[string]string{} // name -> source
	add := func(name, source string) {
		if prev, dup := seen[name]; dup {
			t.Errorf("env %s set twice (%s and %s)", name, prev, source)
		}
		seen[name] = source
		if !s.env[name] {
			t.Errorf("env %s (%s): %s does not read it", name, source, s.name)
		}
	}
	for _, from := range c.EnvFrom {
		switch {
		case from.ConfigMapRef != nil && from.Prefix == "":
			cm := r.configMaps[from.ConfigMapRef.Name]
			if cm == nil {
				t.Errorf("envFrom ConfigMap %s not rendered", from.ConfigMapRef.Name)
				continue
			}
			for k := range cm.Data {
				add(k, "ConfigMap "+cm.Name)
				if s.secret(k) {
					t.Errorf("secret %s in ConfigMap %s", k, cm.Name)
				}
			}
			if len(cm.BinaryData) != 0 {
				t.Errorf("ConfigMap %s has binaryData", cm.Name)
			}
		default:
			// A secretRef's keys cannot be checked here: name each key.
			t.Errorf("envFrom %+v: only ConfigMaps without prefix (Secrets by secretKeyRef)", from)
		}
	}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			add(e.Name, "value")
			if s.secret(e.Name) {
				t.Errorf("secret %s has a literal value", e.Name)
			}
			if e.Name == "PORT" && e.Value != fmt.Sprint(s.port) {
				t.Errorf("PORT=%s, want %d", e.Value, s.port)
			}
		case e.ValueFrom.SecretKeyRef != nil:
			ref := e.ValueFrom.SecretKeyRef
			add(e.Name, "Secret "+ref.Name)
			if ref.Name != secretName || ref.Key != e.Name {
				t.Errorf("env %s from Secret %s key %s, want %s key %s", e.Name, ref.Name, ref.Key, secretName, e.Name)
			}
			if _, ok := documented[ref.Key]; !ok {
				t.Errorf("Secret key %s not documented in %s", ref.Key, secretsDoc)
			}
			secretKeys[ref.Key] = true
			if e.Name == "X402_PAY_TO" && ref.Optional != nil && *ref.Optional {
				t.Error("X402_PAY_TO is optional: the pod would start without a receiving address")
			}
		default:
			t.Errorf("env %s: unexpected valueFrom %+v", e.Name, e.ValueFrom)
		}
	}
	// Every secret the service reads is available from the Secret.
	for name := range s.env {
		if s.secret(name) && seen[name] == "" {
			t.Errorf("secret %s is not wired from %s", name, secretName)
		}
	}
	if seen["X402_PAY_TO"] == "" {
		t.Error("X402_PAY_TO is not set")
	}
}

func checkNetworkPolicy(t *testing.T, np *networkingv1.NetworkPolicy, podLabels map[string]string, port int) {
	t.Helper()
	if np == nil {
		t.Error("no NetworkPolicy")
		return
	}
	if !selects(np.Spec.PodSelector.MatchLabels, podLabels) || len(np.Spec.PodSelector.MatchLabels) == 0 {
		t.Error("NetworkPolicy does not select the pods")
	}
	if !slices.Equal(np.Spec.PolicyTypes, []networkingv1.PolicyType{networkingv1.PolicyTypeIngress, networkingv1.PolicyTypeEgress}) {
		t.Errorf("NetworkPolicy policyTypes %v, want [Ingress Egress]", np.Spec.PolicyTypes)
	}
	if len(np.Spec.Ingress) != 1 {
		t.Fatalf("NetworkPolicy has %d ingress rules, want 1", len(np.Spec.Ingress))
	}
	in := np.Spec.Ingress[0]
	if len(in.From) != 1 || in.From[0].PodSelector != nil || in.From[0].IPBlock != nil || in.From[0].NamespaceSelector == nil ||
		in.From[0].NamespaceSelector.MatchLabels["kubernetes.io/metadata.name"] != ingressNamespace || len(in.From[0].NamespaceSelector.MatchLabels) != 1 {
		t.Errorf("NetworkPolicy ingress from %+v, want only namespace %s", in.From, ingressNamespace)
	}
	if len(in.Ports) != 1 || in.Ports[0].Port == nil || in.Ports[0].Port.IntValue() != port || protocol(in.Ports[0].Protocol) != corev1.ProtocolTCP {
		t.Errorf("NetworkPolicy ingress ports %+v, want TCP %d", in.Ports, port)
	}
	open := map[string]bool{}
	for _, e := range np.Spec.Egress {
		if len(e.Ports) == 0 {
			t.Errorf("egress rule to %+v opens every port", e.To)
		}
		for _, p := range e.Ports {
			if p.Port == nil || p.EndPort != nil {
				t.Errorf("egress port %+v: want one port", p)
				continue
			}
			key := fmt.Sprintf("%s/%d", protocol(p.Protocol), p.Port.IntValue())
			if !egressAllowed[key] {
				t.Errorf("egress %s not allowed", key)
			}
			open[key] = true
		}
	}
	for _, key := range egressRequired {
		if !open[key] {
			t.Errorf("egress %s not open", key)
		}
	}
}

func checkIngress(t *testing.T, ing *networkingv1.Ingress, svc *corev1.Service) {
	t.Helper()
	if ing == nil {
		t.Error("no Ingress")
		return
	}
	if len(ing.Spec.Rules) != 1 || ing.Spec.Rules[0].HTTP == nil || len(ing.Spec.Rules[0].HTTP.Paths) != 1 {
		t.Fatalf("Ingress: want one rule with one path, have %+v", ing.Spec.Rules)
	}
	rule := ing.Spec.Rules[0]
	p := rule.HTTP.Paths[0]
	if rule.Host == "" || strings.Contains(rule.Host, "*") {
		t.Errorf("Ingress host %q, want the service's own base URL host", rule.Host)
	}
	if p.Path != "/" || p.PathType == nil || *p.PathType != networkingv1.PathTypePrefix {
		t.Errorf("Ingress path %s %v, want / Prefix", p.Path, p.PathType)
	}
	b := p.Backend.Service
	if b == nil || b.Name != svc.Name || b.Port.Name != svc.Spec.Ports[0].Name {
		t.Errorf("Ingress backend %+v, want Service %s port %s", b, svc.Name, svc.Spec.Ports[0].Name)
	}
	if len(ing.Spec.TLS) != 1 || !slices.Equal(ing.Spec.TLS[0].Hosts, []string{rule.Host}) || ing.Spec.TLS[0].SecretName == "" {
		t.Errorf("Ingress TLS %+v, want the rule's host with a certificate Secret", ing.Spec.TLS)
	}
	if ing.Spec.IngressClassName == nil || *ing.Spec.IngressClassName == "" {
		t.Error("Ingress without ingressClassName")
	}
}

// selects reports whether every selector label is on the object.
func selects(selector, labels map[string]string) bool {
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// containerPort resolves a probe's or Service's port (a number or a port
// name) to the container's port number; 0 when it names nothing.
func containerPort(c corev1.Container, port string) int {
	for _, p := range c.Ports {
		if p.Name == port || fmt.Sprint(p.ContainerPort) == port {
			return int(p.ContainerPort)
		}
	}
	return 0
}

// protocol is p with Kubernetes' default.
func protocol(p *corev1.Protocol) corev1.Protocol {
	if p == nil {
		return corev1.ProtocolTCP
	}
	return *p
}

func hpaMetrics(hpa *autoscalingv2.HorizontalPodAutoscaler) []autoscalingv2.MetricSpec {
	if hpa == nil {
		return nil
	}
	return hpa.Spec.Metrics
}

func ptrString[T any](p *T) string {
	if p == nil {
		return "unset"
	}
	return fmt.Sprint(*p)
}
