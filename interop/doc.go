// Package interop checks that our x402 server satisfies the official x402
// v2 TypeScript client (@x402/fetch with @x402/evm): its tests start a local
// chain and a paid service, run pay.mjs with node, and check the payment on
// chain. The package has no API; run it with go test.
package interop
