package signals

import (
	"regexp"
	"strings"
)

// Match strengths (reference §5.1): a match in the headline weighs 1.0, a
// match found only in the lead paragraph 0.7.
const (
	StrengthHeadline = 1.0
	StrengthLead     = 0.7
)

// Pattern grades: a topic word that often appears without an event (1), an
// event phrase (2), an event phrase naming a specific third-party
// technology, which outranks the generic verbs it shares with partnership
// and product phrases (3).
const (
	gradeTopic    = 1
	gradeEvent    = 2
	gradeSpecific = 3
)

type pattern struct {
	re    filtered
	grade int
}

// lexicon is one type's positive patterns and guards. A positive match
// that overlaps a guard match of the same lexicon is discarded.
type lexicon struct {
	t      Type
	pos    []pattern
	guards []*regexp.Regexp
}

func p(grade int, s string) pattern { return pattern{re: newFiltered(rx(s)), grade: grade} }

// guardSets are the lexicons' guards with their prefilters.
var guardSets = func() [][]filtered {
	out := make([][]filtered, len(lexicons))
	for i, lx := range lexicons {
		for _, g := range lx.guards {
			out[i] = append(out[i], newFiltered(g))
		}
	}
	return out
}()

// Shared building blocks.
const (
	money = `(?:(?:us\$|\$|€|£|usd\s?|eur\s?|gbp\s?)\s?\d[\d,.]*\s?(?:k|m|mm|mn|mln|million|b|bn|bln|billion|thousand)?|\d[\d,.]*\s?(?:k|m|mn|mln|million|b|bn|bln|billion|thousand)?\s(?:euros?|dollars|pounds(?:\s+sterling)?|sterling|francs|kronor|kroner|krona|yen|yuan|rupees|reais|pesos|zloty))`
	// debt is the vocabulary of borrowed capital, which is funding
	// (reference §5.1 lists "credit facility").
	debt     = `(?:venture debt|(?:revolving\s+)?(?:credit|debt|loan|lending|borrowing|financing|warehouse)\s+(?:facilit(?:y|ies)|lines?)|revolving\s+facilit(?:y|ies)|lines?\s+of\s+credit|term\s+loans?|(?:green|syndicated|sustainability-linked|bridge)\s+loans?|debt\s+(?:financing|funding|raise|round)|bond\s+(?:issue|offering|sale)|(?:senior|secured|convertible)\s+notes(?:\s+offering)?)`
	fundNoun = `(?:funding|fundraise|fundraising|financing|investments?|round|seed|pre-seed|series\s+[a-k]\b|venture debt|(?:credit|debt|loan)\s+(?:facility|line)|revolving\s+facility|line\s+of\s+credit|term loan|growth equity|equity|backing|capital|war chest|convertible notes?)`
	role     = `(?:co-?founders?|founders?|ceo|(?:general|country|regional)\s+managers?|cfo|cto|coo|cro|cmo|cio|ciso|cpo|chro|cdo|cco|cso|cao|clo|chief(?:\s+[a-z]+){0,3}\s+officer|chief executive|chief scientist|chief|president|chair(?:man|woman|person)?|executive chair\w*|vice[- ]president|s?vp|evp|general counsel|head of\s+[a-z]+|managing director|board(?: of directors)?|directors?)`
	num      = `\d[\d,]*(?:\.\d+)?\+?`
	capWord  = `(?-i:[A-Z])`
	// tech is a dictionary of third-party technologies a company adopts.
	tech      = `(?:aws|amazon web services|microsoft azure|azure|google cloud|gcp|oracle cloud|ibm cloud|kubernetes|k8s|docker|snowflake|databricks|bigquery|redshift|salesforce|hubspot|sap|s/4hana|workday|servicenow|netsuite|oracle|zendesk|okta|stripe|twilio|kafka|apache spark|hadoop|postgres(?:ql)?|mongodb|mysql|redis|elasticsearch|terraform|github|gitlab|jira|slack|rust|golang|kotlin(?: multiplatform)?|swift|typescript|python|java|scala|react(?: native)?|flutter|ros\s?2|ros|linux|openai|gpt-?\d\w*|chatgpt|llms?|large language models?|generative ai|genai|nvidia|h100|h200|gpus?|tpus?|epic\s+(?:ehr|systems|electronic)|cerner|guidewire|shopify|tableau|power bi|looker|dbt|airflow|datadog|splunk|crowdstrike|zscaler|cloudflare|vercel|heroku|supabase|firebase|webassembly|microservices|serverless|lakehouse|data lake|the cloud|cloud|cloud-native|mainframe|on-prem(?:ise|ises)?|legacy)`
	regulator = `(?:fda|ema|mhra|fcc|faa|ftc|sec|doj|cfpb|finra|occ|epa|osha|nhtsa|cma|ico|cnil|bafin|fca|esma|health canada|european commission|central bank|attorney general|regulators?|regulatory|watchdogs?|data protection (?:authority|commission|regulator)|privacy (?:regulators?|watchdogs?)|antitrust (?:regulators?|authorities|enforcers))`
	cert      = `(?:soc\s?[12](?:\s+type\s+(?:1|2|i|ii))?|iso(?:/iec)?\s?\d{4,5}(?::\d{4})?|fedramp|stateramp|tx-ramp|hitrust|hipaa|pci[- ]dss|cmmc|cyber essentials(?: plus)?|tisax|irap|csa star|gdpr|ccpa|nis2)`
	gap       = `[^.;:!?]`
	// staffNoun is what a company hires.
	staffNoun = `(?:jobs|roles|positions|employees|staff|workers|people|engineers|developers|nurses|hires|openings|vacancies|executives|reps|salespeople|scientists|researchers|technicians|drivers|agents|installers|operators|specialists|chemists|designers|analysts|apprentices|graduates|trainees|interns|colleagues|recruits|joiners|starters|team\s+members|staffers|teammates)`
	// property is land or a building bought as a site; the noun must end
	// its phrase ("data centre site in Frankfurt", not "property startup").
	property = `(?:sites?|land|plots?|parcels?|acres|hectares|premises|buildings?|property|properties|real\s+estate|campus|office\s+space|warehouse\s+space)(?:\s+(?:in|at|near|outside|for|from|on|to|where)\b|\s*[,;:!?()]|\s+-|\s*$)`
	// facility is a place a company opens, after its descriptors ("new
	// Singapore regional headquarters"). A product named like a place
	// ("debuts Claims Studio") has neither "new" nor a lower-case noun.
	placeDesc    = `(?:` + capWord + `[\w'-]*\s+|(?:global|regional|european|international|national|local|uk|us|emea|apac|asia-pacific|americas|flagship|innovation|engineering|r&d|research|operations|technology|tech|customer|service|delivery|sales|support|development|manufacturing|distribution|fulfil?ment|logistics|corporate|main)\s+){0,3}`
	facilityNoun = `offices?|headquarters|hq|head\s+office|hubs?|facilit(?:y|ies)|plants?|factor(?:y|ies)|gigafactory|campus|data\s+cent(?:er|re)s?|stores?|showrooms?|branch(?:es)?|warehouses?|labs?`
	placeEnd     = `(?:\s+(?:in|at|near|outside|for|on)\b|\s*[,;:!?()]|\s+-|\s*$)`
	facility     = `(?:(?:new|first|second|third)\s+` + placeDesc + `(?:` + facilityNoun + `)|` + placeDesc + `(?-i:` + facilityNoun + `))` + placeEnd
	// adoptable is technology a company deploys in its own operations;
	// unlike tech it is also a common product word, so it is only read
	// after a deployment verb.
	adoptable = `(?:drones?|robots?|robotics|cobots?|autonomous\s+[\w-]+|ai|artificial\s+intelligence|machine\s+learning|computer\s+vision|iot|sensors?|digital\s+twins?|automation|blockchain|5g|private\s+5g|edge\s+computing|rpa|chatbots?|ai\s+agents?|telematics|rfid|electronic\s+(?:health|patient)\s+records?|ehr)`
	// goods are things a company buys in numbers; buying them is not M&A.
	goods = `(?:vehicles|trucks|hgvs|lorries|buses|vans|cars|aircraft|planes|jets|helicopters|ships|vessels|locomotives|trains|railcars|robots|machines|drones|turbines|servers|gpus|chips|devices|homes|houses|apartments|licen[cs]es|seats|tonnes|tons|barrels)`
)

