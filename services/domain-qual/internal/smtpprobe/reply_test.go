package smtpprobe

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestReadReply(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    string
		code  int
		lines []string
		err   error
	}{
		{"one line", "220 mx.example.test ESMTP\r\n", 220, []string{"mx.example.test ESMTP"}, nil},
		{"bare LF", "250 ok\n", 250, []string{"ok"}, nil},
		{"code only", "250\r\n", 250, []string{""}, nil},
		{"multi-line", "250-mx greets you\r\n250-STARTTLS\r\n250 8BITMIME\r\n", 250, []string{"mx greets you", "STARTTLS", "8BITMIME"}, nil},
		{"code changes", "250-a\r\n251 b\r\n", 0, nil, errMalformedReply},
		{"no code", "hello\r\n", 0, nil, errMalformedReply},
		{"bad separator", "250_x\r\n", 0, nil, errMalformedReply},
		{"first digit 1", "120 wait\r\n", 0, nil, errMalformedReply},
		{"second digit 6", "260 x\r\n", 0, nil, errMalformedReply},
		{"cut short", "250-a\r\n250", 0, nil, io.ErrUnexpectedEOF},
		{"nothing", "", 0, nil, io.ErrUnexpectedEOF},
		{"endless lines", strings.Repeat("250-x\r\n", 100), 0, nil, errReplyTooLong},
		{"endless line", "250 " + strings.Repeat("x", 100), 0, nil, errReplyTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rep, err := readReply(bufio.NewReader(strings.NewReader(tt.in)), 64)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("err = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil || rep.code != tt.code || !slices.Equal(rep.lines, tt.lines) {
				t.Fatalf("reply %+v, err %v", rep, err)
			}
		})
	}
}

// TestReadReplyLeavesTheRest: a reply is read exactly, so what follows it
// (pipelined or injected bytes) stays buffered for the caller to see.
func TestReadReplyLeavesTheRest(t *testing.T) {
	t.Parallel()
	r := bufio.NewReader(strings.NewReader("220 go ahead\r\n250 injected\r\n"))
	if _, err := readReply(r, 512); err != nil {
		t.Fatal(err)
	}
	if r.Buffered() != len("250 injected\r\n") {
		t.Fatalf("%d bytes buffered", r.Buffered())
	}
}

func TestOffersSTARTTLS(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lines []string
		want  bool
	}{
		{[]string{"mx", "PIPELINING", "STARTTLS"}, true},
		{[]string{"mx", "starttls"}, true},
		{[]string{"mx", "STARTTLS extra"}, true},
		{[]string{"mx offers STARTTLS"}, false},
		{[]string{"mx", "XSTARTTLS", "STARTTLSX"}, false},
	}
	for _, tt := range tests {
		if got := offersSTARTTLS(reply{code: 250, lines: tt.lines}); got != tt.want {
			t.Errorf("%q: %v", tt.lines, got)
		}
	}
}

// FuzzReadReply: any input either fails or yields a valid reply within the
// cap, and a reply written back out reads the same. Seeds in
// testdata/fuzz/FuzzReadReply.
func FuzzReadReply(f *testing.F) {
	const limit = 512
	f.Fuzz(func(t *testing.T, data []byte) {
		src := bytes.NewReader(data)
		rep, err := readReply(bufio.NewReaderSize(src, 16), limit)
		if err != nil {
			return
		}
		if rep.code < 200 || rep.code > 559 || len(rep.lines) == 0 {
			t.Fatalf("reply %+v", rep)
		}
		var out strings.Builder
		for i, l := range rep.lines {
			sep := "-"
			if i == len(rep.lines)-1 {
				sep = " "
			}
			out.WriteString(strconv.Itoa(rep.code) + sep + l + "\r\n")
		}
		again, err := readReply(bufio.NewReader(strings.NewReader(out.String())), out.Len())
		if err != nil || again.code != rep.code || !slices.Equal(again.lines, rep.lines) {
			t.Fatalf("round trip of %+v: %+v, %v", rep, again, err)
		}
	})
}
