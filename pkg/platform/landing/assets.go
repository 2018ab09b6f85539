package landing

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
)

// embedded holds what make webassets wrote into assets/ (Swagger UI from
// the pinned swagger-ui-dist, its licence files and PROVENANCE.json), or
// only the committed README when the binary was built without them.
//
//go:embed assets
var embedded embed.FS

// Embedded returns the Swagger UI assets compiled into this binary (the
// assets directory).
func Embedded() fs.FS {
	sub, err := fs.Sub(embedded, "assets")
	if err != nil {
		panic(err) // the directory is embedded by name: it is there
	}
	return sub
}

// The Swagger UI files /docs serves.
const (
	bundleFile = "swagger-ui-bundle.js"
	cssFile    = "swagger-ui.css"
)

// provenance is PROVENANCE.json as scripts/webassets.mjs writes it.
type provenance struct {
	Name       string            `json:"name"`
	Version    string            `json:"version"`
	Integrity  string            `json:"integrity"`
	License    string            `json:"license"`
	Repository string            `json:"repository"`
	Tarball    string            `json:"tarball"`
	Files      map[string]string `json:"files"` // file name: its sha256, hex
}

// swaggerUI is the Swagger UI package /docs serves, every file checked
// against its PROVENANCE.json.
type swaggerUI struct {
	prov     provenance
	bundle   []byte
	css      []byte
	licenses []byte // the /docs/licenses text
}

// errNoAssets says the binary carries no Swagger UI (no PROVENANCE.json).
var errNoAssets = errors.New("no Swagger UI assets embedded (the binary was built without make webassets)")

// loadSwaggerUI reads the Swagger UI package from fsys. It fails with
// errNoAssets when there is none, and with another error when
// PROVENANCE.json does not describe the files beside it (a file missing,
// changed, or one /docs needs not listed).
func loadSwaggerUI(fsys fs.FS) (*swaggerUI, error) {
	raw, err := fs.ReadFile(fsys, "PROVENANCE.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoAssets
	}
	if err != nil {
		return nil, fmt.Errorf("landing: assets: %w", err)
	}
	var prov provenance
	if err := json.Unmarshal(raw, &prov); err != nil {
		return nil, fmt.Errorf("landing: assets: PROVENANCE.json: %w", err)
	}
	if prov.Name == "" || prov.Version == "" || prov.License == "" {
		return nil, fmt.Errorf("landing: assets: PROVENANCE.json names no package, version or licence")
	}
	files := map[string][]byte{}
	for _, name := range slices.Sorted(maps.Keys(prov.Files)) {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("landing: assets: %s listed in PROVENANCE.json: %w", name, err)
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != prov.Files[name] {
			return nil, fmt.Errorf("landing: assets: %s differs from its sha256 in PROVENANCE.json", name)
		}
		files[name] = b
	}
	for _, name := range []string{bundleFile, cssFile} {
		if files[name] == nil {
			return nil, fmt.Errorf("landing: assets: PROVENANCE.json lists no %s", name)
		}
	}
	return &swaggerUI{prov: prov, bundle: files[bundleFile], css: files[cssFile], licenses: licenseText(prov, files)}, nil
}

// licenseText is /docs/licenses: the embedded package, where it came from,
// then each of its licence and notice files.
func licenseText(prov provenance, files map[string][]byte) []byte {
	var b strings.Builder
	b.WriteString("Third-party software served by this API reference (/docs)\n\n")
	fmt.Fprintf(&b, "%s %s\nLicense: %s\nSource: %s\nTarball: %s\nIntegrity: %s\n",
		prov.Name, prov.Version, prov.License, prov.Repository, prov.Tarball, prov.Integrity)
	for _, name := range slices.Sorted(maps.Keys(prov.Files)) {
		upper := strings.ToUpper(name)
		if !strings.Contains(upper, "LICENSE") && !strings.Contains(upper, "NOTICE") {
			continue
		}
		fmt.Fprintf(&b, "\n==== %s (%s) ====\n\n%s", name, prov.Name, files[name])
		if !strings.HasSuffix(string(files[name]), "\n") {
			b.WriteString("\n")
		}
	}
	return []byte(b.String())
}
