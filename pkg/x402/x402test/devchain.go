package x402test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

// ChainID is the chain id the dev chain runs with: Base mainnet's, so that
// USDC's production EIP-712 domain separator applies.
const ChainID = 8453

// USDCAddressHex is USDC's address on Base, where InstallUSDC places the
// dev token.
const USDCAddressHex = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"

// USDCAddress returns USDC's address on Base.
func USDCAddress() common.Address {
	return common.HexToAddress(USDCAddressHex)
}

// receiptWait bounds how long a helper waits for its own transaction.
const receiptWait = 30 * time.Second

// DevChain drives a local anvil chain over JSON-RPC with anvil's cheat
// methods and unlocked dev accounts. It is for tests and dev tooling only.
type DevChain struct {
	rpc    *rpc.Client
	eth    *ethclient.Client
	token  Artifact
	wallet Artifact
	// sender is the unlocked anvil account the helpers send from: the last
	// of eth_accounts, away from the keys tests sign with.
	sender common.Address
}

// DialDevChain connects to the anvil node at rpcURL.
func DialDevChain(ctx context.Context, rpcURL string) (*DevChain, error) {
	token, err := TokenArtifact()
	if err != nil {
		return nil, err
	}
	wallet, err := TestWalletArtifact()
	if err != nil {
		return nil, err
	}
	rc, err := rpc.DialContext(ctx, rpcURL)
	if err != nil {
		return nil, fmt.Errorf("x402test: dial %s: %w", rpcURL, err)
	}
	var accounts []common.Address
	if err := rc.CallContext(ctx, &accounts, "eth_accounts"); err != nil {
		rc.Close()
		return nil, fmt.Errorf("x402test: eth_accounts: %w", err)
	}
	if len(accounts) == 0 {
		rc.Close()
		return nil, errors.New("x402test: node has no unlocked accounts: not an anvil dev node")
	}
	return &DevChain{rpc: rc, eth: ethclient.NewClient(rc), token: token, wallet: wallet, sender: accounts[len(accounts)-1]}, nil
}

// Close closes the RPC connection.
func (d *DevChain) Close() {
	d.rpc.Close()
}

// InstallUSDC places the dev token's runtime code at USDC's Base address
// with anvil_setCode and returns that address.
func (d *DevChain) InstallUSDC(ctx context.Context) (common.Address, error) {
	usdc := USDCAddress()
	if err := d.rpc.CallContext(ctx, nil, "anvil_setCode", usdc, hexutil.Bytes(d.token.Runtime)); err != nil {
		return common.Address{}, fmt.Errorf("x402test: anvil_setCode at %s: %w", usdc, err)
	}
	return usdc, nil
}

// Mint mints amount atomic units of dev USDC to to. InstallUSDC must have
// run first.
func (d *DevChain) Mint(ctx context.Context, to common.Address, amount *big.Int) error {
	data, err := d.token.ABI.Pack("mint", to, amount)
	if err != nil {
		return fmt.Errorf("x402test: encode mint: %w", err)
	}
	usdc := USDCAddress()
	if _, err := d.transact(ctx, &usdc, data); err != nil {
		return fmt.Errorf("x402test: mint %s to %s: %w", amount, to, err)
	}
	return nil
}

// DeployTestWallet deploys an EIP-1271 TestWallet1271 owned by owner and
// returns its address.
func (d *DevChain) DeployTestWallet(ctx context.Context, owner common.Address) (common.Address, error) {
	args, err := d.wallet.ABI.Pack("", owner)
	if err != nil {
		return common.Address{}, fmt.Errorf("x402test: encode wallet constructor: %w", err)
	}
	code := append(append([]byte{}, d.wallet.Bytecode...), args...)
	receipt, err := d.transact(ctx, nil, code)
	if err != nil {
		return common.Address{}, fmt.Errorf("x402test: deploy test wallet: %w", err)
	}
	return receipt.ContractAddress, nil
}

// Balance returns who's dev USDC balance.
func (d *DevChain) Balance(ctx context.Context, who common.Address) (*big.Int, error) {
	data, err := d.token.ABI.Pack("balanceOf", who)
	if err != nil {
		return nil, fmt.Errorf("x402test: encode balanceOf: %w", err)
	}
	usdc := USDCAddress()
	out, err := d.eth.CallContract(ctx, ethereum.CallMsg{To: &usdc, Data: data}, nil)
	if err != nil {
		return nil, fmt.Errorf("x402test: balanceOf %s: %w", who, err)
	}
	res, err := d.token.ABI.Unpack("balanceOf", out)
	if err != nil {
		return nil, fmt.Errorf("x402test: decode balanceOf %s: %w", who, err)
	}
	bal, ok := res[0].(*big.Int)
	if !ok {
		return nil, fmt.Errorf("x402test: balanceOf %s returned %T", who, res[0])
	}
	return bal, nil
}

// LatestTime returns the timestamp of the latest block.
func (d *DevChain) LatestTime(ctx context.Context) (uint64, error) {
	head, err := d.eth.HeaderByNumber(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("x402test: latest header: %w", err)
	}
	return head.Time, nil
}

// transact sends a transaction from the unlocked helper account (to nil
// deploys), waits for its receipt and fails unless it succeeded. The node
// assigns the nonce, so concurrent helpers do not collide.
func (d *DevChain) transact(ctx context.Context, to *common.Address, data []byte) (*types.Receipt, error) {
	tx := map[string]any{"from": d.sender, "data": hexutil.Bytes(data)}
	if to != nil {
		tx["to"] = *to
	}
	var hash common.Hash
	if err := d.rpc.CallContext(ctx, &hash, "eth_sendTransaction", tx); err != nil {
		return nil, fmt.Errorf("eth_sendTransaction: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, receiptWait)
	defer cancel()
	for {
		receipt, err := d.eth.TransactionReceipt(ctx, hash)
		if err == nil {
			if receipt.Status != types.ReceiptStatusSuccessful {
				return nil, fmt.Errorf("transaction %s failed", hash)
			}
			return receipt, nil
		}
		if !errors.Is(err, ethereum.NotFound) {
			return nil, fmt.Errorf("receipt of %s: %w", hash, err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("receipt of %s: %w", hash, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// SetupDevChain prepares a running anvil node at rpcURL for local x402
// payments: it installs the dev token at USDC's address and mints amount
// atomic units to each address in fund. Running it again re-installs the
// code (balances are kept) and mints again.
func SetupDevChain(ctx context.Context, rpcURL string, fund []common.Address, amount *big.Int) error {
	d, err := DialDevChain(ctx, rpcURL)
	if err != nil {
		return err
	}
	defer d.Close()
	var chainID hexutil.Big
	if err := d.rpc.CallContext(ctx, &chainID, "eth_chainId"); err != nil {
		return fmt.Errorf("x402test: eth_chainId: %w", err)
	}
	if chainID.ToInt().Int64() != ChainID {
		return fmt.Errorf("x402test: dev chain has chain id %s, want %d (start anvil with --chain-id %d)", chainID.ToInt(), ChainID, ChainID)
	}
	if _, err := d.InstallUSDC(ctx); err != nil {
		return err
	}
	for _, a := range fund {
		if err := d.Mint(ctx, a, amount); err != nil {
			return err
		}
	}
	return nil
}