// lexicons in precedence order (Types).
var lexicons = []lexicon{
	{t: TypeAcquisition, pos: []pattern{
		p(gradeEvent, `\b(?:acquir(?:e|es|ed|ing)|acquisitions?|buy(?:s|ing)?|bought|snaps?\s+up|snapped\s+up|scoops?\s+up|scooped\s+up|takeover|take-over|tak(?:e|es|en|ing)\s+over|took\s+over|merg(?:e|es|ed|ing)\s+with|to\s+merge|agreed\s+to\s+merge|mergers?|definitive\s+agreement|buy-?outs?|lbo|take[- ]private|tak(?:e|es|ing)\s+\w+(?:\s+\w+)?\s+private|tender\s+offer|merg(?:e|es|ed|ing)\s+(?:to\s+(?:form|create)|into)|sold\s+to|divest\w*|spin(?:s|ning)?[- ]off|spun\s+off|spin-?out|carve[- ]out)\b`),
		p(gradeEvent, `\b(?:purchas(?:e|es|ed|ing))\s+(?:of\s+)?`+capWord),
		p(gradeEvent, `\bpurchase\s+of\b|\b(?:deal|bid|offer)\s+(?:for|to\s+buy|to\s+acquire)\s+`+capWord),
		p(gradeEvent, `\b(?:sell(?:s|ing)?|sold)\s+(?:its\s+|their\s+|the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}?(?:unit|division|business|stake|subsidiary|arm|assets|itself|operations|portfolio)\b|\bagrees?\s+to\s+sell\b`),
		p(gradeEvent, `\bpick(?:s|ed)?\s+up\s+`+gap+`{0,30}?\b(?:startup|company|firm|maker|provider|rival|competitor|business)\b`),
		// Acquirer's euphemisms: "is joining the Atlassian family",
		// "becomes part of Beta", "to join Beta in $200M deal".
		p(gradeEvent, `\bjoin(?:s|ed|ing)?\s+(?:the\s+)?(?:`+capWord+`[\w.&'-]*\s+){1,3}(?:family|group\s+of\s+companies|family\s+of\s+(?:companies|brands))\b`),
		p(gradeEvent, `\b(?:becom(?:e|es|ing)|became|is\s+now|are\s+now|now)\s+(?:a\s+)?part\s+of\s+(?:the\s+)?`+capWord),
		p(gradeEvent, `\bjoin(?:s|ed|ing)?\s+(?:the\s+)?(?:`+capWord+`[\w.&'-]*\s+){1,3}in\s+(?:an?\s+)?(?:(?:`+money+`|all-(?:stock|cash))\s+(?:deal|transaction)|(?:[\w$€£.,-]+\s+)?(?:takeover|merger|acquisition|buyout))\b`),
	}, guards: []*regexp.Regexp{
		rx(`\bpart\s+of\s+(?:the\s+)?(?:[\w.&'-]+\s+){0,4}?(?:program\w*|network|ecosystem|initiative|alliance|coalition|consortium|index|accelerator|incubator|cohort|marketplace|pilot|project|team|effort|push|plan|strategy|deal|agreement|partnership)\b|\bpart\s+of\s+(?:the\s+)?(?:s&p|ftse|nasdaq|dow|russell|stoxx|euro\s+stoxx|dax|cac|nikkei|msci|tsx|asx)\b`),
		// Buying land, a site or a building is expansion; buying goods in
		// numbers is neither (reference §5.1: acquisition is of companies).
		rx(`\b(?:acquir(?:e|es|ed|ing)|acquisitions?\s+of|buy(?:s|ing)?|bought|purchas(?:e|es|ed|ing)(?:\s+of)?)\s+(?:an?\s+|the\s+|its\s+)?(?:[\w'-]+\s+){0,4}?` + property),
		rx(`\b(?:acquir(?:e|es|ed|ing)|acquisitions?\s+of|buy(?:s|ing)?|bought|purchas(?:e|es|ed|ing)(?:\s+of)?)\s+(?:up\s+to\s+|another\s+|more\s+than\s+|over\s+)?\d[\d,]*\s+(?:[\w-]+\s+){0,3}?` + goods + `\b`),
		rx(`\bacquir\w*\s+(?:[\w-]+\s+){0,4}?(?:customers|users|clients|talent|leads|skills|subscribers|buyers|audiences?|data|traffic|market share|licen[cs]es?|rights)\b`),
		rx(`\b(?:customer|user|client|talent|lead|subscriber|data)\s+acquisitions?\b`),
		rx(`\bacquisitions?\s+(?:costs?|channels?|strateg\w+|funnel|rates?|marketing|spend)\b`),
		rx(`\bbuy(?:s|ing)?\s+(?:back|time|now|in)\b|\bbuybacks?\b|\bbuy-in\b`),
		rx(`\b(?:buy(?:ing)?|purchas\w*)\s+(?:decisions?|intent|signals?|behaviou?r|process|journey|cycle|button|orders?|online|satellite|data|imagery)\b`),
		rx(`\btak(?:es|ing)\s+over\s+as\b|\btook\s+over\s+as\b`),
		rx(`\bsell(?:s|ing)?\s+(?:out|shares|stock|its\s+shares)\b`),
		rx(`\b(?:guide|how)\s+to\s+buy\w*`),
	}},
	{t: TypeFunding, pos: []pattern{
		p(gradeEvent, `\b(?:rais(?:e|es|ed|ing)|secur(?:e|es|ed|ing)|lands?|landed|nabs?|nabbed|bags?|bagged|snags?|snagged|clos(?:e|es|ed|ing)|complet(?:e|es|ed|ing)|gets?|got|receiv(?:e|es|ed|ing)|obtains?|obtained|attracts?|attracted|pulls?\s+in|pulled\s+in|rakes?\s+in|raked\s+in|reels?\s+in|reeled\s+in|hauls?\s+in|hauled\s+in|brings?\s+in|brought\s+in|scores?|scored|picks?\s+up|picked\s+up|collects?|collected|draws?|drew|drawn|pockets?|pocketed|banks?|banked)\b`+gap+`{0,50}?(?:`+money+`|\b`+fundNoun+`)`),
		p(gradeEvent, `\bannounc(?:e|es|ed|ing)\b`+gap+`{0,40}?\b`+fundNoun),
		p(gradeEvent, `\b(?:co-)?(?:leads?|led|leading)\s+(?:an?\s+|the\s+)?`+gap+`{0,30}?(?:`+money+`\s+)?(?:round|investment|financing|raise|funding)\b`),
		p(gradeEvent, `\b(?:pre-?seed|seed|angel|series\s+[a-k](?:-?\d|\+{1,2})?|growth|bridge|mezzanine|pre-ipo|funding|financing|investment|venture)\s+(?:round|funding|financing|extension|raise)\b`),
		p(gradeEvent, `\b(?:`+debt+`|growth equity|debt financing|equity financing|strategic investment|minority investment|convertible notes?|seed funding|pre-seed)\b`),
		p(gradeEvent, `\b(?:ipo|initial public offering|goes public|going public|go public|public debut|market debut|stock market debut|direct listing|s-1|f-1|draft registration)\b`),
		p(gradeEvent, `\bfiles?\s+(?:for|to go)\s+(?:an?\s+)?(?:\w+\s+)?(?:ipo|public|listing)\b|\bprices?\s+(?:its\s+)?(?:ipo|offering|shares)\b`),
		p(gradeTopic, `\bseries\s+[a-k]\b`),
		p(gradeTopic, `\b(?:invest(?:s|ed|ing)?|pour(?:s|ed|ing)?|inject(?:s|ed)?|back(?:s|ed|ing)?)\b`+gap+`{0,40}?`+money),
		p(gradeTopic, `\b(?:investors?|vcs?)\s+(?:back|bet|pour|invest|pile)\w*`),
	}, guards: []*regexp.Regexp{
		rx(`\brais(?:e|es|ed|ing)\s+(?:the\s+|its\s+|their\s+)?(?:concerns?|questions?|prices?|rates?|fees?|awareness|eyebrows|doubts?|fears?|alarm|the bar|bar|stakes|hopes|red flags?|objections?|issues?|guidance|outlook|forecasts?|full-year|annual|dividend|wages|salaries|pay|expectations|estimates|targets?|money for|funds for|its game|capex)\b`),
		rx(money + `\s*(?:[a-z-]+\s+){0,2}(?:contracts?|deals?|orders?|tenders?|penalty|penalties|fines?|settlements?|buybacks?|repurchase|in (?:revenue|sales|arr|bookings)|revenue|acquisition|loss|profit|valuation|data cent\w*|plant|factory)\b`),
		rx(money + `\s*(?:new\s+|[a-z-]+\s+)?(?:manufacturing|production|assembly|research|r&d|testing|test|processing|recycling|storage|distribution|logistics|training|new|greenfield)\s+facilit(?:y|ies)\b|` + money + `\s+facilit(?:y|ies)\s+(?:in|at|near)\b`),
		// Money raised for a charity or by staff is not company funding.
		rx(`\b(?:staff|employees|colleagues|workers|volunteers|team\s+members|fans|customers|pupils|students)\s+(?:have\s+|has\s+)?(?:rais(?:e|es|ed|ing)|collect(?:s|ed)?)\b`),
		rx(`\b(?:rais(?:e|es|ed|ing)|collect(?:s|ed|ing)?|donat(?:e|es|ed|ing))\b` + gap + `{0,50}?\bfor\s+(?:a\s+|the\s+|local\s+|its\s+)?(?:[\w'-]+\s+){0,3}?(?:charit(?:y|ies|able)|good\s+causes?|hospices?|food\s+banks?|appeals?|(?:disaster|famine|earthquake|flood|hurricane|humanitarian|war|refugee)\s+relief|relief\s+(?:funds?|efforts?|appeals?)|fundraisers?|homeless\w*|disaster\s+victims)\b`),
		rx(`\binvest\w*` + gap + `{0,60}?\b(?:plant|factory|gigafactory|facility|facilities|data cent\w*|campus|hub|site|headquarters|office|infrastructure)\b`),
		rx(`\b(?:secur|earn|receiv|obtain|achiev)\w*\s+(?:[\w-]+\s+){0,3}(?:approval|clearance|certification|authori[sz]ation|attestation|patent|contract|deal|licen[cs]e|permit|charter|registration)\b`),
	}},
	{t: TypeLeadership, pos: []pattern{
		p(gradeEvent, `\b(?:appoint(?:s|ed|ing|ment of)?|names?|named|naming|taps?|tapped|hir(?:e|es|ed|ing)|promot(?:e|es|ed|ing)|elevat(?:e|es|ed|ing)|elect(?:s|ed|ing)?|recruit(?:s|ed|ing)?|welcom(?:e|es|ed|ing)|picks?|picked|poach(?:es|ed)?|lures?|lured|adds?|added|brings?\s+on|installs?|hands?|handing)\b`+gap+`{0,70}?\b`+role+`\b`),
		p(gradeEvent, `\b`+role+`\b`+gap+`{0,50}?\b(?:steps?\s+(?:down|aside|back)|stepping\s+(?:down|aside|back)|stepped\s+(?:down|aside|back)|to\s+step\s+(?:down|aside|back)|stands?\s+down|resign(?:s|ed|ing|ation)?|depart(?:s|ed|ing|ure)?|to\s+leave|leaves|leaving|exits?|exiting|exited|retir(?:e|es|ed|ing|ement)|ousted|fired|replaced|succession|successor|transition|to\s+succeed|succeeds|takes?\s+(?:over|the\s+helm|the\s+reins)|taking\s+over|named|appointed|joins|joined|elected|promoted|hands?\s+over|to\s+hand)\b`),
		p(gradeEvent, `\b(?:steps?\s+(?:down|aside|back)|stepping\s+(?:down|aside|back)|stepped\s+(?:down|aside|back)|stands?\s+down|resign(?:s|ed)?|depart(?:s|ed)?|retir(?:e|es|ed)|join(?:s|ed|ing)?|returns?|returned|named|appointed|elected|promoted|takes?\s+over|took\s+over|taken\s+over|takes?\s+the\s+(?:helm|reins)|to\s+lead|will\s+lead)\b`+gap+`{0,60}?\bas\b`+gap+`{0,25}?\b`+role+`\b`),
		p(gradeEvent, `\bbecom(?:e|es|ing)\s+(?:the\s+)?(?:new\s+)?(?:interim\s+)?`+role+`\b`),
		// "taps ex-Uber exec Dana Whitlock to lead European expansion".
		p(gradeEvent, `\b(?:appoint(?:s|ed)?|names?|named|taps?|tapped|hir(?:e|es|ed)|picks?|picked|brings?\s+in|brought\s+in|recruit(?:s|ed)?|poach(?:es|ed)?|lures?|lured)\s+(?:[\w.'-]+\s+){0,6}?(?:ex-[\w-]+|former|veteran|exec|execs|executive|executives|alum\w*|insider)\b`+gap+`{0,50}?\bto\s+(?:lead|head|run|oversee|spearhead|steer|chair)\b`),
		p(gradeEvent, `\bnew\s+(?:interim\s+)?`+role+`\b`),
		p(gradeEvent, `\b(?:leadership|executive|management|c-suite|senior)\s+(?:team\s+)?(?:changes?|transition|shake-?up|reshuffle|overhaul|hires?|appointments?)\b|\bshak(?:es|ing)?\s+up\s+(?:its\s+)?(?:leadership|management|executive|c-suite|board)\b|\btakes?\s+the\s+(?:helm|reins)\b`),
	}, guards: []*regexp.Regexp{
		rx(`\bfor\s+(?:\w+\s+){0,2}(?:ceos|cfos|ctos|cios|cisos|cmos|founders|executives|directors|boards)\b`),
		rx(`\b(?:hiring|looking for|seeking)\s+(?:a|an)\b` + gap + `{0,60}`),
		// "founder named Entrepreneur of the Year" is an award.
		rx(`\bnam(?:es|ed)\b` + gap + `{0,50}?\b(?:of\s+the\s+year|awards?|prize|winners?|finalists?|honou?rees?|laureates?)(?:[\s,;:.!?)]|$)|\bnam(?:es|ed)\s+(?:as\s+)?(?:one\s+of|among)\b|\bnam(?:es|ed)\s+(?:to|on)\s+(?:the\s+)?(?:[\w'&-]+\s+){0,5}?(?:lists?|rankings?|\d+\s+under\s+\d+)\b`),
		rx(`\b` + role + `\b(?:\s+[\w'-]+){0,3}?\s+(?:says|said|tells|told|argues|argued|believes|thinks|warns|warned|explains|explained|writes|wrote|predicts|notes|noted)\b`),
	}},
	{t: TypeRegulatory, pos: []pattern{
		p(gradeEvent, `\b`+regulator+`\b`+gap+`{0,40}?\b(?:approv\w*|clear(?:s|ed|ance)|authori[sz]\w*|green[- ]?light\w*|nod|fin(?:e|es|ed)|charg(?:e|es|ed)|sues?|sued|prob(?:e|es|ed|ing)|investigat\w*|opens?|launch(?:es|ed)?|settle\w*|penali[sz]\w*|sanction\w*|block\w*|rul(?:es|ed)|orders?|ordered)\b`),
		p(gradeEvent, `\b(?:approv(?:al|es|ed)|clearance|cleared|authori[sz]ation|green[- ]?light|nod|fined|charged|sued|probed|investigated|settles?|settled|settlement|complaint)\b`+gap+`{0,40}?\b`+regulator+`\b`),
		p(gradeEvent, `\b(?:510\(k\)|de novo|breakthrough device designation|ce mark(?:ing)?|marketing authori[sz]ation|emergency use authori[sz]ation|ind clearance|pma approval)`),
		p(gradeEvent, `\b(?:achiev|earn|receiv|obtain|attain|complet|pass|award|gain|secur|certif|attest|authori[sz]|renew)\w*\b`+gap+`{0,40}?\b`+cert+`\b`),
		p(gradeEvent, `\b`+cert+`\b`+gap+`{0,30}?\b(?:complian\w*|certif\w*|attestation|authori[sz]ation|audit|approval|violation|fine|complaint|breach)`),
		p(gradeEvent, `\b(?:fin(?:e|es|ed|ing)|penalt(?:y|ies)|sanction(?:s|ed)?|settle(?:s|d|ment|ments)?|lawsuits?|suits?|sues?|sued|suing|class[- ]action|litigation|prob(?:e|es|ed)|investigat(?:es|ed|ing|ion|ions)|inquiry|subpoena\w*|consent\s+(?:order|decree)|cease[- ]and[- ]desist|antitrust|injunction|complaints?|indict\w*|violat\w*|recall(?:s|ed|ing)?|data\s+breach(?:es)?|breach(?:es)?\s+of|cyber-?attacks?|cybersecurity\s+incident|security\s+incident|ransomware|hacked|warning\s+letter|enforcement\s+action|non-?compliance|wrongdoing|accounting\s+fraud|securities\s+fraud)\b`),
		p(gradeEvent, `\bcharg(?:es|ed)\b`+gap+`{0,60}?\bwith\b`),
		p(gradeEvent, `\b(?:obtain|receiv|secur|win|won|gain|grant|award|earn|get|got|land)\w*\s+(?:an?\s+|its\s+|the\s+)?(?:[\w-]+\s+){0,3}?(?:licen[cs]e|charter|permit|registration|accreditation)\b`),
		p(gradeTopic, `\b(?:`+cert+`|`+regulator+`)\b`),
	}, guards: []*regexp.Regexp{
		rx(`\bfine[- ]?tun\w*|\bfine\s+(?:print|art|dining)\b`),
		rx(`\b(?:payment|real-time|instant|trade|cross-border|faster)\s+settlements?\b`),
		rx(`\bfollow(?:s|ed)?\s+suit\b`),
		rx(`\bregulatory\s+(?:reporting|technology|tech|software|platform|tools?|filings?|compliance\s+(?:software|platform|tools?))\b`),
	}},
	{t: TypePartnership, pos: []pattern{
		p(gradeEvent, `\bpartner(?:s|ed|ing)?\s+(?:with|on|to)\b|\bpartnerships?\b|\bteam(?:s|ed|ing)?\s+up\b|\bjoin(?:s|ed|ing)?\s+forces\b|\b(?:link(?:s|ed|ing)?|tie(?:s|d)?|tying|hook(?:s|ed)?)\s+up\s+with\b|\btie-?ups?\b|\bcollaborat(?:e|es|ed|ing|ion|ions)\b|\balliances?\b|\bjoint\s+ventures?\b`),
		p(gradeEvent, `\bintegrat(?:es|ed|ing|ion|ions)\s+(?:with|into)\b|\bintegration\s+(?:with|for)\b`),
		p(gradeEvent, `\b(?:selected|chosen|picked|tapped|engaged|contracted)\s+by\b`),
		// "chosen as exclusive insurer for Beta": a commercial role for
		// another company.
		p(gradeEvent, `\b(?:selected|chosen|picked|tapped|named|appointed|confirmed)\s+(?:as\s+)?(?:the\s+|an?\s+|its\s+)?(?:exclusive|preferred|official|sole|primary|strategic|principal|designated|approved|global|national)\s+(?:[\w-]+\s+){0,2}?(?:partners?|suppliers?|providers?|vendors?|insurers?|distributors?|resellers?|carriers?|contractors?|lenders?|banks?|brokers?|manufacturers?|retailers?|operators?|agency|agencies|integrators?|processors?|licensees?|airline|logistics\s+\w+|[\w-]+\s+(?:partner|provider|supplier))\b`),
		p(gradeEvent, `\b(?:selects?|chooses|chose|picks)\b`+gap+`{0,40}?\b(?:for|to|as)\b`),
		p(gradeEvent, `\b(?:signs?|signed|signing|inks?|inked|seals?|sealed|strikes?|struck|lands?|landed|wins?|won|secures?|secured|awarded|renews?|renewed|extends?|extended|expands?|expanded|enters?\s+into|agrees?|reach(?:es|ed)?|clinch(?:es|ed)?|bags?|nabs?)\b`+gap+`{0,50}?\b(?:contracts?|agreements?|deals?|pacts?|mou|memorandum of understanding|tenders?|orders?)\b`),
		p(gradeEvent, `\b(?:reseller|resale|distribution|distributor|supply|licensing|licence|license|oem|co-selling|co-sell|go-to-market|gtm|strategic|commercial|channel|referral)\s+(?:agreement|deal|partnership|pact|relationship|contract)s?\b`),
		p(gradeEvent, `\b(?:available|listed|launch\w*)\s+(?:on|in|through|via)\s+(?:the\s+)?[\w ]{0,30}marketplace\b`),
		p(gradeEvent, `\bjoin(?:s|ed|ing)?\b`+gap+`{0,40}?\bpartner\s+(?:program\w*|network|ecosystem)\b`),
		p(gradeEvent, `\bbecom(?:e|es|ing)\s+(?:a\s+|the\s+|its\s+)?(?:[\w-]+\s+){0,3}partner\b`),
		p(gradeTopic, `\bpartners?\b|\bmarketplace\b|\b(?:agreement|contract|deal|pact|mou)s?\b`),
	}, guards: []*regexp.Regexp{
		rx(`\bpartners?\s+(?:at|of)\s+(?:[a-z]+\s+)?(?:ventures|capital|partners|firm)\b`),
		rx(`\b(?:existing|pharma|pharmaceutical|hospital|key|trusted|launch|business|implementation|retail|utility|carrier|managing|general)\s+partners\b`),
		rx(`\bdefinitive\s+agreement\b`),
	}},
	{t: TypeProduct, pos: []pattern{
		p(gradeEvent, `\b(?:launch(?:es|ed|ing)?|unveil(?:s|ed|ing)?|introduc(?:e|es|ed|ing)|debut(?:s|ed|ing)?|releas(?:e|es|ed|ing)|roll(?:s|ed|ing)?\s+out|ship(?:s|ped)|(?:now|begins?|began|starts?|started)\s+shipping|previews?|previewed|showcas(?:e|es|ed|ing)\s+new)\b`),
		p(gradeEvent, `\bannounc(?:e|es|ed|ing)\s+(?:the\s+)?(?:launch|release|availability|general availability|beta|preview|early access)\b|\bnow\s+(?:generally\s+)?available\b|\bgenerally\s+available\b|\bgeneral\s+availability\b|\bgoes\s+ga\b|\b(?:open|public|private|closed)\s+beta\b|\bearly\s+access\b`),
		p(gradeEvent, `\bexpand(?:s|ed|ing)?\s+(?:its\s+)?(?:platform|product|suite|line-?up|portfolio|offering|capabilities|catalog)\b`),
		p(gradeEvent, `\bhits?\s+(?:the\s+)?(?:market|shelves|stores)\b|\bgoes\s+on\s+sale\b|\b(?:begins?|began|starts?|started)\s+selling\b|\bbrings?\b`+gap+`{0,40}?\bto\s+(?:the\s+)?(?:market|shelves|stores|grocery\s+shelves)\b`),
		p(gradeEvent, `\badd(?:s|ed|ing)?\b`+gap+`{0,40}?\b(?:features?|capabilit\w*|support\s+for|modules?|mode|tools?|queries)\b`),
		p(gradeEvent, `\b(?:(?:now|begins?|began|starts?|started)\s+sampling|sampl(?:e|es|ed|ing)\b`+gap+`{0,50}?\bto\s+(?:[\w-]+\s+){0,2}?customers)\b`),
		p(gradeTopic, `\bnew\s+(?:products?|platform|app|tool|features?|model|service|suite|solution|offering|line|version)\b|\bversion\s+\d+(?:\.\d+)*\b|\bv\d+\.\d+\b|\bnext[- ]gen(?:eration)?\b`),
	}, guards: []*regexp.Regexp{
		rx(`\blaunch(?:es|ed|ing)?\s+(?:a\s+|an\s+|its\s+|the\s+|new\s+|first\s+)*(?:search|investigation|probe|review|inquiry|recruitment|recruiting|hiring|campaign|awareness|lawsuit|legal|bid|tender|ipo|podcast|newsletter|blog|webinar|fund|venture fund|foundation|charity|initiative|program|programme|challenge|contest|survey|study|report|appeal|offensive|attack|strike)\b`),
		rx(`\blaunch(?:es|ed|ing)?\s+(?:in|into|across)\b`),
		rx(`\breleas(?:e|es|ed|ing)\s+(?:its\s+|the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}?(?:results|earnings|report|survey|study|statement|data|findings|guidance|figures|numbers|letter|index|whitepaper|white paper|ebook|e-book|benchmark)\b|\breleased?\s+from\b`),
		rx(`\bship(?:s|ped|ping)?\s+(?:its\s+)?\d`),
		// Launching a hiring or training programme, or a site, is not a
		// product; nor is the debut/launch in an award's name.
		rx(`\blaunch(?:es|ed|ing)?\s+(?:a\s+|an\s+|its\s+|the\s+|new\s+|first\s+)*(?:[\w-]+\s+){0,2}?(?:hiring|recruitment|recruiting|apprenticeship|apprentice|graduate|internship|intern|trainee|training|mentoring|scholarship|fellowship|early[- ]careers?)\s+(?:program\w*|schemes?|drive|initiative|academy|cohort|intake)\b`),
		rx(`\b(?:launch(?:es|ed|ing)?|unveil(?:s|ed|ing)?|introduc(?:e|es|ed|ing)|debut(?:s|ed|ing)?)\s+(?:its\s+|a\s+|an\s+|the\s+)?` + facility),
		rx(`\b(?:best|top|most\s+\w+)\s+(?:[\w-]+\s+){0,2}?(?:debut|launch|release|new\s+product|product\s+launch)\b`),
		rx(`\b(?:roll(?:s|ed|ing)?\s+out|launch\w*|introduc\w*)\b` + gap + `{0,20}?\b` + tech + `\b`),
	}},
	{t: TypeExpansion, pos: []pattern{
		p(gradeEvent, `\bexpan(?:d|ds|ded|ding|sion)\s+(?:its\s+|their\s+)?(?:(?:[\w-]+\s+){0,2}?(?:operations|presence|footprint|business|reach|services|network|coverage|fleet)\s+)?(?:in|into|to|across|throughout)\b`),
		p(gradeEvent, `\b(?:open(?:s|ed|ing)?|establish(?:es|ed|ing)?|launch(?:es|ed|ing)?|set(?:s|ting)?\s+up|build(?:s|ing)?|unveil(?:s|ed)?|inaugurat\w*|construct\w*|invest\w*)\b`+gap+`{0,50}?\b(?:offices?|hubs?|headquarters|hq|facilit(?:y|ies)|plants?|factor(?:y|ies)|gigafactory|warehouses?|distribution\s+cent(?:er|re)s?|fulfil?l?ment\s+cent(?:er|re)s?|data\s+cent(?:er|re)s?|campus|r&d\s+cent(?:er|re)|(?:engineering|innovation|tech|technology|research|operations|service|customer|delivery|development)\s+cent(?:er|re)s?|centers?\s+of\s+excellence|lab|research\s+labs?|branch(?:es)?|stores?|showrooms?|flagship|locations?|ground\s+stations?|clinics?|depots?|terminals?)\b`),
		p(gradeEvent, `\b(?:mov(?:e|es|ed|ing)|push(?:es|ed|ing)?|break(?:s|ing)?|broke|ventur(?:e|es|ed|ing))\s+into\s+(?:the\s+)?(?:(?:[\w-]+\s+){0,3}?markets?\b|`+capWord+`)`),
		p(gradeEvent, `\bbr(?:eaks?|oke)\s+ground\b|\benter(?:s|ed|ing)?\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?markets?\b|\bentr(?:y|ies)\s+into\b`),
		p(gradeEvent, `\b(?:market|international|global|european|overseas|regional|geographic|u\.?s\.?|asian|apac|emea|latin american)\s+(?:expansion|entry)\b|\b(?:goes|going)\s+(?:global|international)\b`),
		p(gradeEvent, `\b(?:relocat\w*|mov(?:e|es|ed|ing))\s+(?:its\s+)?(?:global\s+|corporate\s+|company\s+)?(?:headquarters|hq|head\s+office)\b|\bnew\s+`+placeDesc+`(?:headquarters|hq|head\s+office)\b`),
		p(gradeEvent, `\b(?:grows?|doubles?|triples?|expands?|extends?)\s+(?:its\s+)?(?:footprint|presence|reach)\b`),
		p(gradeEvent, `\b(?:launch(?:es|ed|ing)?|debut(?:s|ed)?|arriv(?:es|ed)|lands?|landed|touches\s+down)\s+in\s+(?:the\s+)?`+capWord),
		p(gradeEvent, `\b(?:(?:is|are|goes|went|gone|now)\s+live|(?:is|are)\s+now\s+(?:live|operating)|(?:begins?|began|starts?|started|commenc(?:es|ed)|launch(?:es|ed))\s+(?:operations|operating|service))\s+(?:in|across)\s+(?:the\s+)?`+capWord),
		// Buying or leasing land, a site or a building (not a company).
		p(gradeEvent, `\b(?:acquir(?:e|es|ed|ing)|acquisitions?\s+of|buy(?:s|ing)?|bought|purchas(?:e|es|ed|ing)(?:\s+of)?|leas(?:e|es|ed|ing)|secur(?:e|es|ed|ing))\s+(?:an?\s+|the\s+|its\s+)?(?:[\w'-]+\s+){0,4}?`+property),
	}, guards: []*regexp.Regexp{
		rx(`\bexpand(?:s|ed|ing)?\s+on\b`),
		rx(`\bopen[- ]sourc\w*`), // "open-sourcing … feature store" is not opening a store
		rx(`\b(?:live|launch(?:es|ed|ing)?|debut(?:s|ed)?|arriv(?:es|ed)|lands?|landed)\s+(?:in|on)\s+(?:the\s+)?(?:apple\s+)?(?:app\s+store|google\s+play|play\s+store|microsoft\s+store|chrome\s+web\s+store|(?:[\w-]+\s+){0,2}marketplace)\b`),
		rx(`\bexpand(?:s|ed|ing)?\s+(?:its\s+|their\s+)?(?:partnership|collaboration|agreement|relationship|integration|platform|product|suite|lineup|portfolio|offering|capabilit\w*|features?|support|board|leadership|team|sales\s+team|workforce|headcount)\b`),
	}},
	{t: TypeHiring, pos: []pattern{
		p(gradeEvent, `\b(?:hir(?:e|es|ed|ing)|recruit(?:s|ed|ing)?|add(?:s|ed|ing)?|creat(?:e|es|ed|ing)|seek(?:s|ing)?|onboard(?:s|ed|ing)?|bring(?:s|ing)?\s+on|employ(?:s|ing)?|staff(?:s|ing)?\s+up|tak(?:e|es|ing)\s+on|took\s+on|welcom(?:e|es|ed|ing))\b`+gap+`{0,25}?\b`+num+`\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?`+staffNoun+`\b`),
		// "40 new colleagues joined us this quarter".
		p(gradeEvent, `\b`+num+`\s+new\s+(?:[\w-]+\s+){0,2}?(?:`+staffNoun+`|`+capWord+`[\w-]*s)\s+(?:have\s+|has\s+)?(?:joined|started|came\s+on\s+board)\b|\b`+num+`\s+new\s+(?:joiners|starters|colleagues|team\s*mates|team\s+members|recruits)\b`),
		// "to recruit 150 for new Ohio plant": a bare head count.
		p(gradeEvent, `\b(?:hir(?:e|es|ing)|recruit(?:s|ing)?|take\s+on|takes\s+on|taking\s+on)\s+(?:up\s+to\s+|more\s+than\s+|over\s+|another\s+|around\s+|about\s+|some\s+|nearly\s+)?`+num+`(?:\s+(?:more\s+)?(?:for|at|in|across|by|this|next|over|locally)\b|\s*[,;:]|\s*$)`),
		p(gradeEvent, `\b`+num+`\s+(?:new\s+)?(?:open\s+)?(?:[\w-]+\s+)?(?:jobs|roles|positions|openings|vacancies)\b`),
		p(gradeEvent, `\b(?:hiring\s+(?:spree|push|blitz|surge|binge|drive|plans?|frenzy|boom)|recruit(?:ment|ing)\s+(?:drive|push|campaign|blitz)|plans?\s+to\s+hire|ramps?\s+up\s+(?:hiring|recruiting|recruitment)|(?:is|are|keeps|still|actively)\s+hiring|talent\s+(?:hunt|push|drive)|job\s+(?:growth|creation)|open\s+(?:roles|positions|jobs)|job\s+openings)\b`),
		p(gradeEvent, `\b(?:doubl|tripl|quadrupl|grow|grew|increas|boost|expand|swell|scal)\w*\s+(?:its\s+|their\s+)?(?:headcount|workforce|staff|employee\s+base|engineering\s+team|sales\s+team|sales\s+force)\b`),
		p(gradeEvent, `\b(?:headcount|workforce|staff|employee\s+count)\b`+gap+`{0,30}?\b(?:doubl|tripl|quadrupl|grow|grew|increas|swell|ris|rose|jump|climb|surg|expand)\w*`),
	}, guards: []*regexp.Regexp{
		rx(`\b(?:cut|cuts|cutting|eliminat\w*|slash\w*|shed\w*|ax(?:e|es|ed|ing)|lay(?:s|ing)?\s+off|laid\s+off|reduc\w*|trim\w*|drop\w*|lose|loses|losing|lost)\b` + gap + `{0,30}?\b(?:jobs|roles|positions|employees|staff|workers|headcount|workforce|people)\b`),
		rx(`\bhiring\s+(?:a|an)\b`),
	}},
	{t: TypeFinancial, pos: []pattern{
		p(gradeEvent, `\b(?:revenues?|arr|annual\s+recurring\s+revenue|run[- ]rate|bookings|earnings|eps|profits?|profitab\w*|net\s+(?:income|loss)|operating\s+(?:income|loss)|gross\s+margins?|cash[- ]flow[- ]positive|cash\s+flow|guidance|outlook|forecasts?|profit\s+warning|valuation|valued\s+at|unicorn|decacorn|dividends?|buybacks?|share\s+repurchase|repurchase|stock\s+split)\b`),
		p(gradeEvent, `\b(?:quarterly|annual|full-year|half-year|first-half|q[1-4]|fourth-quarter|third-quarter|second-quarter|first-quarter|fiscal(?:\s+\d{4})?|financial|preliminary|record|interim)\s+(?:results|earnings|revenue|loss|profit|sales)\b|\bresults\s+for\b|\b(?:wider|narrower|widening|narrowing)\s+(?:\w+\s+)?loss\b|\b(?:narrows?|widens?|posts?|reports?|swings?\s+to|books?)\s+(?:a\s+|an\s+|its\s+)?(?:\w+\s+){0,2}(?:loss|profit)\b|\b(?:beats?|miss(?:es)?|tops?|topped|trails?)\s+(?:\w+\s+)?(?:estimates|expectations|forecasts|consensus)\b`),
		p(gradeEvent, `\b(?:layoffs?|lay(?:s|ing)?\s+off|laid\s+off|job\s+cuts|workforce\s+reduction|restructur\w*|downsiz\w*|furlough\w*|bankrupt\w*|chapter\s+(?:11|7|15)|insolven\w*|(?:enters?|into)\s+administration|receivership|liquidation|going[- ]concern|defaults?\s+on|defaulted|cost[- ]cutting|cost\s+cuts|spending\s+cuts|wind(?:s|ing)?\s+down|winds?\s+up|shut(?:s|ting)?\s+down|closes?\s+(?:its\s+)?doors)\b`),
		p(gradeEvent, `\b(?:cut|cuts|cutting|eliminat\w*|slash\w*|shed\w*|ax(?:e|es|ed|ing))\b`+gap+`{0,30}?\b(?:jobs|roles|positions|employees|staff|workers|headcount|workforce)\b|\b(?:reduc\w*|trim\w*)\b`+gap+`{0,20}?\b(?:workforce|headcount|staff)\b`),
		p(gradeEvent, `\b(?:revenues?|sales|profits?|earnings|income|bookings)\s+(?:\w+\s+)?(?:ris(?:e|es|ing)|rose|jump(?:s|ed)?|climb(?:s|ed)?|grow(?:s|ing)?|grew|fall(?:s|ing)?|fell|drop(?:s|ped)?|surg(?:e|es|ed)|slump(?:s|ed)?|declin(?:e|es|ed)|doubl(?:e|es|ed)|tripl(?:e|es|ed)|soar(?:s|ed)?|plunge(?:s|d)?|slid(?:e|es)?|miss(?:es|ed)?|beat(?:s)?)\b`),
		p(gradeTopic, `\b(?:quarter|quarterly|fiscal\s+year|fiscal\s+\d{4}|margins?)\b`),
	}, guards: []*regexp.Regexp{
		rx(`\b(?:chief\s+revenue|revenue\s+(?:operations|ops|teams?|leaders?|intelligence|cycle|management|officer|platform|schedules?|recognition))\b`),
		rx(`\bnon-?profits?\b|\bmicrosoft\s+outlook\b`),
	}},
	{t: TypeTechnology, pos: []pattern{
		p(gradeSpecific, `\b(?:migrat\w*|mov(?:e|es|ed|ing)|shift(?:s|ed|ing)?|switch(?:es|ed|ing)?|transition(?:s|ed|ing)?|port(?:s|ed|ing)?|rebuil(?:d|ds|t|ding)|re-?platform\w*|re-?architect\w*|rewr(?:ite|ites|itten|ote)|consolidat\w*|standardi[sz]\w*|moderni[sz]\w*|upgrad\w*|replac(?:e|es|ed|ing)|goes\s+live|gone\s+live|went\s+live)\b`+gap+`{0,50}?\b`+tech+`\b`),
		p(gradeSpecific, `\b(?:adopt\w*|deploy\w*|implement\w*|roll(?:s|ed|ing)?\s+out|select\w*|chooses|chose|pick(?:s|ed)?|embrac\w*|built\s+on|build(?:s|ing)?\b`+gap+`{0,30}?\bon|powered\s+by|runs?\s+on|running\s+on|all-in\s+on|us(?:es|ing)|licens\w*)\b`+gap+`{0,40}?\b`+tech+`\b`),
		p(gradeEvent, `\bopen[- ]?sourc(?:e|es|ed|ing)\b|\bpatent(?:s|ed)?\b`),
		// Deployment in the company's own operations: "deploys AI
		// scheduling across 40 care homes", "to deploy drones across fleet".
		p(gradeSpecific, `\b(?:deploy(?:s|ed|ing)?|implement(?:s|ed|ing)?)\b`+gap+`{0,60}?\b(?:across|throughout|at|in|on)\s+(?:all\s+(?:of\s+)?|its\s+|their\s+|the\s+|every\s+|each\s+)*(?:\d[\d,]*\s+)?(?:of\s+its\s+)?(?:[\w-]+\s+){0,2}?(?:fleet|fleets|sites|stores|plants|factories|hospitals|homes|branches|warehouses|vessels|ships|trucks|vehicles|offices|facilities|clinics|schools|depots|mines|wards|restaurants|hotels|workforce|estate|operations|production\s+lines?)\b`),
		p(gradeSpecific, `\b(?:deploy(?:s|ed|ing)?|adopt(?:s|ed|ing)?|implement(?:s|ed|ing)?)\s+(?:an?\s+|its\s+|the\s+|new\s+)?(?:[\w-]+\s+){0,2}?`+adoptable+`\b`),
		p(gradeEvent, `\b(?:cloud|data|platform|infrastructure|erp|crm|it)\s+(?:migration|overhaul|moderni[sz]ation|re-?platforming)\b|\b(?:tech(?:nology)?|data)\s+stack\b|\bdigital\s+transformation\b`),
		p(gradeTopic, `\bmigrat(?:es|ed|ing|ion)\b|\b(?:generative\s+ai|llms?|large\s+language\s+models?)\b`),
	}, guards: nil},
	{t: TypeOther, pos: []pattern{
		p(gradeEvent, `\b(?:wins?|won|winning|receiv(?:e|es|ed|ing)|earn(?:s|ed|ing)?|awarded|tak(?:es|en)\s+home|scoops?|honou?r(?:s|ed)?|recogni[sz](?:es|ed)|nam(?:es|ed)|rank(?:s|ed|ing)?|plac(?:es|ed)|land(?:s|ed)?|makes?|made|includ(?:es|ed)|list(?:s|ed)|select(?:s|ed)|certif(?:y|ies|ied))\b`+gap+`{0,60}?\b(?:awards?|prize|medal|list|ranking|honou?rees?|finalists?|leaders?|top\s+\d+|fastest[- ]growing|inc\.?\s+5000|magic\s+quadrant|wave|great\s+place\s+to\s+work|top\s+workplaces?|best\s+places?\s+to\s+work|of\s+the\s+year|\d+\s+under\s+\d+|cloud\s+100|ai\s+50|fast\s+500|stevie|hall\s+of\s+fame|b\s+corp)\b`),
		p(gradeEvent, `\bnam(?:es|ed)\s+(?:to|on)\s+(?:the\s+)?`+capWord+`|\b(?:spot|place)\s+on\s+(?:the\s+|this\s+year's\s+)?`+capWord+`|\brank(?:s|ed)?\s+(?:no\.?|#|number)\s*\d+`),
		p(gradeEvent, `\b(?:finalists?|shortlisted|short-listed|nominated|nominee)\b`),
		// "named one of Europe's Climate Leaders", "ranked among the …";
		// workplace certifications are recognitions, not compliance.
		p(gradeEvent, `\b(?:named|ranked|listed|recogni[sz]ed|selected|included|featured|chosen|voted)\s+(?:as\s+)?(?:one\s+of|among)\b|\b(?:great\s+places?\s+to\s+work|best\s+(?:places?|companies|employers?)\s+to\s+work(?:\s+for)?|top\s+(?:workplaces?|employers?)|best\s+employers?)\b`),
		// Event appearances: "meet us at Web Summit", "visit us at booth B-214".
		p(gradeEvent, `\b(?:meet|see|visit|find|catch|join)\s+(?:us|the\s+team|our\s+team)\s+at\b|\b(?:booth|stand)\s+(?:#|no\.?\s*)?[a-z]?-?\d+`),
		p(gradeEvent, `\b(?:host(?:s|ed|ing)?|exhibit(?:s|ed|ing)?|sponsor(?:s|ed|ing)?|keynot(?:e|es|ed|ing)|speak(?:s|ing)?\s+at|present(?:s|ed|ing)?\s+at|showcas(?:e|es|ed|ing)|demo(?:s|ed|ing)?|attend(?:s|ed|ing)?|participat(?:e|es|ed|ing)\s+in)\b`+gap+`{0,60}?\b(?:conference|summit|expo|event|hackathon|meetup|forum|festival|week|day|show|symposium|fair|booth|stand|congress|\d{4})\b|\b(?:investor|analyst|capital\s+markets|developer|customer)\s+days?\b|\buser\s+conference\b|\bannual\s+conference\b`),
		p(gradeEvent, `\b(?:surpass(?:es|ed)?|cross(?:es|ed)?|tops?|topped|hits?|reach(?:es|ed)?|passes|passed|celebrat(?:es|ed|ing)|marks?|signs?\s+its)\b`+gap+`{0,25}?\b\d[\d,.]*(?:\s?(?:k|m|million|billion|thousand))?\+?(?:st|nd|rd|th)?\s+(?:[\w-]+\s+){0,2}?(?:users|customers|clients|members|downloads|transactions|orders|rides|deliveries|subscribers|installs|devices|merchants|patients|developers|shipments|units|customer|companies|countries|loads|trips|calls|claims|payments|miles|streams|listings|sign-?ups|accounts|homes|vehicles|robots|visits|searches|bookings|meals|packages|documents|invoices|contracts)\b`),
		p(gradeEvent, `\b(?:anniversary|milestone|\d+(?:st|nd|rd|th)\s+birthday)\b|\bcelebrat(?:es|ed|ing)\s+(?:\w+\s+)?years\b`),
	}, guards: nil},
}

