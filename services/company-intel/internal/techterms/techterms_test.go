package techterms_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/techterms"
)

func TestFind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
		want []string // canonical names, in order
	}{
		{name: "empty", text: "", want: nil},
		{name: "no technology", text: "We are hiring a friendly field service technician in Rotterdam.", want: nil},
		{name: "go in tech context", text: "Backend services in Go and PostgreSQL on AWS, streaming through Kafka.",
			want: []string{"Go", "PostgreSQL", "AWS", "Kafka"}},
		{name: "golang anywhere", text: "golang", want: []string{"Go"}},
		{name: "go list", text: "Experience with Go, Rust or Java.", want: []string{"Go", "Rust", "Java"}},
		{name: "go engineer title", text: "Senior Software Engineer, Go", want: []string{"Go"}},
		{name: "go to market", text: "You will own our go to market motion.", want: nil},
		{name: "Go to market capitalised", text: "Go to market with our sales team.", want: nil},
		{name: "go-to-market", text: "Go-to-market engineering lead for Salesforce.", want: []string{"Salesforce"}},
		{name: "go-live", text: "Go-live support for SAP S/4HANA.", want: []string{"SAP"}},
		{name: "we go further", text: "We go further for customers. Go further with us.", want: nil},
		{name: "sap the energy", text: "Long meetings sap the energy of a team.", want: nil},
		{name: "SAP", text: "Supply chain planning in SAP IBP and Excel pivot tables.", want: []string{"SAP", "Excel"}},
		{name: "excel at", text: "Excel at communication and Salesforce hygiene.", want: []string{"Salesforce"}},
		{name: "rosy", text: "The outlook is rosy; Ros and ros are names.", want: nil},
		{name: "ROS and ROS 2", text: "Navigation on ROS 2 (we migrated from ROS); ROS2 packages, ROS-2 launch files.",
			want: []string{"ROS 2", "ROS"}},
		{name: "react to customers", text: "React to customers quickly; we react to incidents.", want: nil},
		{name: "react framework", text: "Build dashboards in React and TypeScript.", want: []string{"React", "TypeScript"}},
		{name: "react native longest", text: "React Native and React.js experience", want: []string{"React Native", "React"}},
		{name: "lowercase react is a verb", text: "We react fast to Kubernetes alerts.", want: []string{"Kubernetes"}},
		{name: "k8s alias", text: "Run k8s and K8S clusters with Terraform.", want: []string{"Kubernetes", "Terraform"}},
		{name: "postgres alias", text: "POSTGRES, Postgres and PostgreSQL", want: []string{"PostgreSQL"}},
		{name: "gcp alias", text: "GCP first, then Google Cloud Platform and Google Cloud.", want: []string{"Google Cloud"}},
		{name: "oracle cloud erp longest", text: "Oracle Cloud ERP rollout, Oracle Cloud Infrastructure hosting.",
			want: []string{"Oracle ERP", "Oracle Cloud"}},
		{name: "bare Oracle is not a product", text: "The Oracle of Delphi.", want: nil},
		{name: "embedded C", text: "Firmware in embedded C on Zephyr RTOS.", want: []string{"C", "Zephyr"}},
		{name: "C/C++", text: "C/C++ for motor control", want: []string{"C", "C++"}},
		{name: "series C", text: "We closed our Series C. Vitamin C for all.", want: nil},
		{name: "R&D and C-suite", text: "Report to the C-suite on R&D code quality.", want: nil},
		{name: "python or R", text: "Statistics in Python or R.", want: []string{"Python", "R"}},
		{name: "R alone", text: "Plan R is ready.", want: nil},
		{name: "csharp fsharp dotnet", text: "C#, F# and .NET services", want: []string{"C#", "F#", ".NET"}},
		{name: "snowflake dbt", text: "Model data in Snowflake with dbt; DBT therapy is not dbt.", want: []string{"Snowflake", "dbt"}},
		{name: "snowflake lowercase", text: "Every snowflake is unique.", want: nil},
		{name: "spark context", text: "Spark joy. Batch jobs on Spark and Databricks.", want: []string{"Spark", "Databricks"}},
		{name: "apache spark", text: "Apache Spark", want: []string{"Spark"}},
		{name: "outreach", text: "Community Outreach matters. Tools: Outreach, Gong and HubSpot.",
			want: []string{"Outreach", "Gong", "HubSpot"}},
		{name: "outreach alone", text: "Outreach to schools.", want: nil},
		{name: "gong.io", text: "Gong.io call reviews", want: []string{"Gong"}},
		{name: "dotted token prefix", text: "Salesforce.com admin; Python3.12 scripts", want: []string{"Salesforce", "Python"}},
		{name: "whole words only", text: "Kafkaesque processes, Dockerized nothing, pythonic", want: nil},
		{name: "security", text: "Tune Splunk detections, CrowdStrike Falcon, Okta SSO, SentinelOne, Zscaler and Palo Alto Networks firewalls.",
			want: []string{"Splunk", "CrowdStrike", "Okta", "SentinelOne", "Zscaler", "Palo Alto Networks"}},
		{name: "palo alto city", text: "Our office in Palo Alto", want: nil},
		{name: "erp", text: "NetSuite, Oracle NetSuite, Workday, Coupa and Oracle EBS", want: []string{"NetSuite", "Workday", "Coupa", "Oracle ERP"}},
		{name: "workday lowercase", text: "A normal workday ends at five.", want: nil},
		{name: "swift is not SWIFT", text: "SWIFT and SEPA payments; iOS apps in Swift.", want: []string{"Swift"}},
		{name: "zephyr wind", text: "Zephyr breezes.", want: nil},
		{name: "sentence boundary", text: "Go. Programming is fun.", want: nil},
		{name: "line boundary", text: "Go\nengineer", want: nil},
		{name: "multi token across punctuation", text: "Google, Cloud", want: nil},
		{name: "hyphenated multi token", text: "ROS-2 and scikit-learn, Palo-Alto-Networks", want: []string{"ROS 2", "scikit-learn", "Palo Alto Networks"}},
		{name: "dedup first occurrence", text: "AWS, Kubernetes, then AWS again and k8s.", want: []string{"AWS", "Kubernetes"}},
		{name: "observability", text: "Datadog, Grafana, Prometheus and PagerDuty", want: []string{"Datadog", "Grafana", "Prometheus", "PagerDuty"}},
		{name: "ml", text: "Train models with PyTorch and TensorFlow; deploy on NVIDIA Jetson.", want: []string{"PyTorch", "TensorFlow", "NVIDIA Jetson"}},
		{name: "design", text: "Prototype in Figma.", want: []string{"Figma"}},
		{name: "commerce", text: "Shopify Plus storefront, NetSuite, Stripe", want: []string{"Shopify", "NetSuite", "Stripe"}},
		{name: "unicode neighbours", text: "Zürich team: Kubernetes—Terraform, «Go» services", want: []string{"Kubernetes", "Terraform", "Go"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := techterms.Names(techterms.Find(tt.text))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Find(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestFindCategories(t *testing.T) {
	t.Parallel()
	got := techterms.Find("Kafka on Kubernetes in AWS, Splunk, Salesforce, SAP, Shopify, ROS 2, Figma, Jira, PyTorch, React, Go services")
	want := []techterms.Term{
		{Name: "Kafka", Category: techterms.Data}, {Name: "Kubernetes", Category: techterms.Infrastructure},
		{Name: "AWS", Category: techterms.Cloud}, {Name: "Splunk", Category: techterms.Observability},
		{Name: "Salesforce", Category: techterms.CRM}, {Name: "SAP", Category: techterms.ERP},
		{Name: "Shopify", Category: techterms.Commerce}, {Name: "ROS 2", Category: techterms.Embedded},
		{Name: "Figma", Category: techterms.Design}, {Name: "Jira", Category: techterms.Collaboration},
		{Name: "PyTorch", Category: techterms.ML}, {Name: "React", Category: techterms.Framework},
		{Name: "Go", Category: techterms.Language},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Find = %v\nwant %v", got, want)
	}
}

// Every term of the lexicon is found by its own name in a technical
// sentence, and looked up by it.
func TestEveryTermFindable(t *testing.T) {
	t.Parallel()
	all := techterms.All()
	if len(all) < 120 {
		t.Fatalf("lexicon has %d terms", len(all))
	}
	names := map[string]bool{}
	cats := map[techterms.Category]bool{}
	for _, c := range techterms.Categories() {
		cats[c] = true
	}
	for _, term := range all {
		key := strings.ToLower(term.Name)
		if names[key] {
			t.Errorf("%q listed twice (case ignored)", term.Name)
		}
		names[key] = true
		if !cats[term.Category] {
			t.Errorf("%q: unknown category %q", term.Name, term.Category)
		}
		if got, ok := techterms.Lookup(term.Name); !ok || got != term {
			t.Errorf("Lookup(%q) = %v, %v", term.Name, got, ok)
		}
		if got, ok := techterms.Lookup(strings.ToUpper(term.Name)); !ok || got != term {
			t.Errorf("Lookup(%q) = %v, %v", strings.ToUpper(term.Name), got, ok)
		}
		text := fmt.Sprintf("Programming %s code and Kubernetes tools.", term.Name)
		if found := techterms.Find(text); !containsTerm(found, term) {
			t.Errorf("Find(%q) = %v, want %v in it", text, found, term)
		}
	}
	if _, ok := techterms.Lookup("Kubernetess"); ok {
		t.Error("Lookup of an unknown name succeeded")
	}
}

func containsTerm(ts []techterms.Term, t techterms.Term) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

func TestNames(t *testing.T) {
	t.Parallel()
	if techterms.Names(nil) != nil {
		t.Error("Names(nil) is not nil")
	}
	got := techterms.Names([]techterms.Term{{Name: "Go"}, {Name: "AWS"}})
	if !reflect.DeepEqual(got, []string{"Go", "AWS"}) {
		t.Errorf("Names = %q", got)
	}
}

func BenchmarkFind(b *testing.B) {
	text := strings.Repeat("We build backend services in Go and Python on AWS and Kubernetes, stream events through Kafka into Snowflake with dbt, "+
		"and go to market with Salesforce and Outreach. You will react to incidents with Datadog and PagerDuty.\n", 40)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		techterms.Find(text)
	}
}
