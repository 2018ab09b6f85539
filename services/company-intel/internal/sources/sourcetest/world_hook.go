package sourcetest

import "net/http"

// Names of the world's servers as World.OnRequest reports them: one per
// provider fake, and the websites (both listeners).
const (
	ServerGoogleNews = ProviderGoogleNews
	ServerGDELT      = ProviderGDELT
	ServerExa        = ProviderExa
	ServerSEC        = ProviderSEC
	ServerWikidata   = "wikidata"
	ServerATS        = "ats" // the five ATS board APIs share one server
	ServerWebsite    = ProviderWebsite
)

// OnRequest makes f see every request the world's provider fakes and
// websites receive, with the name of the server that received it (Server*),
// as Server.OnRequest does: after the request is counted, before it is
// answered (before any latency or fault), in its goroutine. It replaces any
// hook set through the accessors; a nil f removes every hook. The
// fakeupstreams command keeps its call log with it.
func (w *World) OnRequest(f func(server string, r *http.Request)) {
	named := map[string]*Server{
		ServerGoogleNews: w.googleNews, ServerGDELT: w.gdelt, ServerExa: w.exa, ServerSEC: w.sec,
		ServerWikidata: w.wikidata, ServerATS: w.ats,
	}
	for name, s := range named {
		s.OnRequest(hookFor(name, f))
	}
	w.sites.OnRequest(hookFor(ServerWebsite, f))
}

// hookFor binds f to a server's name (nil stays nil).
func hookFor(name string, f func(string, *http.Request)) func(*http.Request) {
	if f == nil {
		return nil
	}
	return func(r *http.Request) { f(name, r) }
}

// OnRequest makes f see every request either website server receives (see
// Server.OnRequest); nil removes it.
func (s *Sites) OnRequest(f func(*http.Request)) {
	for _, srv := range s.servers() {
		srv.OnRequest(f)
	}
}