// precedence maps a type to its index in Types (lower wins ties).
var precedence = func() map[Type]int {
	m := make(map[Type]int, len(Types))
	for i, t := range Types {
		m[t] = i
	}
	return m
}()

// numberWord is a number written out, as listicles start ("Five ways …").
const numberWord = `(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred)`

// Item-level guards: headlines that are not reports of an event.
var (
	// Questions, opinion, analysis, interviews, podcasts, reviews, guides,
	// round-ups and listicles.
	nonEventRe = []*regexp.Regexp{
		rx(`^(?:how|why|what|when|where|who|which|is|are|can|could|should|would|does|do|did)\b`),
		rx(`\?\s*["']?$`),
		rx(`^(?:opinion|op-ed|commentary|analysis|editorial|column|podcast|webinar|video|watch|listen|q&a|interview|explainer|review|guide|sponsored|partner content|roundup|round-up|recap|newsletter|the week in|this week in|week in review|ask)\b`),
		rx(`\b(?:podcast|webinar|blog|episode|interview|q&a|opinion|review)\s*:`),
		rx(`^(?:the\s+)?(?:top|best)\s+(?:\d+|` + numberWord + `)\b|^` + numberWord + `\s+(?:[\w-]+\s+){0,2}(?:ways|things|reasons|tips|lessons|takeaways|questions|signs|mistakes|steps|ideas|myths|secrets|habits|strategies|rules|trends)\b|^\d+\s+(?:[\w-]+\s+){0,2}(?:ways|things|reasons|tips|lessons|startups|companies|tools|trends|takeaways|questions|signs|mistakes|stocks|firms|players|vendors|platforms)\b|\bto\s+watch\b`),
		rx(`^[^:]{2,80}?\s+on\s+(?:how|why|what|when|the\s+future\s+of|building|lowering|scaling|leading|managing|creating|designing|winning|navigating)\b`),
		rx(`^[^:]{2,60}\b(?:ceo|cfo|cto|coo|founder|co-founder|chief\s+\w+|president|executive|head\s+of\s+\w+|analyst|expert|investor)s?:\s`),
		rx(`^[^?]{2,60}\?\s+(?:how|why|what|when|where|who|which|is|are|can|could|should|would|will|does|do)\b`),
		rx(`^(?:happy\s+(?:\d+(?:st|nd|rd|th)\s+|[a-z]+(?:st|nd|rd|th)\s+)?(?:birthday|anniversary|holidays|new\s+year)|here'?s\s+to\b|season'?s\s+greetings)`),
		rx(`\b(?:lessons\s+from|tips\s+for|a\s+look\s+at|reflects\s+on|looks\s+back|discusses|talks\s+about|shares\s+lessons|explains|'s\s+guide\s+to|guide\s+to|playbook\s+for|how-to)\b`),
	}
	// Job advertisements: one role offered, not a hiring trend.
	jobAdRe = []*regexp.Regexp{
		rx(`\b(?:we'?re|we\s+are|is|are|now)\s+hiring:?\s+(?:a|an|for\s+an?)\b`),
		rx(`^(?:job|jobs|careers?|vacancy|vacancies|position|opening|now\s+hiring|hiring)\s*[:|-]`),
		rx(`\b(?:apply\s+now|apply\s+today|join\s+our\s+team|job\s+(?:opening|posting|ad|description)|we'?re\s+looking\s+for|we\s+are\s+looking\s+for|is\s+looking\s+for\s+an?|seeking\s+an?|looking\s+to\s+hire\s+an?)\b`),
	}
	// Not (yet) an event: denials and negations, talks, deliberations and
	// rumours, statements about reports, and third parties' market
	// reports and forecasts (company-signals: only what happened counts).
	notYetRe = []*regexp.Regexp{
		rx(`\b(?:denies|denied|deny|refutes|dismisses\s+reports?|no\s+plans?\s+to|has\s+not|have\s+not|hasn't|haven't|isn't\s+going)\b`),
		rx(`\b(?:in\s+(?:early\s+|advanced\s+|exclusive\s+)?(?:talks|discussions|negotiations)|holds?\s+talks|mulls?|mulling|considers?|considering|explores?|exploring|is\s+said\s+to|are\s+said\s+to|sources\s+say|people\s+familiar|reportedly|rumou?red|rumou?r\s+has\s+it|whispers?\s+(?:that|of)|speculation\s+(?:that|of|grows|mounts)|about\s+to\s+be)\b`),
		rx(`\b(?:weighs?|weighing|eyes|eyeing)\s+(?:a|an|the|more|possible|potential|sale|bid|offer|listing|ipo|options|move|deal|deals|takeover|merger|acquisitions?|stake|exit|entry|expansion)\b`),
		rx(`\b(?:statement|comments?)\s+on\s+(?:media\s+|press\s+)?(?:reports?|speculation|unusual\s+trading)|\bsetting\s+the\s+record\s+straight\b|\bto\s+be\s+clear\b|\bstrategic\s+alternatives\b`),
		rx(`\b(?:report|survey|study|index|data|analysis)\s+(?:finds|says|shows|suggests)\b|^survey\b|\bper\s+(?:a\s+)?new\s+report\b|\bforecasts?\s+(?:the\s+)?global\b|\bmarket\s+(?:will|to|could)\s+(?:reach|double|triple|grow|hit)\b`),
	}
	// Customer stories: the company's customer, not the company, acts.
	customerStoryRe = rx(`\b(?:case\s+study|customer\s+story|success\s+story|customer\s+spotlight)\b`)
	// Stock-price moves: with no event in the headline, the lead is not
	// read (it explains the move, it does not report a trigger).
	stockMoveRe = rx(`\b(?:shares|stock)\s+(?:\w+\s+){0,2}(?:jump|jumps|jumped|rise|rises|rose|fall|falls|fell|slide|slides|slid|drop|drops|dropped|surge|surges|surged|soar|soars|soared|tumble|tumbles|tumbled|sink|sinks|sank|slip|slips|slipped|climb|climbs|climbed|plunge|plunges|plunged|rally|rallies|rallied|hit|hits|touch|touches|touched|gain|gains|gained|dip|dips|dipped)\b`)
)

