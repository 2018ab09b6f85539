// Financial: the subtype a report states (insolvency, restructuring,
// capital-return, valuation, outlook, results; financialSubtypeOf).

package signals

var (
	resultsRe     = rx(`\b(?:results?|revenues?|sales|turnover|profits?|earnings|loss(?:es)?|income|ebitda|margins?|arr|bookings|quarter\w*|q[1-4]|h[12]|fy\d*|fiscal|half-year\w*|full-year|interim|trading\s+update)\b`)
	restructureRe = rx(`\b(?:layoffs?|lay(?:s|ing)?\s+off|laid\s+off|job\s+cuts|cut\w*\s+[^.;:]{0,30}(?:jobs|roles|staff|workforce|employees|positions)|slash\w*\s+[^.;:]{0,30}(?:jobs|roles|staff|workforce)|reduc\w*\s+[^.;:]{0,20}(?:workforce|headcount|staff)|furlough\w*|workforce\s+reduction|reductions?\s+in\s+force|restructur\w*|exit\s+or\s+disposal|clos\w*\s+(?:\d+|\w+)\s+(?:stores|branches|plants|sites|locations|shops|offices)|downsiz\w*|wind(?:s|ing)?\s+down|shut(?:s|ting)?\s+down|exits?\s+(?:the\s+)?\w+\s+business)\b`)
	insolvencyRe  = rx(`\b(?:bankrupt\w*|chapter\s+(?:11|7|15)|insolven\w*|(?:enters?|into)\s+administration|receivership|liquidation|going[- ]concern|defaults?\s+on|defaulted)\b`)
	capitalRe     = rx(`\b(?:dividends?|buybacks?|share\s+repurchase|repurchase)\b`)
	valuationRe   = rx(`\b(?:valuation|valued\s+at|values?\s+(?:the\s+)?(?:company|firm|startup|business)|unicorn|decacorn|tender\s+offer|secondary\s+(?:sale|round|transaction)|employee\s+share\s+sale)\b`)
	outlookRe     = rx(`\b(?:rais|cut|lower|lift|boost|trim|reaffirm|withdr|slash|hik|reduc|upgrad|downgrad)\w*\s+(?:its\s+)?(?:[\w-]+\s+){0,2}?(?:guidance|outlook|forecasts?)\b|\bprofit\s+warning\b`)
)

// financialSubtypeOf is the subtype the evidence text states, else the
// one the whole text states ("Form 8-K — Item 2.05 …" whose lead says
// what was cut), else results.
func financialSubtypeOf(evid, full string) string {
	if s := financialSubtype(evid); s != "" {
		return s
	}
	if s := financialSubtype(full); s != "" {
		return s
	}
	return "results"
}

// financialSubtype is the subtype text states, "" when it states none.
func financialSubtype(text string) string {
	switch {
	case insolvencyRe.MatchString(text):
		return "insolvency"
	case restructureRe.MatchString(text):
		return "restructuring"
	case capitalRe.MatchString(text):
		return "capital-return"
	case valuationRe.MatchString(text):
		return "valuation"
	case outlookRe.MatchString(text):
		return "outlook"
	case resultsRe.MatchString(text):
		return "results"
	}
	return ""
}
