// The deep deal brief: its section limits and deep, which adds the deep
// sections (initiatives.go, clues.go, competitors.go, objections.go,
// buyingroles.go, positioning.go, discovery.go, plan.go) to the brief.

package brief

// Deep section limits (doc.go).
const (
	MaxInitiatives = 5
	MaxClues       = 8
	MaxCompetitors = 4
	MaxObjections  = 5
	MaxBuyingRoles = 8
	MaxSequence    = 5
)

func (f *facts) deep() Deep {
	d := Deep{Brief: f.brief()}
	d.Initiatives = f.initiatives()
	d.Clues = f.clues()
	d.Competitors = f.competitors()
	d.Objections = f.objections()
	d.BuyingRoles = f.buyingRoles()
	d.Positioning = f.positioning()
	d.Questions = f.discovery()
	d.Plan = f.plan(d.Approach)
	return d
}
