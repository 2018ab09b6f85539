package qualify

import (
	"time"

	"github.com/intel402/intel402/pkg/evidence/source"
	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/signals"
)

var testNow = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

const (
	wdURL    = "https://www.wikidata.org/wiki/Q123456"
	homeURL  = "https://northwindrobotics.com/"
	aboutURL = "https://northwindrobotics.com/about"
	pressURL = "https://northwindrobotics.com/news/series-b"
	newsURL  = "https://www.therobotreport.com/northwind-raises-series-b"
	jobsURL  = "https://boards.greenhouse.io/northwindrobotics"
)

func fact(v, u string) *bundle.Fact { return &bundle.Fact{Value: v, SourceURL: u} }

func date(s string) *string { return &s }

// northwind is a hand-built warehouse-robotics company bundle.
func northwind() Input {
	return Input{
		Company: bundle.Company{Name: "Northwind Robotics", Domain: "northwindrobotics.com", WikidataID: "Q123456"},
		Profile: bundle.Profile{
			Description:   fact("Northwind Robotics builds autonomous mobile robots that automate picking and replenishment in warehouses and distribution centers for retailers and 3PLs.", wdURL),
			Industry:      fact("warehouse robotics", wdURL),
			Headquarters:  fact("Pittsburgh, PA", wdURL),
			EmployeeRange: fact("201-500", wdURL),
			Founded:       fact("2016", wdURL),
		},
		Items: []bundle.Item{
			{Kind: bundle.KindPage, Provider: "website", Doc: source.Document{URL: homeURL, Title: "Northwind Robotics | Autonomous warehouse robots",
				Excerpt: "Autonomous mobile robots for warehouse picking. Our fleet works safely alongside people and forklifts, cutting walking time and improving worker safety in busy fulfillment centers."}},
			{Kind: bundle.KindPage, Provider: "website", Doc: source.Document{URL: aboutURL, Title: "About Northwind Robotics",
				Excerpt: "Founded in Pittsburgh in 2016, Northwind Robotics serves warehouse operators, retailers and third-party logistics providers across North America. We are a B2B robotics company."}},
			{Kind: bundle.KindPress, Provider: "website", Doc: source.Document{URL: pressURL, Title: "Northwind Robotics raises $40M Series B to scale warehouse automation",
				Excerpt: "The funding will expand deployments with logistics customers and grow the engineering and field operations teams."}},
			{Kind: bundle.KindNews, Provider: "gdelt", Doc: source.Document{URL: newsURL, Title: "Northwind raises Series B", Excerpt: "Pittsburgh robotics startup raises $40M."}},
		},
		Signals: []signals.Signal{
			{Type: signals.TypeFunding, Headline: "Northwind Robotics raises $40M Series B", EventDate: date("2026-10-14"), Confidence: 0.9, Evidence: []string{pressURL, newsURL}},
			{Type: signals.TypeHiring, Headline: "Northwind Robotics is hiring 24 roles", EventDate: date("2026-11-20"), Confidence: 0.8, Evidence: []string{jobsURL}},
			{Type: signals.TypeProduct, Headline: "Old launch", EventDate: date("2026-03-01"), Confidence: 0.9, Evidence: []string{homeURL}},
		},
		Now: testNow,
	}
}

var (
	safetySeller = &Seller{
		Product:              "Warehouse safety monitoring SaaS: computer-vision alerts for forklift near-misses, pedestrian zones and ergonomic risk.",
		ValueProposition:     "Cut recordable incidents and insurance costs in warehouses and fulfillment centers where people work next to forklifts and mobile robots.",
		IdealCustomerProfile: "Mid-market (200-2000 employees) B2B logistics, warehouse automation and robotics companies in the US running warehouses or fulfillment centers.",
	}
	dentalSeller = &Seller{
		Product:              "Online appointment booking and patient reminders for dental clinics.",
		ValueProposition:     "Fill empty chairs and reduce no-shows with automated SMS reminders for patients.",
		IdealCustomerProfile: "Small private dental practices and dental clinics in Europe (Germany, DACH, UK) with 1-20 employees, B2C healthcare.",
	}
)
