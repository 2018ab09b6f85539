//go:build race

package signals

// raceEnabled: the race detector slows training tenfold; make test checks
// the model's reproduction without it (trainsignals -check).
const raceEnabled = true