// Subordinate clauses: a match that starts inside one ranks below a match
// in the main clause (the headline's event is its main verb; "after",
// "amid", purpose clauses and appositives give background).
var (
	leadingSubRe = rx(`^(?:after|following|amid|ahead of|despite|in the wake of|on the heels of|fresh off|fresh from|with|as|while|backed by|armed with|flush with|weeks after|months after|days after)\b`)
	inlineSubRe  = rx(`\b(?:after|following|amid|amidst|ahead\s+of|despite|in\s+the\s+wake\s+of|in\s+wake\s+of|on\s+the\s+heels\s+of|fresh\s+off|fresh\s+from|weeks\s+after|months\s+after|days\s+after|in\s+partnership\s+with|in\s+collaboration\s+with|in\s+cooperation\s+with|with\s+support\s+from|with\s+backing\s+from|powered\s+by|backed\s+by|thanks\s+to|as\s+part\s+of|while|as\s+(?:it|they|the|its|their|a|an|demand|investors|customers|sales|revenue|shares|volumes|competition|rivals|rates))\b`)
	purposeRe    = rx(`\b(?:to|for|so\s+that|in\s+order\s+to)\b`)
	relativeRe   = rx(`,\s*(?:which|who|whose|that|the|a|an)\b`)
)

type span struct{ s, e int }

