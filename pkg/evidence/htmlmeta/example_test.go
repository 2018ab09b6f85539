package htmlmeta_test

import (
	"fmt"
	"net/url"

	"github.com/intel402/intel402/pkg/evidence/htmlmeta"
)

func ExampleParse() {
	base, _ := url.Parse("https://www.example.com/")
	doc := []byte(`<html lang="en"><head><title>Example Inc</title>
<link rel="canonical" href="/"></head><body>
<a href="/kontakt">Kontakt</a> <a href="https://www.linkedin.com/company/example-inc/">in</a></body></html>`)
	m := htmlmeta.Parse(doc, base)
	fmt.Println(m.Title, m.Lang, m.Canonical)
	fmt.Println(m.ContactPages[0])
	fmt.Println(m.Social[0].Network, m.Social[0].URL)
	fmt.Println(m.Favicon)
	// Output:
	// Example Inc en https://www.example.com/
	// https://www.example.com/kontakt
	// linkedin https://www.linkedin.com/company/example-inc
	// https://www.example.com/favicon.ico
}
