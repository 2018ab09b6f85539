package classify

import "strings"

// sector is a suffix-based classification.
type sector int

const (
	sectorNone sector = iota
	sectorGovernment
	sectorEducation
)

// governmentSuffixes are suffixes reserved for government bodies (TLDs
// and second-level zones whose registration requires a public body).
func governmentSuffixes() []string {
	return []string{
		"gov", "mil", "gov.uk", "mod.uk", "nhs.uk", "police.uk", "gouv.fr", "gc.ca", "gov.au", "gov.nz", "govt.nz",
		"gov.in", "nic.in", "gov.br", "gob.mx", "gob.es", "gob.ar", "gob.cl", "gov.co", "gob.pe", "go.jp",
		"go.kr", "gov.cn", "gov.sg", "gov.my", "gov.ph", "go.id", "go.th", "gov.za", "gov.ie", "gv.at",
		"gov.it", "gov.pl", "gov.pt", "gov.gr", "gov.tr", "gov.il", "gov.sa", "gov.ae", "gov.eg", "gov.ng",
		"go.ke", "gov.ua", "gov.hk", "gov.tw",
	}
}

// educationSuffixes are suffixes reserved for educational institutions.
func educationSuffixes() []string {
	return []string{
		"edu", "ac.uk", "sch.uk", "edu.au", "ac.nz", "school.nz", "ac.jp", "ac.kr", "edu.cn", "ac.cn",
		"ac.in", "edu.in", "res.in", "ac.za", "ac.il", "edu.sg", "edu.my", "edu.ph", "ac.id", "ac.th",
		"edu.br", "edu.mx", "edu.ar", "edu.co", "edu.pe", "edu.tr", "edu.pl", "edu.gr", "edu.pt",
		"edu.hk", "edu.tw", "ac.at", "ac.be", "edu.es", "edu.eg", "edu.ng", "ac.ke", "edu.ua", "edu.sa",
		"ac.ae",
	}
}

// sectorOf classifies an ASCII domain name by its suffix. It also knows
// the US K-12 school namespace "<district>.k12.<state>.us".
func sectorOf(ascii string) (sector, string) {
	name := normaliseHost(ascii)
	under := func(s string) bool { return name == s || strings.HasSuffix(name, "."+s) }
	for _, s := range governmentSuffixes() {
		if under(s) {
			return sectorGovernment, s
		}
	}
	for _, s := range educationSuffixes() {
		if under(s) {
			return sectorEducation, s
		}
	}
	labels := strings.Split(name, ".")
	if n := len(labels); n >= 4 && labels[n-1] == "us" && labels[n-3] == "k12" {
		return sectorEducation, strings.Join(labels[n-3:], ".")
	}
	return sectorNone, ""
}