func (sp span) has(i int) bool { return i >= sp.s && i < sp.e }

// clauseEnd is the index where the clause containing i ends: the next
// ',', ';', ':', '(' or " - ", or the end of text.
func clauseEnd(text string, i int) int {
	end := len(text)
	if j := strings.IndexAny(text[i:], ",;:("); j >= 0 && i+j < end {
		end = i + j
	}
	if j := strings.Index(text[i:], " - "); j >= 0 && i+j < end {
		end = i + j
	}
	return end
}

// subordinateSpans marks the background clauses of text. Purpose clauses
// ("to …", "for …") count only after the first event match (firstHit):
// before it, "to" is part of the main verb ("Acme to acquire Beta").
func subordinateSpans(text string, firstHit int) []span {
	var out []span
	if m := leadingSubRe.FindStringIndex(text); m != nil {
		if c := strings.IndexByte(text, ','); c > 0 {
			out = append(out, span{0, c})
		}
	}
	for _, m := range inlineSubRe.FindAllStringIndex(text, -1) {
		out = append(out, span{m[0], clauseEnd(text, m[1])})
	}
	for _, m := range purposeRe.FindAllStringIndex(text, -1) {
		if m[0] > firstHit {
			out = append(out, span{m[0], clauseEnd(text, m[1])})
		}
	}
	for _, m := range relativeRe.FindAllStringIndex(text, -1) {
		out = append(out, span{m[0], clauseEnd(text, m[1])})
	}
	return out
}

