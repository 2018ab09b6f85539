#!/usr/bin/env node
// Compiles the Solidity sources in contracts/ with the pinned npm solc
// (solc-js, no compiler download) and writes the artifacts that Go embeds:
//
//   pkg/x402/x402test/artifacts/{EIP3009Token,TestWallet1271}.json  ABI + creation and runtime bytecode
//   pkg/x402/evmchain/abi/{IEIP3009Token,IERC1271}.json              interface ABIs for the JSON-RPC client
//
// The compile is deterministic: fixed source keys, fixed settings, no
// metadata hash appended to the bytecode, and keys written in a fixed order.
//
//   node scripts/compile-token.mjs           write the artifacts
//   node scripts/compile-token.mjs --check   exit 1 if a committed artifact differs from a fresh compile

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import solc from "solc";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const sources = ["contracts/IERC1271.sol", "contracts/IEIP3009Token.sol", "contracts/EIP3009Token.sol", "contracts/TestWallet1271.sol"];

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  metadata: { appendCBOR: false, bytecodeHash: "none" },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
};

// Each output: which contract of which source, where it goes, and whether
// bytecode is part of it (interfaces only carry an ABI).
const outputs = [
  { source: "contracts/EIP3009Token.sol", contract: "EIP3009Token", file: "pkg/x402/x402test/artifacts/EIP3009Token.json", code: true },
  { source: "contracts/TestWallet1271.sol", contract: "TestWallet1271", file: "pkg/x402/x402test/artifacts/TestWallet1271.json", code: true },
  { source: "contracts/IEIP3009Token.sol", contract: "IEIP3009Token", file: "pkg/x402/evmchain/abi/IEIP3009Token.json", code: false },
  { source: "contracts/IERC1271.sol", contract: "IERC1271", file: "pkg/x402/evmchain/abi/IERC1271.json", code: false },
];

function compile() {
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(sources.map((s) => [s, { content: readFileSync(join(root, s), "utf8") }])),
    settings,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const problems = (output.errors ?? []).filter((e) => e.severity === "error" || e.type === "Warning");
  if (problems.length > 0) {
    for (const e of problems) console.error(e.formattedMessage ?? e.message);
    throw new Error(`solc reported ${problems.length} error(s) or warning(s)`);
  }
  return output;
}

function artifact(output, o) {
  const c = output.contracts?.[o.source]?.[o.contract];
  if (!c) throw new Error(`solc produced no ${o.contract} in ${o.source}`);
  const a = {
    contractName: o.contract,
    sourcePath: o.source,
    compiler: { name: "solc", version: solc.version() },
    settings: { optimizer: settings.optimizer, evmVersion: settings.evmVersion, metadata: settings.metadata },
    abi: c.abi,
  };
  if (o.code) {
    a.bytecode = "0x" + c.evm.bytecode.object;
    a.deployedBytecode = "0x" + c.evm.deployedBytecode.object;
  }
  return JSON.stringify(a, null, 2) + "\n";
}

const check = process.argv.includes("--check");
const output = compile();
let stale = 0;
for (const o of outputs) {
  const path = join(root, o.file);
  const text = artifact(output, o);
  if (check) {
    let committed = "";
    try {
      committed = readFileSync(path, "utf8");
    } catch {
      // a missing artifact is stale
    }
    if (committed !== text) {
      console.error(`stale: ${relative(root, path)} differs from a fresh compile; run npm run compile`);
      stale++;
    }
    continue;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${relative(root, path)}`);
}
if (check) {
  if (stale > 0) process.exit(1);
  console.log(`ok: ${outputs.length} artifacts match solc ${solc.version()}`);
}
