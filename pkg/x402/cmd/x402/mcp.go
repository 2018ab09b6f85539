package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intel402/intel402/pkg/x402/client"
	"github.com/intel402/intel402/pkg/x402/mcppay"
)

// runMCP is `x402 mcp call [--max 0.10] URL TOOL [ARGS-JSON]`: it calls an
// MCP tool over Streamable HTTP and pays it when it asks (the x402 MCP
// transport), writing the tool's structured output (else its text content)
// to stdout and the settlement to stderr.
func runMCP(ctx context.Context, args []string, env lookupEnv, version string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "call" {
		return fmt.Errorf("%w: mcp needs the subcommand call", errUsage)
	}
	fs := flag.NewFlagSet("mcp call", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	maxFlag := fs.String("max", "0.10", "maximum price in USDC")
	var pos []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(pos) < 2 || len(pos) > 3 {
		return fmt.Errorf("%w: mcp call needs URL TOOL [ARGS-JSON]", errUsage)
	}
	endpoint, tool := pos[0], pos[1]
	if u, err := url.Parse(endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: %q is not an absolute http(s) URL", errUsage, endpoint)
	}
	var arguments map[string]any
	if len(pos) == 3 {
		if err := json.Unmarshal([]byte(pos[2]), &arguments); err != nil {
			return fmt.Errorf("%w: ARGS-JSON must be a JSON object: %v", errUsage, err)
		}
	}
	max, err := parseUSDC(*maxFlag)
	if err != nil {
		return fmt.Errorf("%w: --max: %v", errUsage, err)
	}
	key, err := loadKey(env, "X402_PRIVATE_KEY")
	if err != nil {
		return err
	}
	payer, err := client.NewTransport(key, max)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, payTimeout)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "x402", Version: version}, nil)
	session, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, DisableStandaloneSSE: true}, nil)
	if err != nil {
		return fmt.Errorf("connect %s: %w", endpoint, err)
	}
	defer func() { _ = session.Close() }()

	call, err := mcppay.CallTool(ctx, session, payer, tool, arguments)
	if call.Result != nil {
		if werr := writeResult(stdout, call.Result); werr != nil {
			return werr
		}
	}
	if err != nil {
		return err
	}
	switch s := call.Settlement; {
	case s != nil && s.Success:
		_, _ = fmt.Fprintf(stderr, "x402: paid: tx=%s payer=%s network=%s\n", s.Transaction, s.Payer, s.Network)
	case s != nil:
		_, _ = fmt.Fprintf(stderr, "x402: settlement failed: reason=%s tx=%s\n", s.ErrorReason, s.Transaction)
	case call.Paid == nil:
		_, _ = fmt.Fprintln(stderr, "x402: no payment was required")
	}
	if call.Result.IsError {
		if call.Challenge != nil {
			return fmt.Errorf("tool %s refused the payment: %s", tool, call.Challenge.Error)
		}
		return fmt.Errorf("tool %s returned an error", tool)
	}
	return nil
}

// writeResult writes the structured output as JSON, else the text content.
func writeResult(w io.Writer, res *mcp.CallToolResult) error {
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return fmt.Errorf("encode result: %w", err)
		}
		_, err = fmt.Fprintln(w, string(b))
		return err
	}
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			if _, err := fmt.Fprintln(w, t.Text); err != nil {
				return err
			}
		}
	}
	return nil
}
