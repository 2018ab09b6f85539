package webtech_test

import (
	"fmt"
	"net/http"

	"github.com/intel402/intel402/pkg/evidence/webtech"
)

func ExampleDetect() {
	hints := webtech.Detect(webtech.Input{
		URL:     "https://shop.example/",
		Headers: http.Header{"Server": {"nginx/1.25.3"}},
		HTML:    []byte(`<meta name="generator" content="WordPress 6.5.2"><script src="https://js.stripe.com/v3/"></script>`),
		// The caller's own fingerprints named the MX host's provider.
		Mail: []webtech.Mail{{Name: "Google Workspace", Category: webtech.EmailHosting, Source: webtech.SourceMX, Detail: "aspmx.l.google.com."}},
	})
	for _, h := range hints {
		fmt.Printf("%s/%s %s %.2f\n", h.Category, h.Name, h.Version, h.Confidence)
	}
	// Output:
	// cms/WordPress 6.5.2 0.95
	// email_hosting/Google Workspace  0.95
	// payments/Stripe  0.95
	// web_server/nginx 1.25.3 0.95
}
