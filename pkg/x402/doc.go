// Package x402 holds the x402 version 2 wire types, the HTTP header codec,
// the exact-EVM error reasons, well-known networks and assets, and the
// Facilitator interface shared by the facilitator client, the local
// facilitator and the echo middleware.
//
// Everything here is transport-neutral: no HTTP framework, no chain access.
package x402