type hit struct {
	t     Type
	start int
	grade int
	sub   bool
}

// findHits returns every positive match in text that survives its
// lexicon's guards.
func findHits(text string) []hit {
	folded := foldCase(text)
	var hits []hit
	for i := range lexicons {
		hits = append(hits, lexiconHits(i, text, folded)...)
	}
	return hits
}

// lexiconHits returns lexicon i's positive matches in text (folded is
// foldCase(text)) that survive its guards.
func lexiconHits(i int, text, folded string) []hit {
	lx := lexicons[i]
	var found []hit
	var spans [][]int
	for _, pt := range lx.pos {
		for _, m := range pt.re.findAll(text, folded) {
			found = append(found, hit{t: lx.t, start: m[0], grade: pt.grade})
			spans = append(spans, m)
		}
	}
	if len(found) == 0 {
		return nil
	}
	var guards [][]int
	for _, g := range guardSets[i] {
		guards = append(guards, g.findAll(text, folded)...)
	}
	var hits []hit
	for k, h := range found {
		if !overlaps(spans[k], guards) {
			hits = append(hits, h)
		}
	}
	return hits
}

func overlaps(m []int, spans [][]int) bool {
	for _, g := range spans {
		if m[0] < g[1] && g[0] < m[1] {
			return true
		}
	}
	return false
}

