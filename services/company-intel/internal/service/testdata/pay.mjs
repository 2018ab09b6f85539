// pay.mjs calls one x402-protected URL with the official x402 v2 TypeScript
// client (@x402/fetch + @x402/evm, exact scheme on every eip155 network) and
// prints one JSON line: {"status", "body", "paymentResponse"}.
//
// Usage: X402_PRIVATE_KEY=0x... node services/company-intel/internal/service/testdata/pay.mjs URL [JSON-BODY]
// (or X402_URL / X402_BODY in the environment). With a body the request is
// a POST with Content-Type application/json, otherwise a GET. Exit status 0
// when a response was received (whatever its status), 1 on any error.
import { wrapFetchWithPayment, x402Client, decodePaymentResponseHeader } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm";
import { privateKeyToAccount } from "viem/accounts";

function fail(message) {
  process.stderr.write(`pay.mjs: ${message}\n`);
  process.exit(1);
}

const url = process.argv[2] ?? process.env.X402_URL;
const body = process.argv[3] ?? process.env.X402_BODY;
let key = process.env.X402_PRIVATE_KEY ?? "";
if (!url) fail("usage: X402_PRIVATE_KEY=0x... node pay.mjs URL [JSON-BODY]");
if (!key) fail("X402_PRIVATE_KEY is not set");
if (!key.startsWith("0x")) key = `0x${key}`;

const account = privateKeyToAccount(key);
const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
const payingFetch = wrapFetchWithPayment(fetch, client);

const init = body === undefined
  ? { method: "GET" }
  : { method: "POST", headers: { "Content-Type": "application/json" }, body };

try {
  const res = await payingFetch(url, init);
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: report the text as is
  }
  const header = res.headers.get("PAYMENT-RESPONSE");
  const paymentResponse = header ? decodePaymentResponseHeader(header) : null;
  process.stdout.write(JSON.stringify({ status: res.status, body: parsed, paymentResponse }) + "\n");
} catch (err) {
  fail(err?.stack ?? String(err));
}
