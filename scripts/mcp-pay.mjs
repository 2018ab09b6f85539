// mcp-pay.mjs calls one x402-paid MCP tool with the official TypeScript MCP
// SDK (@modelcontextprotocol/sdk, Streamable HTTP) and pays it with the
// official x402 client (@x402/fetch's x402Client + @x402/evm, exact scheme on
// every eip155 network), following the x402 MCP transport: the unpaid call's
// isError result carries the PaymentRequired (structuredContent, else the
// JSON in content[0].text); the paid call sends the PaymentPayload object in
// params._meta["x402/payment"]; the settlement comes back in the result's
// _meta["x402/payment-response"]. It prints one JSON line:
// {"challenge", "isError", "structuredContent", "paymentResponse"}.
//
// Usage: X402_PRIVATE_KEY=0x... node scripts/mcp-pay.mjs MCP-URL TOOL [ARGS-JSON]
// Exit status 0 when the paid call returned (whatever its result), 1 on any error.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { x402Client } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm";
import { privateKeyToAccount } from "viem/accounts";

function fail(message) {
  process.stderr.write(`mcp-pay.mjs: ${message}\n`);
  process.exit(1);
}

const [url, tool, argsJSON] = process.argv.slice(2);
let key = process.env.X402_PRIVATE_KEY ?? "";
if (!url || !tool) fail("usage: X402_PRIVATE_KEY=0x... node mcp-pay.mjs MCP-URL TOOL [ARGS-JSON]");
if (!key) fail("X402_PRIVATE_KEY is not set");
if (!key.startsWith("0x")) key = `0x${key}`;
const args = argsJSON ? JSON.parse(argsJSON) : {};

function paymentRequired(result) {
  if (!result?.isError) return null;
  const sc = result.structuredContent;
  if (sc && sc.x402Version && Array.isArray(sc.accepts)) return sc;
  const text = result.content?.[0]?.type === "text" ? result.content[0].text : null;
  if (!text) return null;
  try {
    const pr = JSON.parse(text);
    return pr.x402Version && Array.isArray(pr.accepts) ? pr : null;
  } catch {
    return null;
  }
}

const account = privateKeyToAccount(key);
const payer = new x402Client().register("eip155:*", new ExactEvmScheme(account));
const client = new Client({ name: "mcp-pay.mjs", version: "1.0.0" });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const first = await client.callTool({ name: tool, arguments: args });
  const challenge = paymentRequired(first);
  if (!challenge) fail(`the unpaid call asked for no payment: ${JSON.stringify(first)}`);
  const payload = await payer.createPaymentPayload(challenge);
  const paid = await client.callTool({ name: tool, arguments: args, _meta: { "x402/payment": payload } });
  process.stdout.write(JSON.stringify({
    challenge,
    isError: paid.isError ?? false,
    structuredContent: paid.structuredContent ?? null,
    paymentResponse: paid._meta?.["x402/payment-response"] ?? null,
  }) + "\n");
  await client.close();
} catch (err) {
  fail(err?.stack ?? String(err));
}