// pick chooses the type of one text: main-clause matches before
// subordinate ones, then the higher grade, then type precedence, then the
// earlier match.
func pick(text string) (Type, bool) {
	hits := findHits(text)
	if len(hits) == 0 {
		return "", false
	}
	first := len(text)
	for _, h := range hits {
		first = min(first, h.start)
	}
	subs := subordinateSpans(text, first)
	best := -1
	for i := range hits {
		for _, sp := range subs {
			if sp.has(hits[i].start) {
				hits[i].sub = true
				break
			}
		}
		if best < 0 || better(hits[i], hits[best]) {
			best = i
		}
	}
	return hits[best].t, true
}

func better(a, b hit) bool {
	if a.sub != b.sub {
		return !a.sub
	}
	if a.grade != b.grade {
		return a.grade > b.grade
	}
	if pa, pb := precedence[a.t], precedence[b.t]; pa != pb {
		return pa < pb
	}
	return a.start < b.start
}

// readsAs reports whether the lexicon of type t has a match in text that
// survives its guards (wherever it stands, whatever else matches).
func readsAs(text string, t Type) bool {
	folded := foldCase(text)
	for i, lx := range lexicons {
		if lx.t == t && lexiconReads(i, text, folded) {
			return true
		}
	}
	return false
}

// lexiconReads reports whether lexiconHits(i, text, folded) is not empty,
// stopping at the first match no guard covers.
func lexiconReads(i int, text, folded string) bool {
	var guards [][]int
	guarded := false
	for _, pt := range lexicons[i].pos {
		for _, m := range pt.re.findAll(text, folded) {
			if !guarded {
				for _, g := range guardSets[i] {
					guards = append(guards, g.findAll(text, folded)...)
				}
				guarded = true
			}
			if !overlaps(m, guards) {
				return true
			}
		}
	}
	return false
}

