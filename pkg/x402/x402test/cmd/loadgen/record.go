package main

import (
	"bufio"
	"encoding/json"
	"os"
	"sync"
)

// record is one line of a -record file: one measured request.
type record struct {
	T      float64 `json:"t"`  // start, Unix milliseconds
	Ms     float64 `json:"ms"` // latency
	N      int64   `json:"n"`  // sequence number ({n} with -vary)
	Status int     `json:"status,omitempty"`
	Code   string  `json:"code,omitempty"` // error.code of a non-2xx JSON envelope
	Cache  string  `json:"cache,omitempty"`
	Auth   string  `json:"auth,omitempty"` // "payer:nonce" of the authorization sent
	Replay bool    `json:"replay,omitempty"`
	Err    string  `json:"err,omitempty"` // transport error
}

// recorder writes records as JSON lines; a nil recorder writes nothing.
type recorder struct {
	mu sync.Mutex
	f  *os.File
	w  *bufio.Writer
}

func newRecorder(path string) (*recorder, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &recorder{f: f, w: bufio.NewWriter(f)}, nil
}

func (r *recorder) write(rec record) {
	if r == nil {
		return
	}
	b, _ := json.Marshal(rec)
	r.mu.Lock()
	defer r.mu.Unlock()
	_, _ = r.w.Write(append(b, '\n'))
}

func (r *recorder) close() {
	if r == nil {
		return
	}
	_ = r.w.Flush()
	_ = r.f.Close()
}

// errorCode is error.code of an error envelope, or "" when body is not one.
func errorCode(body []byte) string {
	var env struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &env) == nil {
		return env.Error.Code
	}
	// A 402 challenge's body is the PaymentRequired JSON: "error" is why.
	var challenge struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(body, &challenge) == nil && challenge.Error != "" {
		return "challenge: " + challenge.Error
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
