package apierror_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/openapi"
	"github.com/intel402/intel402/pkg/platform/apierror"
	"github.com/intel402/intel402/pkg/platform/openapidoc"
	"github.com/intel402/intel402/pkg/x402/echox402"
)

// codeConstants reads this package's source and returns every constant
// declared with type Code, so that a code added without a row in the
// table fails TestEveryCodeHasAStatus.
func codeConstants(t *testing.T) []apierror.Code {
	t.Helper()
	fset := token.NewFileSet()
	var codes []apierror.Code
	for _, name := range []string{"apierror.go", "handler.go"} {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						t.Fatalf("%s: a Code constant whose value is not a string literal", fset.Position(v.Pos()))
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					codes = append(codes, apierror.Code(s))
				}
			}
		}
	}
	if len(codes) == 0 {
		t.Fatal("no Code constants found")
	}
	return codes
}

// TestEveryCodeHasAStatus: every code constant has its row in the table,
// with an error status.
func TestEveryCodeHasAStatus(t *testing.T) {
	for _, c := range codeConstants(t) {
		status, ok := c.Status()
		if !ok {
			t.Errorf("code %q has no status in the table", c)
			continue
		}
		if status < 400 || status > 599 {
			t.Errorf("code %q: status %d is not an error status", c, status)
		}
		if got := apierror.New(c, "x").HTTPStatus(); got != status {
			t.Errorf("New(%q).HTTPStatus() = %d, want the table's %d", c, got, status)
		}
	}
}

// paymentCodes are the codes of pkg/x402's payment errors: Coders that
// carry their own status (402, 429, 503), not rows of the table.
var paymentCodes = []string{
	echox402.CodeSettlementFailed, echox402.CodeSettlementPending,
	echox402.CodePaymentFailuresRateLimited, echox402.CodeFacilitatorUnavailable,
}

var (
	codeList  = regexp.MustCompile("(?s)Error codes \\(`error\\.code`\\): (.*?\\(\\d{3}\\))\\.")
	codeGroup = regexp.MustCompile(`^(.+) \((\d{3})\)$`)
	backticks = regexp.MustCompile("`([a-z_]+)`")
)

// TestStatusesMatchOpenAPI reads both OpenAPI documents: the list of error
// codes in info.description ("a, b (400); c (413); …") names each code
// with its status, and every response description that names a code in
// backticks is the response of that code's status. Each table code is
// documented by at least one service with the table's status; the codes
// the documents list outside the table are pkg/x402's payment codes.
func TestStatusesMatchOpenAPI(t *testing.T) {
	documented := map[apierror.Code]bool{}
	for name, raw := range map[string][]byte{"company-intel.yaml": openapi.CompanyIntel, "domain-qual.yaml": openapi.DomainQual} {
		doc, err := openapidoc.Load(raw)
		if err != nil {
			t.Fatal(err)
		}
		m := codeList.FindStringSubmatch(doc.T.Info.Description)
		if m == nil {
			t.Fatalf("%s: info.description has no list of error codes", name)
		}
		for _, group := range strings.Split(strings.Join(strings.Fields(m[1]), " "), ";") {
			g := codeGroup.FindStringSubmatch(strings.TrimSpace(group))
			if g == nil {
				t.Fatalf("%s: cannot read %q as codes (status)", name, group)
			}
			status, _ := strconv.Atoi(g[2])
			for _, c := range strings.Split(g[1], ",") {
				checkDocumented(t, name, apierror.Code(strings.TrimSpace(c)), status, documented)
			}
		}
		for path, item := range doc.T.Paths.Map() {
			for method, op := range item.Operations() {
				for key, ref := range op.Responses.Map() {
					status, err := strconv.Atoi(key)
					if err != nil || ref.Value == nil || ref.Value.Description == nil {
						continue
					}
					for _, m := range backticks.FindAllStringSubmatch(*ref.Value.Description, -1) {
						if _, ok := apierror.Code(m[1]).Status(); ok {
							checkDocumented(t, name+" "+method+" "+path+" "+key, apierror.Code(m[1]), status, documented)
						}
					}
				}
			}
		}
	}
	for _, c := range codeConstants(t) {
		if !documented[c] {
			t.Errorf("code %q is in the table but in no OpenAPI document's list of error codes", c)
		}
	}
}

func checkDocumented(t *testing.T, where string, c apierror.Code, status int, documented map[apierror.Code]bool) {
	t.Helper()
	want, ok := c.Status()
	switch {
	case !ok && !slices.Contains(paymentCodes, string(c)):
		t.Errorf("%s: code %q (%d) is neither in the table nor a payment code", where, c, status)
	case ok && want != status:
		t.Errorf("%s: code %q documented with %d, the table says %d", where, c, status, want)
	case ok:
		documented[c] = true
	}
}

// TestUnknownCode: an *Error whose code has no row in the table is a
// programming error, answered 500 internal_error (its message not sent)
// and logged with the code.
func TestUnknownCode(t *testing.T) {
	err := apierror.New("no_such_code", "details of a bug")
	if status, body := apierror.From(err); status != http.StatusInternalServerError ||
		body.Code != apierror.CodeInternal || body.Message != "internal error" || body.Details != nil {
		t.Fatalf("From = %d %+v, want 500 internal_error", status, body)
	}
	if got := err.HTTPStatus(); got != http.StatusInternalServerError {
		t.Fatalf("HTTPStatus() = %d, want 500", got)
	}
	var logs strings.Builder
	e := echo.New()
	e.HTTPErrorHandler = apierror.Handler(slog.New(slog.NewTextHandler(&logs, nil)))
	e.GET("/x", func(echo.Context) error { return err })
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
	body, _ := io.ReadAll(rec.Body)
	if rec.Code != http.StatusInternalServerError || !strings.Contains(string(body), `"code":"internal_error"`) ||
		strings.Contains(string(body), "details of a bug") {
		t.Fatalf("response %d %s, want 500 internal_error without the message", rec.Code, body)
	}
	if !strings.Contains(logs.String(), "missing from apierror's status table") || !strings.Contains(logs.String(), "code=no_such_code") {
		t.Fatalf("logs %q do not name the missing code", logs.String())
	}
}
