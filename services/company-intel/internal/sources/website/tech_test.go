package website_test

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/intel402/intel402/services/company-intel/internal/bundle"
	"github.com/intel402/intel402/services/company-intel/internal/sources/sourcetest"
	"github.com/intel402/intel402/services/company-intel/internal/sources/website"
)

// techSite's home page carries a HubSpot tracking script, a Google Tag
// Manager snippet and a hint below the threshold (an image on Amazon S3),
// behind Cloudflare (its Server header and bot-management cookie).
func techSite() sourcetest.Site {
	return sourcetest.Site{
		Domain: "northwind-robotics.com",
		NoTLS:  true,
		Pages: map[string]sourcetest.SitePage{
			"/": {
				Header: http.Header{"Server": {"cloudflare"}, "Set-Cookie": {"__cf_bm=Zm9v.YmFy; Path=/; HttpOnly"}},
				Body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Northwind Robotics — Autonomous mobile robots for warehouses</title>
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});
var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;
f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-NWR0B07');</script>
</head><body>
<h1>Robots that move the warehouse</h1>
<img src="https://northwind-media.s3.amazonaws.com/atlas-2.jpg" alt="Atlas 2">
<script type="text/javascript" id="hs-script-loader" async defer src="//js.hs-scripts.com/4412345.js"></script>
</body></html>`,
			},
			"/about": {Body: `<!doctype html><html><head><title>About</title></head><body><p>About us.</p></body></html>`},
		},
	}
}

func TestGatherHomeTech(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, techSite())
	id, err := e.src.Identity(context.Background(), "northwind-robotics.com")
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.src.Gather(context.Background(), query("Northwind Robotics", "northwind-robotics.com"))
	if err != nil {
		t.Fatal(err)
	}
	want := []bundle.Tech{
		{Name: "Cloudflare", Category: "cdn", Confidence: 0.992, Detail: "header Server: cloudflare"},
		{Name: "HubSpot", Category: "marketing_automation", Confidence: 0.995, Detail: "script //js.hs-scripts.com/4412345.js"},
		{Name: "Google Tag Manager", Category: "tag_manager", Confidence: 0.96, Detail: "html googletagmanager.com/gtm.js"},
	}
	var home *bundle.Item
	for i, it := range res.Items {
		switch {
		case it.Doc.URL == id.URL:
			home = &res.Items[i]
		case it.Tech != nil:
			t.Errorf("%s: Tech %+v on a page that is not the home page", it.Doc.URL, it.Tech)
		}
	}
	if home == nil {
		t.Fatalf("no home page item in %+v", res.Items)
	}
	if !reflect.DeepEqual(home.Tech, want) {
		t.Errorf("home Tech =\n%+v\nwant\n%+v", home.Tech, want)
	}
	if !reflect.DeepEqual(id.Home.Tech, home.Tech) {
		t.Errorf("Identity's home Tech %+v differs from Gather's", id.Home.Tech)
	}
	// Identity and Gather read the home page once (the memo), and the
	// technologies cost no request of their own.
	if n := e.sites.Fetched("northwind-robotics.com", "/"); n != 1 {
		t.Errorf("home page fetched %d times, want 1", n)
	}
}

// A home page that shows nothing webtech knows has no Tech.
func TestGatherHomeNoTech(t *testing.T) {
	t.Parallel()
	e := newEnv(t, website.Config{}, 0, sourcetest.NorthwindSite(fixedNow))
	res, err := e.src.Gather(context.Background(), query("Northwind Robotics", "northwind-robotics.com"))
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Items {
		if it.Tech != nil {
			t.Errorf("%s: Tech %+v", it.Doc.URL, it.Tech)
		}
	}
}
