package facilitator

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Authenticator adds credentials to a facilitator request. A nil
// Authenticator sends none.
type Authenticator interface {
	Authorize(req *http.Request) error
}

// BearerToken sends a static "Authorization: Bearer <token>" header.
type BearerToken string

// Authorize implements Authenticator.
func (t BearerToken) Authorize(req *http.Request) error {
	if t == "" {
		return errors.New("facilitator: empty bearer token")
	}
	req.Header.Set("Authorization", "Bearer "+string(t))
	return nil
}

// CDPJWTLifetime is the lifetime of a CDP request JWT.
const CDPJWTLifetime = 120 * time.Second

// CDPAuth signs a fresh Coinbase Developer Platform JWT for every request
// with a CDP Secret API key (Ed25519 or ES256). The JWT binds the request:
// its "uris" claim is "METHOD host/full/path".
type CDPAuth struct {
	keyName string
	key     crypto.Signer
	now     func() time.Time
	rand    io.Reader
}

// NewCDPAuth returns a CDPAuth for the key called keyName. key must be an
// ed25519.PrivateKey or an *ecdsa.PrivateKey on P-256. now defaults to
// time.Now.
func NewCDPAuth(keyName string, key crypto.Signer, now func() time.Time) (*CDPAuth, error) {
	if keyName == "" {
		return nil, errors.New("facilitator: CDP key name is empty")
	}
	switch k := key.(type) {
	case ed25519.PrivateKey:
		if len(k) != ed25519.PrivateKeySize {
			return nil, errors.New("facilitator: CDP Ed25519 key has the wrong length")
		}
	case *ecdsa.PrivateKey:
		if k.Curve != elliptic.P256() {
			return nil, errors.New("facilitator: CDP ECDSA key must be on P-256 (ES256)")
		}
	default:
		return nil, fmt.Errorf("facilitator: CDP key type %T is not Ed25519 or ES256", key)
	}
	if now == nil {
		now = time.Now
	}
	return &CDPAuth{keyName: keyName, key: key, now: now, rand: rand.Reader}, nil
}

// ParseCDPSecret parses a CDP Secret API key as CDP hands it out: a PEM
// "EC PRIVATE KEY" / "PRIVATE KEY" block (ES256), or base64 of a 64-byte
// Ed25519 private key (or its 32-byte seed).
func ParseCDPSecret(secret string) (crypto.Signer, error) {
	secret = strings.TrimSpace(strings.ReplaceAll(secret, `\n`, "\n"))
	if block, _ := pem.Decode([]byte(secret)); block != nil {
		if k, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
			return k, nil
		}
		k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("facilitator: parse CDP PEM key: %w", err)
		}
		s, ok := k.(crypto.Signer)
		if !ok {
			return nil, fmt.Errorf("facilitator: CDP PEM key type %T cannot sign", k)
		}
		return s, nil
	}
	raw, err := base64.StdEncoding.DecodeString(secret)
	if err != nil {
		return nil, errors.New("facilitator: CDP secret is neither PEM nor base64")
	}
	switch len(raw) {
	case ed25519.PrivateKeySize:
		return ed25519.PrivateKey(raw), nil
	case ed25519.SeedSize:
		return ed25519.NewKeyFromSeed(raw), nil
	default:
		return nil, fmt.Errorf("facilitator: CDP Ed25519 secret is %d bytes, want 64 or 32", len(raw))
	}
}

// CDPClaims are the claims of a CDP request JWT.
type CDPClaims struct {
	Issuer    string   `json:"iss"`
	Subject   string   `json:"sub"`
	NotBefore int64    `json:"nbf"`
	Expires   int64    `json:"exp"`
	URIs      []string `json:"uris"`
}

// CDPHeader is the JOSE header of a CDP request JWT.
type CDPHeader struct {
	Algorithm string `json:"alg"`
	KeyID     string `json:"kid"`
	Nonce     string `json:"nonce"`
	Type      string `json:"typ"`
}

// Authorize implements Authenticator.
func (a *CDPAuth) Authorize(req *http.Request) error {
	tok, err := a.Token(req.Method, req.URL.Host, req.URL.Path)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	return nil
}

// Token returns a signed JWT for one request.
func (a *CDPAuth) Token(method, host, path string) (string, error) {
	nonce := make([]byte, 16)
	if _, err := io.ReadFull(a.rand, nonce); err != nil {
		return "", fmt.Errorf("facilitator: CDP JWT nonce: %w", err)
	}
	alg := "EdDSA"
	if _, ok := a.key.(*ecdsa.PrivateKey); ok {
		alg = "ES256"
	}
	now := a.now().Unix()
	h, err := json.Marshal(CDPHeader{Algorithm: alg, KeyID: a.keyName, Nonce: hex.EncodeToString(nonce), Type: "JWT"})
	if err != nil {
		return "", fmt.Errorf("facilitator: CDP JWT header: %w", err)
	}
	c, err := json.Marshal(CDPClaims{
		Issuer: "cdp", Subject: a.keyName, NotBefore: now, Expires: now + int64(CDPJWTLifetime/time.Second),
		URIs: []string{method + " " + host + path},
	})
	if err != nil {
		return "", fmt.Errorf("facilitator: CDP JWT claims: %w", err)
	}
	enc := base64.RawURLEncoding
	signing := enc.EncodeToString(h) + "." + enc.EncodeToString(c)
	sig, err := a.sign([]byte(signing))
	if err != nil {
		return "", err
	}
	return signing + "." + enc.EncodeToString(sig), nil
}

func (a *CDPAuth) sign(msg []byte) ([]byte, error) {
	switch k := a.key.(type) {
	case ed25519.PrivateKey:
		return ed25519.Sign(k, msg), nil
	case *ecdsa.PrivateKey:
		sum := sha256.Sum256(msg)
		r, s, err := ecdsa.Sign(a.rand, k, sum[:])
		if err != nil {
			return nil, fmt.Errorf("facilitator: CDP JWT ES256 sign: %w", err)
		}
		out := make([]byte, 64)
		r.FillBytes(out[:32])
		s.FillBytes(out[32:])
		return out, nil
	default:
		return nil, fmt.Errorf("facilitator: unsupported CDP key type %T", a.key)
	}
}
