// Package paytest is test support, not production code: the payment side
// of a paid service as tests need it. Env is the X402_* environment of a
// service settling through the built-in facilitator; Wire assembles
// payments.Middleware from an environment as production does; PricesFromDoc
// reads the prices a contract announces. Chain reads and drives the chain
// side of a payment on a local anvil chain: balances, authorizationState,
// and spending an authorization first (SpendFirst) so that a settlement
// fails. The on-chain end-to-end and interop tests of company-intel use it
// against the real service; package payments' own tests use Wire.
package paytest
