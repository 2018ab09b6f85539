// Technology: the adopted technology (techFacts) and the subtype
// (technologySubtype).

package signals

import "strings"

var (
	techRe       = rx(`\b` + tech + `\b`)
	openSourceRe = rx(`\bopen[- ]?sourc\w*`)
	patentRe     = rx(`\bpatent`)
	genericTech  = map[string]bool{"the cloud": true, "cloud": true, "legacy": true, "on-prem": true, "on-premise": true, "on-premises": true, "cloud-native": true, "microservices": true, "serverless": true, "gpus": true, "gpu": true, "llm": true, "llms": true}
)

// techFacts names the adopted technology: the first specific one, else
// the first generic one.
func techFacts(text string) Facts {
	var f Facts
	for _, m := range techRe.FindAllString(text, -1) {
		if !genericTech[strings.ToLower(m)] {
			f.Product = m
			return f
		}
	}
	return f
}

func technologySubtype(text string) string {
	switch {
	case openSourceRe.MatchString(text):
		return "open-source"
	case patentRe.MatchString(text):
		return "patent"
	}
	return "adoption"
}
