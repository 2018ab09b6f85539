package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/intel402/intel402/pkg/platform/requestid"
)

func TestWithRequestID(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, id, body, want string
		wantErr              bool
	}{
		{name: "document", id: "req-1", body: `{"company":{"name":"Acme"}}`, want: `{"requestId":"req-1","company":{"name":"Acme"}}`},
		{name: "empty object", id: "req-2", body: ` {} `, want: `{"requestId":"req-2"}`},
		{name: "id needing escapes", id: `a"b`, body: `{"x":1}`, want: `{"requestId":"a\"b","x":1}`},
		{name: "not an object", id: "req-3", body: `[1]`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := echo.New()
			c := e.NewContext(httptest.NewRequest(http.MethodPost, "/", nil), httptest.NewRecorder())
			c.Response().Header().Set(requestid.Header, tt.id)
			got, err := withRequestID(c, []byte(tt.body))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if err != nil {
				return
			}
			if string(got) != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
			if !json.Valid(got) {
				t.Fatalf("invalid JSON %s", got)
			}
		})
	}
}
