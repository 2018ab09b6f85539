// Package paytest is test support, not production code: it starts a
// company-intel-shaped paid service on a loopback port through the
// production payment wiring (platform server, CORS, strict JSON with the
// body limit, input validation before payment, payments.Middleware with
// the facilitator payments.NewFacilitator selects), and reads the chain
// side of a payment (balances, authorizationState, spending an
// authorization first) on a local anvil chain. It is shared by the
// end-to-end tests of package payments and the interop tests with the
// official x402 TypeScript client.
package paytest
