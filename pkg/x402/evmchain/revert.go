package evmchain

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"
)

// RevertError reports that the EVM reverted a call or a gas estimate.
type RevertError struct {
	// Reason is the decoded Error(string) or Panic(uint256) reason, or the
	// node's message when it returned no revert data; it may be empty.
	Reason string
	// Data is the raw revert data, e.g. a custom error; it may be empty.
	Data []byte
	err  error
}

func (e *RevertError) Error() string {
	if e.Reason != "" {
		return "execution reverted: " + e.Reason
	}
	if len(e.Data) > 0 {
		return fmt.Sprintf("execution reverted with data %s", hexutil.Encode(e.Data))
	}
	return "execution reverted"
}

// Unwrap returns the RPC error the revert was read from.
func (e *RevertError) Unwrap() error { return e.err }

// asRevert turns an RPC error that reports an EVM revert into a
// *RevertError and returns any other error unchanged.
func asRevert(err error) error {
	if err == nil {
		return nil
	}
	var dataErr rpc.DataError
	if errors.As(err, &dataErr) {
		if s, ok := dataErr.ErrorData().(string); ok {
			if data, decErr := hexutil.Decode(s); decErr == nil && len(data) > 0 {
				return &RevertError{Reason: unpackRevertReason(data), Data: data, err: err}
			}
		}
	}
	const marker = "execution reverted"
	msg := err.Error()
	i := strings.Index(msg, marker)
	if i < 0 {
		return err
	}
	reason := strings.TrimPrefix(strings.TrimSpace(msg[i+len(marker):]), ":")
	return &RevertError{Reason: strings.TrimSpace(reason), err: err}
}
