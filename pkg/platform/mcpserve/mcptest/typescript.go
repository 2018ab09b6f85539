package mcptest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/intel402/intel402/pkg/x402"
)

// TypeScriptResult is what scripts/mcp-pay.mjs reports of one paid call made
// with the official TypeScript MCP SDK and @x402/evm.
type TypeScriptResult struct {
	Challenge         x402.PaymentRequired `json:"challenge"`
	IsError           bool                 `json:"isError"`
	StructuredContent json.RawMessage      `json:"structuredContent"`
	PaymentResponse   *x402.SettleResponse `json:"paymentResponse"`
}

// PayWithTypeScript calls tool at endpoint (a service's /mcp) with args (a
// JSON object) through scripts/mcp-pay.mjs, paying with the hex key. The
// test is skipped without node and the npm packages, and fails under
// CI=true, where the interop check must run.
func PayWithTypeScript(tb testing.TB, endpoint, tool, args, keyHex string) TypeScriptResult {
	tb.Helper()
	node, root := typeScriptClient(tb)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(root, "scripts", "mcp-pay.mjs"), endpoint, tool, args)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "X402_PRIVATE_KEY=0x"+keyHex)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		tb.Fatalf("mcptest: node mcp-pay.mjs: %v\nstdout: %s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	var res TypeScriptResult
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); err != nil {
		tb.Fatalf("mcptest: mcp-pay.mjs output is not one JSON line: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	return res
}

// typeScriptClient finds node and the repository root (the directory of
// go.work) holding the npm packages mcp-pay.mjs imports.
func typeScriptClient(tb testing.TB) (node, root string) {
	tb.Helper()
	unavailable := func(msg string) {
		tb.Helper()
		msg += ": install Node.js and run `npm install --no-audit --no-fund` at the repository root"
		if os.Getenv("CI") == "true" {
			tb.Fatal("interop: " + msg + " (CI=true: the interop test must run)")
		}
		tb.Skip("interop: " + msg)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		unavailable("no node on PATH")
	}
	wd, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			root = dir
			break
		}
		if filepath.Dir(dir) == dir {
			unavailable("no go.work above " + wd)
		}
	}
	for _, pkg := range []string{"@modelcontextprotocol/sdk", "@x402/fetch", "@x402/evm", "viem"} {
		if _, err := os.Stat(filepath.Join(root, "node_modules", pkg, "package.json")); err != nil {
			unavailable(pkg + " is not installed in " + filepath.Join(root, "node_modules"))
		}
	}
	return node, root
}
