// Package evmchain is the x402 facilitator's view of an EVM chain (Base,
// or a local anvil in tests): a JSON-RPC Client that reads what settlement
// depends on — the chain id, an EIP-3009 token's EIP-712 name and
// version, balances, whether an authorization's nonce is used
// (AuthorizationState) or was executed to a payee (AuthorizationExecuted,
// from the token's logs), EIP-1271 signatures of contract wallets — and,
// when dialled with a settlement key, simulates and sends
// transferWithAuthorization and waits for its receipt (a revert comes back
// as a *RevertError with the token's reason). The ABIs (abi/) are
// compiled from the interfaces contracts/IEIP3009Token.sol and
// contracts/IERC1271.sol by scripts/compile-token.mjs.
package evmchain
