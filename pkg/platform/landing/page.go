package landing

import (
	"fmt"
	"html/template"
	"strings"
)

// page is what web/index.html renders: the index, and for people the
// commands that call each operation and its abridged example answer.
type page struct {
	Index
	CSS   template.CSS // web/landing.css
	Intro []segment    // Description, its `code` spans apart
	// LocalBase is the address make run serves the service at (the OpenAPI
	// document's first server), named beside $BASE in the examples.
	LocalBase string
	Ops       []pageOp
	MCPCall   string // an x402 mcp call of the first paid tool
	Fetch     string // the @x402/fetch snippet calling the first operation
}

type pageOp struct {
	Operation
	Curl   string // the call without payment: its 402 challenge
	Pay    string // the call paid with the x402 CLI
	Answer string // the abridged 200 example, "" for none
}

// segment is a run of text, shown as code or not.
type segment struct {
	Text string
	Code bool
}

// codeSpans splits s at its backticks: "a `b` c" is a, b (code), c.
func codeSpans(s string) []segment {
	parts := strings.Split(s, "`")
	out := make([]segment, 0, len(parts))
	for i, p := range parts {
		if p != "" {
			out = append(out, segment{Text: p, Code: i%2 == 1 && i < len(parts)-1})
		}
	}
	return out
}

func newPage(ix Index, examples []example, localBase string) page {
	p := page{Index: ix, Intro: codeSpans(ix.Description), LocalBase: localBase}
	for i, op := range ix.Operations {
		ex := examples[i]
		target := `"$BASE` + op.Path
		if ex.Query != "" {
			target += "?" + ex.Query
		}
		target += `"`
		var data string
		if ex.Body != "" {
			data = " -d " + shellQuote(ex.Body)
		}
		curl := "curl -i " + target // GET; with a body, curl POSTs
		if data != "" {
			curl += " -H 'Content-Type: application/json'" + data
		}
		p.Ops = append(p.Ops, pageOp{
			Operation: op,
			Curl:      curl,
			Pay:       fmt.Sprintf("x402 pay --max %s %s %s%s", op.PriceUSD, op.Method, target, data),
			Answer:    ex.Answer,
		})
	}
	if len(p.Ops) > 0 {
		first, ex := p.Ops[0], examples[0]
		args := ex.Body
		if args == "" {
			args = "{}"
			if len(ex.Params) > 0 {
				args = jsonText(ex.Params)
			}
		}
		p.MCPCall = fmt.Sprintf(`x402 mcp call --max %s "$BASE%s" %s %s`, first.PriceUSD, ix.MCP.Endpoint, first.MCPTool, shellQuote(args))
		p.Fetch = fetchSnippet(first, ex)
	}
	return p
}

// fetchSnippet is the TypeScript that calls op with the official x402
// client, @x402/fetch's wrapFetchWithPayment with the exact EVM scheme.
func fetchSnippet(op pageOp, ex example) string {
	target := "`${BASE}" + op.Path
	if ex.Query != "" {
		target += "?" + ex.Query
	}
	target += "`"
	call := "await fetchWithPayment(" + target + ")"
	if ex.Body != "" {
		call = "await fetchWithPayment(" + target + ", {\n" +
			"  method: \"" + op.Method + "\",\n" +
			"  headers: { \"Content-Type\": \"application/json\" },\n" +
			"  body: JSON.stringify(" + ex.Body + "),\n" +
			"})"
	}
	return `import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm";
import { privateKeyToAccount } from "viem/accounts";

const BASE = process.env.BASE; // the address of this page
const account = privateKeyToAccount(process.env.X402_PRIVATE_KEY);
const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
const fetchWithPayment = wrapFetchWithPayment(fetch, client);

const res = ` + call + `;
console.log(res.status, await res.json());`
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
