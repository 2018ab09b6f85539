package paywall

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

func TestReadTemplateWithoutAssets(t *testing.T) {
	_, err := readTemplate(fstest.MapFS{"assets/README.md": {Data: []byte("# only the README")}})
	if !errors.Is(err, ErrNoAssets) {
		t.Fatalf("err = %v, want ErrNoAssets", err)
	}
}

func TestParseTemplate(t *testing.T) {
	const ok = "<!DOCTYPE html><html><head><style>a{}</style></head><body><script type=\"module\">let a = \"</scr\" + \"ipt>\";\r\nrun()</script></body></html>"
	tp, err := parseTemplate([]byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	// The browser hashes the script's text with CR LF read as LF.
	if want := hashSource([]byte("let a = \"</scr\" + \"ipt>\";\nrun()")); len(tp.scriptHashes) != 1 || tp.scriptHashes[0] != want {
		t.Errorf("script hashes %v, want [%s]", tp.scriptHashes, want)
	}
	if want := hashSource([]byte("a{}")); len(tp.styleHashes) != 1 || tp.styleHashes[0] != want {
		t.Errorf("style hashes %v, want [%s]", tp.styleHashes, want)
	}
	if !strings.HasSuffix(string(tp.head), "</style>") || !strings.HasPrefix(string(tp.rest), "</head><body>") {
		t.Errorf("split at the wrong place: head ends %q, rest starts %q", tp.head[len(tp.head)-8:], tp.rest[:13])
	}

	for _, tc := range []struct{ name, page, want string }{
		{"no head end", "<html><script>x()</script></html>", "exactly one </head>"},
		{"two head ends", "<head></head><script>x()</script></head>", "exactly one </head>"},
		{"external script", "<head><script src=\"https://cdn.example/x.js\"></script></head>", "external script"},
		{"inline handler", "<head><script>x()</script></head><body onload=\"x()\">", "onload"},
		{"style attribute", "<head><script>x()</script></head><body style=\"color:red\">", "style"},
		{"javascript URL", "<head><script>x()</script></head><a href=\" JavaScript:x()\">", "href"},
		{"script not closed", "<head></head><script>x()", "not closed"},
		{"no inline script", "<head></head><body></body>", "no inline script"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := parseTemplate([]byte(tc.page)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
}
