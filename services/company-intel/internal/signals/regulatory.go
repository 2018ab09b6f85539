// Regulatory: the subtype (certification, incident, approval, enforcement)
// and the certification or regulator named (regulatorySubtype).

package signals

import "strings"

var (
	certNameRe        = rx(`\b` + cert + `\b`)
	approvalRe        = rx(`\b(?:approv\w*|clearance|cleared|clears|authori[sz]\w*|510\(k\)|ce\s+mark\w*|licen[cs]e|permit|designation|green[- ]?light|nod)\b`)
	breachRe          = rx(`\b(?:data\s+breach\w*|breach(?:es)?\s+of\s+(?:data|security)|cyber-?attacks?|cybersecurity\s+incident|security\s+incident|ransomware|hacked)\b`)
	regulatorRe       = rx(`\b(?:FDA|EMA|MHRA|FCC|FAA|FTC|SEC|DOJ|CFPB|FINRA|OCC|EPA|OSHA|NHTSA|CMA|ICO|CNIL|BaFin|FCA|ESMA|Health Canada|European Commission)\b`)
	certTroubleRe     = rx(`\b(?:fine|violation|complaint|breach)`)
	enforcementWordRe = rx(`\b(?:fin(?:e|ed|es)|sue[sd]?|lawsuit|probe|investigat\w*|settle\w*|penalt\w*|charg\w*|recall\w*)\b`)
)

func regulatorySubtype(text string) (sub, detail string) {
	if m := certNameRe.FindString(text); m != "" && !certTroubleRe.MatchString(text) {
		return "certification", strings.Join(strings.Fields(m), " ")
	}
	if breachRe.MatchString(text) {
		return "incident", ""
	}
	reg := regulatorRe.FindString(text)
	if approvalRe.MatchString(text) && !enforcementWordRe.MatchString(text) {
		return "approval", reg
	}
	return "enforcement", reg
}
