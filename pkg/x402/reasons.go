package x402

// Error reasons reported in VerifyResponse.InvalidReason and
// SettleResponse.ErrorReason. The exact-EVM strings are those the reference
// Go/TypeScript SDKs emit; clients should treat reasons as opaque.
const (
	ReasonInvalidExactEVMScheme          = "invalid_exact_evm_scheme"
	ReasonNetworkMismatch                = "invalid_exact_evm_network_mismatch"
	ReasonMissingEIP712Domain            = "invalid_exact_evm_missing_eip712_domain"
	ReasonInvalidExactEVMPayload         = "invalid_exact_evm_payload"
	ReasonMissingSignature               = "invalid_exact_evm_payload_missing_signature"
	ReasonSignatureFormat                = "invalid_exact_evm_signature_format"
	ReasonRecipientMismatch              = "invalid_exact_evm_recipient_mismatch"
	ReasonAuthorizationValueMismatch     = "invalid_exact_evm_payload_authorization_value_mismatch"
	ReasonValidBefore                    = "invalid_exact_evm_payload_authorization_valid_before"
	ReasonValidAfter                     = "invalid_exact_evm_payload_authorization_valid_after"
	ReasonInvalidSignature               = "invalid_exact_evm_signature"
	ReasonUndeployedSmartWallet          = "invalid_exact_evm_payload_undeployed_smart_wallet"
	ReasonNonceAlreadyUsed               = "invalid_exact_evm_nonce_already_used"
	ReasonEIP3009NotSupported            = "invalid_exact_evm_eip3009_not_supported"
	ReasonTokenNameMismatch              = "invalid_exact_evm_token_name_mismatch"
	ReasonTokenVersionMismatch           = "invalid_exact_evm_token_version_mismatch"
	ReasonInsufficientBalance            = "invalid_exact_evm_insufficient_balance"
	ReasonTransactionSimulationFailed    = "invalid_exact_evm_transaction_simulation_failed"
	ReasonTransactionFailed              = "invalid_exact_evm_transaction_failed"
	ReasonFailedToExecuteTransfer        = "invalid_exact_evm_failed_to_execute_transfer"
	ReasonFailedToGetReceipt             = "invalid_exact_evm_failed_to_get_receipt"
	ReasonFailedToCheckDeployment        = "invalid_exact_evm_failed_to_check_deployment"
	ReasonFailedToVerifySignature        = "invalid_exact_evm_failed_to_verify_signature"
	ReasonERC6492Unsupported             = "invalid_exact_evm_erc6492_unsupported"
	ReasonInvalidPaymentRequirements     = "invalid_payment_requirements"
	ReasonInvalidX402Version             = "invalid_x402_version"
	ReasonUnsupportedScheme              = "unsupported_scheme"
	ReasonInvalidNetwork                 = "invalid_network"
	ReasonUnexpectedVerifyError          = "unexpected_verify_error"
	ReasonUnexpectedSettleError          = "unexpected_settle_error"
	ReasonFacilitatorUnavailable         = "facilitator_unavailable"
	ReasonAuthorizationAlreadyInProgress = "authorization_already_in_flight"
	// ReasonSettlementPending (SettleResponse.ErrorReason, with the
	// broadcast transaction in Transaction) is non-terminal: the settlement
	// was sent but its confirmation could not be observed, so the payer may
	// yet be charged. Settle the same payload again to reconcile; never ask
	// for a new payment on it (SettleResponse.Pending).
	ReasonSettlementPending = "settlement_pending"
)

// Rejection is a payment refused for a documented reason: the facilitator
// answered isValid:false / success:false, or a local check failed. It is
// never a transport failure.
type Rejection struct {
	Reason  string
	Message string
}

func (r *Rejection) Error() string {
	if r.Message == "" {
		return "x402 payment rejected: " + r.Reason
	}
	return "x402 payment rejected: " + r.Reason + ": " + r.Message
}
