package smtpprobe

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// reply is one SMTP reply (RFC 5321 §4.2): a three-digit code and the text
// of each of its lines, without the code, the separator and the line end.
type reply struct {
	code  int
	lines []string
}

// Reply-reading errors.
var (
	// errReplyTooLong: the reply exceeded the byte cap (a server sending
	// endless lines, or one endless line, is cut here).
	errReplyTooLong = errors.New("reply longer than the byte cap")
	// errMalformedReply: a line that is not "ddd", "ddd text" or "ddd-text",
	// or a multi-line reply whose lines change code.
	errMalformedReply = errors.New("malformed reply")
)

// readReply reads one reply from r, consuming at most limit bytes (line ends
// included). Lines end in CRLF; a bare LF is accepted.
func readReply(r *bufio.Reader, limit int) (reply, error) {
	var rep reply
	used := 0
	for {
		line, err := readLine(r, limit-used)
		used += len(line)
		if err != nil {
			return reply{}, err
		}
		code, last, text, err := parseLine(line)
		if err != nil {
			return reply{}, err
		}
		if len(rep.lines) == 0 {
			rep.code = code
		} else if code != rep.code {
			return reply{}, fmt.Errorf("%w: code %d after %d", errMalformedReply, code, rep.code)
		}
		rep.lines = append(rep.lines, text)
		if last {
			return rep, nil
		}
	}
}

// readLine reads up to and including the next LF, failing once budget bytes
// have been read without one.
func readLine(r *bufio.Reader, budget int) ([]byte, error) {
	var line []byte
	for {
		if len(line) >= budget {
			return line, errReplyTooLong
		}
		b, err := r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return line, err
		}
		line = append(line, b)
		if b == '\n' {
			return line, nil
		}
	}
}

// parseLine splits one reply line ending in LF into its code, whether it is
// the reply's last line, and its text.
func parseLine(line []byte) (code int, last bool, text string, err error) {
	line = line[:len(line)-1]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	// RFC 5321 §4.2: the first digit is 2 to 5, the second 0 to 5.
	if len(line) < 3 || line[0] < '2' || line[0] > '5' || line[1] < '0' || line[1] > '5' || line[2] < '0' || line[2] > '9' {
		return 0, false, "", fmt.Errorf("%w: %q", errMalformedReply, clip(string(line)))
	}
	code = int(line[0]-'0')*100 + int(line[1]-'0')*10 + int(line[2]-'0')
	if len(line) == 3 {
		return code, true, "", nil
	}
	switch line[3] {
	case ' ':
		return code, true, string(line[4:]), nil
	case '-':
		return code, false, string(line[4:]), nil
	}
	return 0, false, "", fmt.Errorf("%w: %q", errMalformedReply, clip(string(line)))
}

// maxText is how much of a server's text a result or an error keeps.
const maxText = 200

// clip shortens s to maxText bytes and makes it printable UTF-8, for
// results and errors that quote a server.
func clip(s string) string {
	if len(s) > maxText {
		s = s[:maxText]
	}
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == '\uFFFD' {
			r = '?'
		}
		out = append(out, r)
	}
	return string(out)
}
