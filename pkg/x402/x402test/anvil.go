package x402test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

const (
	anvilStartTimeout = 60 * time.Second
	anvilStopTimeout  = 5 * time.Second
	listenMarker      = "Listening on "
)

// Anvil is a running anvil node owned by one test.
type Anvil struct {
	// RPCURL is the node's HTTP JSON-RPC endpoint on 127.0.0.1.
	RPCURL string
	// Keys are DevKey(0), DevKey(1) and DevKey(2): funded with ETH, public.
	Keys []*ecdsa.PrivateKey

	tb  testing.TB
	dev *DevChain
}

// StartAnvil starts anvil from the repository's node_modules on a free
// 127.0.0.1 port with chain id 8453 and stops it when the test ends. When
// anvil is not installed it skips the test ("run npm install"), or fails it
// when CI=true.
func StartAnvil(tb testing.TB) *Anvil {
	tb.Helper()
	bin, err := FindAnvil()
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("x402test: anvil is required under CI: %v; run `npm install --no-audit --no-fund` at the repository root", err)
		}
		tb.Skipf("x402test: anvil not available (%v): run npm install --no-audit --no-fund at the repository root", err)
	}

	logPath := filepath.Join(tb.TempDir(), "anvil.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		tb.Fatalf("x402test: create anvil log: %v", err)
	}
	cmd := exec.Command(bin, "--host", "127.0.0.1", "--port", "0", "--chain-id", fmt.Sprint(ChainID))
	cmd.Stdout = logFile
	cmd.Stderr = logFile
	if err := cmd.Start(); err != nil {
		_ = logFile.Close()
		tb.Fatalf("x402test: start %s: %v", bin, err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		_ = logFile.Close()
		close(exited)
	}()
	tb.Cleanup(func() { stopProcess(cmd, exited) })

	ctx, cancel := context.WithTimeout(context.Background(), anvilStartTimeout)
	defer cancel()
	addr, err := waitForListen(ctx, logPath, exited)
	if err != nil {
		tb.Fatalf("x402test: anvil did not start: %v\n%s", err, tail(logPath))
	}
	a := &Anvil{RPCURL: "http://" + addr, tb: tb}
	for {
		a.dev, err = DialDevChain(ctx, a.RPCURL)
		if err == nil {
			if _, err = a.dev.LatestTime(ctx); err == nil {
				break
			}
			a.dev.Close()
		}
		select {
		case <-ctx.Done():
			tb.Fatalf("x402test: anvil at %s does not answer: %v\n%s", a.RPCURL, err, tail(logPath))
		case <-exited:
			tb.Fatalf("x402test: anvil exited\n%s", tail(logPath))
		case <-time.After(20 * time.Millisecond):
		}
	}
	tb.Cleanup(a.dev.Close)
	for i := range 3 {
		key, err := DevKey(i)
		if err != nil {
			tb.Fatal(err)
		}
		a.Keys = append(a.Keys, key)
	}
	return a
}

// Address returns the address of Keys[i].
func (a *Anvil) Address(i int) common.Address {
	return crypto.PubkeyToAddress(a.Keys[i].PublicKey)
}

// Dev returns the DevChain the helpers use, for calls that return errors
// instead of failing the test.
func (a *Anvil) Dev() *DevChain {
	return a.dev
}

// InstallUSDC places the dev token at USDC's Base address and returns it.
func (a *Anvil) InstallUSDC(ctx context.Context) common.Address {
	a.tb.Helper()
	usdc, err := a.dev.InstallUSDC(ctx)
	if err != nil {
		a.tb.Fatal(err)
	}
	return usdc
}

// Mint mints amount atomic units of dev USDC to to.
func (a *Anvil) Mint(ctx context.Context, to common.Address, amount *big.Int) {
	a.tb.Helper()
	if err := a.dev.Mint(ctx, to, amount); err != nil {
		a.tb.Fatal(err)
	}
}

// DeployTestWallet deploys an EIP-1271 wallet owned by owner.
func (a *Anvil) DeployTestWallet(ctx context.Context, owner common.Address) common.Address {
	a.tb.Helper()
	w, err := a.dev.DeployTestWallet(ctx, owner)
	if err != nil {
		a.tb.Fatal(err)
	}
	return w
}

// Balance returns who's dev USDC balance.
func (a *Anvil) Balance(ctx context.Context, who common.Address) *big.Int {
	a.tb.Helper()
	bal, err := a.dev.Balance(ctx, who)
	if err != nil {
		a.tb.Fatal(err)
	}
	return bal
}

// LatestTime returns the latest block's timestamp.
func (a *Anvil) LatestTime(ctx context.Context) uint64 {
	a.tb.Helper()
	t, err := a.dev.LatestTime(ctx)
	if err != nil {
		a.tb.Fatal(err)
	}
	return t
}

// FindAnvil locates the anvil installed by `npm install` at the repository
// root: the directory holding go.work, found by walking up from the working
// directory. It prefers the platform package's native binary over the
// node_modules/.bin/anvil wrapper (a node script that spawns it), so that
// stopping the process stops anvil itself.
func FindAnvil() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	root, err := findUp(wd, "go.work")
	if err != nil {
		return "", err
	}
	wrapper := filepath.Join(root, "node_modules", ".bin", "anvil")
	if _, err := os.Stat(wrapper); err != nil {
		return "", fmt.Errorf("no %s", wrapper)
	}
	if native, ok := nativeAnvil(root); ok {
		return native, nil
	}
	return wrapper, nil
}

// findUp returns the nearest directory at or above dir that contains name.
func findUp(dir, name string) (string, error) {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, name)); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no %s in %s or any parent", name, dir)
		}
		d = parent
	}
}

// nativeAnvil returns the binary of @foundry-rs/anvil's platform package,
// e.g. node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil.
func nativeAnvil(root string) (string, bool) {
	platform, exe := runtime.GOOS, "anvil"
	if platform == "windows" {
		platform, exe = "win32", "anvil.exe"
	}
	p := filepath.Join(root, "node_modules", "@foundry-rs", "anvil-"+platform+"-"+runtime.GOARCH, "bin", exe)
	if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
		return p, true
	}
	return "", false
}

// waitForListen polls anvil's log for its "Listening on host:port" line.
func waitForListen(ctx context.Context, logPath string, exited <-chan struct{}) (string, error) {
	for {
		if addr, ok := listenAddr(logPath); ok {
			return addr, nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-exited:
			if addr, ok := listenAddr(logPath); ok {
				return addr, nil
			}
			return "", errors.New("anvil exited before listening")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func listenAddr(logPath string) (string, bool) {
	f, err := os.Open(logPath)
	if err != nil {
		return "", false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), listenMarker); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// stopProcess asks the process to terminate (the npm wrapper forwards
// SIGTERM to anvil) and kills it if it has not exited in time.
func stopProcess(cmd *exec.Cmd, exited <-chan struct{}) {
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		_ = cmd.Process.Kill()
	}
	select {
	case <-exited:
	case <-time.After(anvilStopTimeout):
		_ = cmd.Process.Kill()
		<-exited
	}
}

// tail returns the end of anvil's log for failure messages.
func tail(logPath string) string {
	b, err := os.ReadFile(logPath)
	if err != nil {
		return ""
	}
	const max = 4000
	if len(b) > max {
		b = b[len(b)-max:]
	}
	return "anvil log:\n" + string(b)
}
