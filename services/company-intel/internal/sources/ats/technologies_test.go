package ats

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Each provider's description, in the field and form its listing carries
// it, names the role's technologies.
func TestRoleTechnologies(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		roles func(body []byte) ([]bundle.Job, error)
		body  string
		want  [][]string
	}{
		{
			name: "greenhouse content is escaped HTML",
			roles: func(body []byte) ([]bundle.Job, error) {
				var page greenhouseJobs
				err := json.Unmarshal(body, &page)
				jobs, _ := greenhouseRoles(page)
				return jobs, err
			},
			body: `{"jobs":[
				{"title":"Data Engineer","content":"&lt;h3&gt;What you&amp;#39;ll do&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Snowflake &amp;amp;amp; dbt&lt;/li&gt;&lt;li&gt;Airflow&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Apache Airflow on Kubernetes&lt;/p&gt;"},
				{"title":"Account Executive","content":""},
				{"title":"Go Engineer","content":null}],"meta":{"total":3}}`,
			want: [][]string{{"Snowflake", "dbt", "Airflow", "Kubernetes"}, nil, {"Go"}},
		},
		{
			name: "lever plain description, lists and additional",
			roles: func(body []byte) ([]bundle.Job, error) {
				var page entries[leverPosting]
				err := json.Unmarshal(body, &page)
				var jobs []bundle.Job
				leverRoles(page.items, map[string]bool{}, &jobs)
				return jobs, err
			},
			body: `[
				{"id":"a","text":"Platform Engineer","descriptionPlain":"Run our platform on AWS.","description":"<div>ignored: Azure</div>",
				 "lists":[{"text":"Requirements","content":"<li>Terraform</li><li>Kubernetes &amp; Helm charts</li>"}],
				 "additionalPlain":"Bonus: Datadog."},
				{"id":"b","text":"Analyst","description":"<p>Tableau and <b>Looker</b></p>","lists":[]}]`,
			want: [][]string{{"AWS", "Terraform", "Kubernetes", "Helm", "Datadog"}, {"Tableau", "Looker"}},
		},
		{
			name: "ashby plain, else HTML",
			roles: func(body []byte) ([]bundle.Job, error) {
				var board ashbyBoard
				err := json.Unmarshal(body, &board)
				return ashbyRoles(board), err
			},
			body: `{"jobs":[
				{"title":"Full-Stack Engineer","descriptionPlain":"React, PostgreSQL and Google Cloud.","descriptionHtml":"<p>Vue</p>"},
				{"title":"Designer","descriptionPlain":"","descriptionHtml":"<p>Prototype in <strong>Figma</strong>.</p>"}]}`,
			want: [][]string{{"React", "PostgreSQL", "Google Cloud"}, {"Figma"}},
		},
		{
			name: "workable description and requirements",
			roles: func(body []byte) ([]bundle.Job, error) {
				var acct workableAccount
				err := json.Unmarshal(body, &acct)
				return workableRoles(acct), err
			},
			body: `{"name":"Woodgrove","jobs":[
				{"title":"Backend Engineer","description":"<p>Ledger services in Go.</p>","requirements":"<ul><li>Kafka</li><li>PostgreSQL</li></ul>"}]}`,
			want: [][]string{{"Go", "Kafka", "PostgreSQL"}},
		},
		{
			name: "smartrecruiters titles only",
			roles: func(body []byte) ([]bundle.Job, error) {
				var page smartRecruitersPage
				err := json.Unmarshal(body, &page)
				var jobs []bundle.Job
				smartRecruitersRoles(page.Content.items, "fabrikam", map[string]bool{}, &jobs)
				return jobs, err
			},
			body: `{"content":[{"id":"1","name":"Firmware Engineer (Embedded C, Zephyr RTOS)"},{"id":"2","name":"Territory Manager"}]}`,
			want: [][]string{{"C", "Zephyr"}, nil},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			jobs, err := tt.roles([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			var got [][]string
			for _, j := range jobs {
				got = append(got, j.Technologies)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("technologies = %q, want %q", got, tt.want)
			}
		})
	}
}

// A description longer than maxDescriptionBytes is read up to it.
func TestRoleTechnologiesCapped(t *testing.T) {
	t.Parallel()
	desc := strings.Repeat("Warehouse work. ", maxDescriptionBytes/16) + "Kubernetes"
	j, ok := newJob("Engineer", "", "", false, "", now, desc)
	if !ok || j.Technologies != nil {
		t.Errorf("technologies past the cap = %q", j.Technologies)
	}
	j, _ = newJob("Engineer", "", "", false, "", now, "Kubernetes")
	if !reflect.DeepEqual(j.Technologies, []string{"Kubernetes"}) {
		t.Errorf("technologies = %q", j.Technologies)
	}
}
