package signals

import (
	"fmt"
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
)

// Fixtures shared by the package's tests: a fictitious company and a
// request window ending at testNow.

var (
	testNow     = time.Date(2026, 3, 20, 12, 0, 0, 0, time.UTC)
	testCompany = bundle.Company{Name: "Brightwave, Inc.", Domain: "brightwave.io", Aliases: []string{"Brightwave"}}
	testWindow  = bundle.Query{Company: testCompany, From: testNow.AddDate(0, 0, -90), To: testNow}
)

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// news builds a news item with a day-precision date.
func news(url, title, excerpt, publisher string, a source.Authority, published time.Time) bundle.Item {
	p := source.PrecisionDay
	if published.IsZero() {
		p = source.PrecisionNone
	}
	return bundle.Item{
		Kind:     bundle.KindNews,
		Provider: "test",
		Doc: source.Document{
			URL: url, Title: title, Excerpt: excerpt, Publisher: publisher,
			Authority: a, Published: published, Precision: p,
		},
	}
}

func press(url, title, excerpt string, published time.Time) bundle.Item {
	it := news(url, title, excerpt, "Brightwave", source.AuthorityFirstParty, published)
	it.Kind = bundle.KindPress
	return it
}

func filing(url, form string, items []string, filed time.Time, desc string) bundle.Item {
	return bundle.Item{
		Kind:     bundle.KindFiling,
		Provider: "sec",
		Doc:      source.Document{URL: url, Title: "Form " + form, Publisher: "SEC", Authority: source.AuthorityRegulatory, Published: filed, Precision: source.PrecisionDay},
		Filing:   &bundle.Filing{Form: form, Items: items, Filed: filed, Accession: "0001234567-26-000001", Description: desc},
	}
}

func board(url string, jobs []bundle.Job) bundle.Item {
	return bundle.Item{
		Kind:     bundle.KindJobBoard,
		Provider: "greenhouse",
		Doc:      source.Document{URL: url, Title: "Jobs at Brightwave", Publisher: "Greenhouse", Authority: source.AuthorityJobBoard},
		Jobs:     jobs,
	}
}

// scenario is a realistic bundle: one funding round reported by three
// outlets and the company, a leadership change in an 8-K and the press, a
// job board, a launch, and noise (an opinion piece, a customer story, an
// old article, an undated article).
func scenario() []bundle.Item {
	return []bundle.Item{
		press("https://brightwave.io/news/series-b", "Brightwave raises $40M Series B led by Northgate Ventures",
			"SAN FRANCISCO, March 3, 2026 /PRNewswire/ -- Brightwave, the workflow automation platform for field service teams, today announced a $40 million Series B round led by Northgate Ventures, with participation from Basalt Capital.", date(2026, 3, 3)),
		news("https://techwire.example.com/2026/03/03/brightwave-series-b", "Brightwave lands $40 million Series B to automate field service - TechWire",
			"Field-service software maker Brightwave has raised $40 million in a Series B round led by Northgate Ventures.", "TechWire", source.AuthorityTrade, date(2026, 3, 3)),
		news("https://news.google.com/articles/abc123", "Northgate leads $40M round in Brightwave - Daily Ledger",
			"Northgate Ventures has led a $40 million investment in Brightwave, a field-service automation startup.", "Daily Ledger", source.AuthorityAggregator, date(2026, 3, 4)),
		news("https://www.globalwire.example.org/business/brightwave-funding", "Brightwave secures $40 mln in Series B funding",
			"Brightwave said on Tuesday it had secured $40 million in Series B funding led by Northgate Ventures.", "GlobalWire", source.AuthorityWire, date(2026, 3, 3)),
		filing("https://www.sec.gov/Archives/edgar/data/1234567/000123456726000001/form8k.htm", "8-K", []string{"5.02", "9.01"}, date(2026, 2, 20), ""),
		press("https://brightwave.io/news/new-cro", "Brightwave appoints Maria Okafor as Chief Revenue Officer",
			"Brightwave today announced the appointment of Maria Okafor as Chief Revenue Officer.", date(2026, 2, 19)),
		board("https://boards.greenhouse.io/brightwave", []bundle.Job{
			{Title: "Senior Backend Engineer", Department: "Engineering", Location: "Austin, TX", Published: date(2026, 3, 10)},
			{Title: "Staff Engineer", Department: "Engineering", Location: "Austin, TX", Published: date(2026, 3, 1)},
			{Title: "Frontend Engineer", Department: "Engineering", Location: "Remote - US", Remote: true, Published: date(2026, 2, 27)},
			{Title: "Account Executive", Department: "Sales", Location: "New York, NY", Published: date(2026, 3, 12)},
			{Title: "Account Executive", Department: "Sales", Location: "Austin, TX", Published: date(2026, 3, 12)},
			{Title: "Product Designer", Department: "Design", Location: "Austin, TX", Published: date(2025, 11, 2)},
		}),
		press("https://brightwave.io/blog/dispatch-ai", "Brightwave launches Dispatch AI to automate technician scheduling",
			"Brightwave today launched Dispatch AI, which assigns field technicians to jobs based on skills, location and parts availability.", date(2026, 3, 16)),
		news("https://opinion.example.com/brightwave-bet", "Opinion: Why Brightwave's AI bet may not pay off",
			"Brightwave's plan faces tough economics, argues our columnist.", "Opinion Daily", source.AuthorityAggregator, date(2026, 3, 5)),
		news("https://trade.example.com/case-study", "How Coldline uses Brightwave to cut truck rolls",
			"Coldline cut truck rolls by 20% with Brightwave.", "Trade Weekly", source.AuthorityTrade, date(2026, 3, 6)),
		news("https://old.example.com/brightwave-seed", "Brightwave raises $5M seed round",
			"Brightwave has raised $5 million in seed funding.", "Old News", source.AuthorityTrade, date(2024, 5, 1)),
		news("https://undated.example.com/brightwave-partner", "Brightwave partners with Coldline",
			"Brightwave and Coldline have partnered.", "Undated", source.AuthorityTrade, time.Time{}),
	}
}

type jobSpec struct {
	dept string
	at   time.Time
}

func jobsOf(specs []jobSpec) []bundle.Job {
	var out []bundle.Job
	for i, s := range specs {
		out = append(out, bundle.Job{Title: fmt.Sprintf("Role %d", i), Department: s.dept, Location: "Berlin, Germany", Published: s.at})
	}
	return out
}