// abbrevDotRe finds periods that do not end a sentence: honorifics and
// suffixes ("Dr.", "Jr."), dotted acronyms ("U.S.") and initials ("A.").
var abbrevDotRe = regexp.MustCompile(`\b(?:Dr|Mr|Mrs|Ms|Prof|Jr|Sr|St|Inc|Corp|Co|Ltd|No|vs)\.|\b(?:[A-Z]\.){2,}|\b[A-Z]\.(?:\s[A-Z])`)

// foldAbbrev drops the periods of abbreviations so that a pattern's
// within-sentence window does not stop at them.
func foldAbbrev(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return abbrevDotRe.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, ".", "") })
}

// leadText is the part of a lead paragraph Classify reads: its first two
// sentences, without a wire dateline.
func leadText(lead string) string { return leadOf(stripDateline(prepText(lead))) }

// leadOf is leadText of a lead already prepared and without its dateline.
func leadOf(body string) string { return foldAbbrev(firstSentences(body, 2)) }

// lexiconType is the lexicon's decision alone, as it typed items before
// the type model; it types 8-K exhibit descriptions:
// StrengthHeadline when the headline carries the type, StrengthLead when
// only the lead does; ok is false when no type applies or an item guard
// other than a stock move matched the headline (a stock move only stops
// the lead from being read).
func lexiconType(headline, lead string) (t Type, strength float64, ok bool) {
	h := foldAbbrev(prepText(headline))
	if g := itemGuard(h); g != "" && g != "stock" {
		return "", 0, false
	}
	if t, ok := pick(h); ok {
		return t, StrengthHeadline, true
	}
	if stockMoveRe.MatchString(h) {
		return "", 0, false
	}
	if t, ok := pick(leadText(lead)); ok {
		return t, StrengthLead, true
	}
	return "", 0, false
}
