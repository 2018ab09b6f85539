package finding

import "testing"

func TestSeverity(t *testing.T) {
	tests := []struct {
		sev     Severity
		rank    int
		isError bool
	}{
		{Critical, 0, true},
		{High, 1, true},
		{Medium, 2, false},
		{Low, 3, false},
		{Info, 4, false},
		{Severity("bogus"), 5, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.sev), func(t *testing.T) {
			if got := tt.sev.Rank(); got != tt.rank {
				t.Errorf("Rank() = %d, want %d", got, tt.rank)
			}
			if got := (Finding{Severity: tt.sev}).IsError(); got != tt.isError {
				t.Errorf("IsError() = %v, want %v", got, tt.isError)
			}
		})
	}
}
