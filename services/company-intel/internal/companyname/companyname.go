// Package companyname is company-intel's one owner of "are these two names
// the same company": the normal form used by company resolution, the SEC
// ticker lookup and the job-board owner check.
//
// Normal form: Unicode letters and digits lower-cased (accents folded for
// Latin letters), "&" read as "and", periods and apostrophes dropped
// ("N.V." is "nv", "Macy's" is "macys"), every other character a word break,
// and trailing legal-form words dropped (inc, incorporated, corp,
// corporation, co, company, ltd, limited, llc, llp, lp, plc, gmbh, ag, sa,
// sas, sarl, bv, nv, oy, ab, as, aps, spa, srl, pty, pte, kk, se,
// holdings, holding) — repeatedly, with an "&"/"and" that joined one ("&
// Co"), so "Acme Holdings, Inc." is "acme". A leading
// "the" is dropped. Names whose normal form is empty compare unequal.
package companyname

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

var legalForms = map[string]bool{
	"inc": true, "incorporated": true, "corp": true, "corporation": true, "co": true, "company": true,
	"ltd": true, "limited": true, "llc": true, "llp": true, "lp": true, "plc": true, "gmbh": true, "ag": true,
	"sa": true, "sas": true, "sarl": true, "bv": true, "nv": true, "oy": true, "ab": true, "as": true, "aps": true,
	"spa": true, "srl": true, "pty": true, "pte": true, "kk": true, "se": true, "holdings": true, "holding": true,
}

// Words returns the normal form as words.
func Words(name string) []string {
	folded, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), name)
	if err != nil {
		folded = name
	}
	folded = strings.ReplaceAll(strings.ToLower(folded), "&", " and ")
	// Dotted abbreviations ("N.V.", "S.A.") and possessives ("Macy's")
	// read as one word.
	folded = strings.NewReplacer(".", "", "'", "", "’", "").Replace(folded)
	words := strings.FieldsFunc(folded, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for len(words) > 1 && legalForms[words[len(words)-1]] {
		words = words[:len(words)-1]
		// "Chase & Co": the "and" joined the dropped form.
		if len(words) > 1 && words[len(words)-1] == "and" {
			words = words[:len(words)-1]
		}
	}
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	return words
}

// Normalize returns the normal form as one string of space-separated words.
func Normalize(name string) string { return strings.Join(Words(name), " ") }

// Same reports whether a and b name the same company: equal non-empty
// normal forms, also when one is written without spaces ("Northwind
// Robotics" and "NorthwindRobotics").
func Same(a, b string) bool {
	na, nb := Words(a), Words(b)
	if len(na) == 0 || len(nb) == 0 {
		return false
	}
	return strings.Join(na, "") == strings.Join(nb, "")
}

// Slug returns the normal form joined with hyphens ("northwind-robotics"),
// the shape job-board tokens and domain labels usually take.
func Slug(name string) string { return strings.Join(Words(name), "-") }
