// Package batch is the batch_domain_classification use case: it classifies
// up to MaxDomains domains in one call for lead-list triage.
//
// Behaviour:
//
//   - The caller validates the list first with Validate (or ValidateJSON for
//     a decoded JSON array): 1..MaxDomains entries, each a JSON string of at
//     most MaxInputLength bytes. Classify itself never rejects the call.
//   - Every entry goes through domainname.Parse. Entries that normalise to
//     the same domain ("Acme.com", "jane@acme.com", "https://acme.com/x")
//     are classified once; every position gets the answer, and later
//     positions name the first one in duplicate_of.
//   - Distinct domains are classified by at most Config.Workers goroutines
//     at once (DefaultWorkers, 16). Each classification asks its six or
//     seven first-round DNS questions concurrently (plus A/AAAA of
//     unrecognised MX hosts in a second round), so 16 workers keep about
//     100 questions in flight: fast enough for a full batch without
//     bursting upstream resolvers, which start dropping answers when
//     hundreds of UDP questions arrive at once (BenchmarkBatch100Distinct20ms;
//     figures per worker count in docs/performance.md).
//   - One overall deadline, the context's, bounds the call. Classify
//     returns as soon as every item is answered or the context ends; items
//     not finished by then get the error code "timeout" (or "canceled" when
//     the context was canceled rather than timed out).
//   - Per-item errors never fail the call. An input that is not a domain
//     name gets the domainname rejection code and message. A domain that
//     does not exist is not an error: it is a classification with
//     domain_type "nonexistent".
//   - Results are in input order.
package batch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/intel402/intel402/pkg/evidence/domainname"
	"github.com/intel402/intel402/services/domain-qual/internal/classify"
)

// Limits.
const (
	// MaxDomains is the largest number of entries in one batch.
	MaxDomains = 100
	// MaxInputLength bounds one entry in bytes. It is well above the 253
	// characters of a domain name so that e-mail addresses and URLs fit.
	MaxInputLength = 512
	// DefaultWorkers is the number of domains classified at once; see the
	// package documentation and BenchmarkBatch100Distinct20ms.
	DefaultWorkers = 16
)

// Classifier classifies one parsed domain. It is satisfied by
// *classify.Classifier; the error is non-nil only when ctx ended first.
type Classifier interface {
	Classify(ctx context.Context, name domainname.Name) (classify.Result, error)
}

// Config configures a Batcher.
type Config struct {
	// Classifier classifies one domain. Required.
	Classifier Classifier
	// Workers bounds the domains classified at once; 0 means DefaultWorkers.
	Workers int
	// Now is the clock for checked_at; nil means time.Now.
	Now func() time.Time
	// Logger receives one debug line per batch; nil discards.
	Logger *slog.Logger
}

// Batcher runs batch classifications. It is safe for concurrent use.
type Batcher struct {
	c       Classifier
	workers int
	now     func() time.Time
	log     *slog.Logger
}

// New validates cfg and builds a Batcher.
func New(cfg Config) (*Batcher, error) {
	if cfg.Classifier == nil {
		return nil, errors.New("batch: Config.Classifier is required")
	}
	if cfg.Workers < 0 {
		return nil, fmt.Errorf("batch: Config.Workers is negative (%d)", cfg.Workers)
	}
	b := &Batcher{c: cfg.Classifier, workers: cfg.Workers, now: cfg.Now, log: cfg.Logger}
	if b.workers == 0 {
		b.workers = DefaultWorkers
	}
	if b.now == nil {
		b.now = time.Now
	}
	if b.log == nil {
		b.log = slog.New(slog.DiscardHandler)
	}
	return b, nil
}

// job is one distinct domain of a batch.
type job struct {
	name domainname.Name
	res  classify.Result
	err  error
	done bool
}

// Classify classifies every entry of inputs and answers each position, in
// input order. It never fails as a whole: problems are per-item errors.
// Callers validate inputs with Validate first; Classify still answers
// every entry it is given.
func (b *Batcher) Classify(ctx context.Context, inputs []string) Result {
	checkedAt := b.now().UTC().Truncate(time.Second)
	items := make([]Item, len(inputs))
	jobOf := make([]int, len(inputs)) // position -> job index, -1 for invalid input
	firstPos := map[string]int{}      // domain -> first position
	var jobs []job
	for i, in := range inputs {
		items[i] = Item{Index: i, Input: in}
		jobOf[i] = -1
		name, err := domainname.Parse(in)
		if err != nil {
			items[i].Error = invalidInput(err)
			continue
		}
		items[i].Domain = name.ASCII
		if p, ok := firstPos[name.ASCII]; ok {
			items[i].DuplicateOf = &p
			jobOf[i] = jobOf[p]
			continue
		}
		firstPos[name.ASCII] = i
		jobOf[i] = len(jobs)
		jobs = append(jobs, job{name: name})
	}

	finished := b.run(ctx, jobs)

	out := Result{CheckedAt: checkedAt, Count: len(inputs), UniqueDomains: len(jobs), Results: items}
	for i := range items {
		if j := jobOf[i]; j >= 0 {
			jb := finished[j]
			switch {
			case !jb.done:
				items[i].Error = contextError(ctx.Err())
			case jb.err != nil:
				items[i].Error = classificationError(jb.err)
			default:
				c := compact(jb.res)
				items[i].Classification = &c
			}
		}
		if items[i].Error != nil {
			out.Failed++
		} else {
			out.Succeeded++
		}
	}
	b.log.DebugContext(ctx, "batch classified", slog.Int("count", out.Count), slog.Int("unique", out.UniqueDomains),
		slog.Int("succeeded", out.Succeeded), slog.Int("failed", out.Failed))
	return out
}

// run classifies jobs with at most b.workers goroutines and returns a copy
// of the jobs as they stand when all are done or ctx has ended, whichever
// comes first. Workers still running after ctx ended write only to the
// shared slice under the lock, never to the returned copy.
func (b *Batcher) run(ctx context.Context, jobs []job) []job {
	if len(jobs) == 0 {
		return jobs
	}
	var (
		mu     sync.Mutex
		shared = append([]job(nil), jobs...)
		next   = make(chan int)
		wg     sync.WaitGroup
		all    = make(chan struct{})
	)
	for range min(b.workers, len(jobs)) {
		wg.Go(func() {
			for j := range next {
				res, err := b.c.Classify(ctx, jobs[j].name)
				mu.Lock()
				shared[j].res, shared[j].err, shared[j].done = res, err, true
				mu.Unlock()
			}
		})
	}
	go func() {
		defer close(next)
		for j := range jobs {
			select {
			case next <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(all)
	}()
	select {
	case <-all:
	case <-ctx.Done():
	}
	mu.Lock()
	defer mu.Unlock()
	return append([]job(nil), shared...)
}

func invalidInput(err error) *ItemError {
	var perr *domainname.Error
	if errors.As(err, &perr) {
		return &ItemError{Code: ErrorCode(perr.Code), Message: perr.Message}
	}
	return &ItemError{Code: CodeInvalidInput, Message: err.Error()}
}

func contextError(err error) *ItemError {
	if errors.Is(err, context.Canceled) {
		return &ItemError{Code: CodeCanceled, Message: "the batch was canceled before this domain was classified"}
	}
	return &ItemError{Code: CodeTimeout, Message: "the classification did not finish before the batch deadline"}
}

func classificationError(err error) *ItemError {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return contextError(err)
	}
	return &ItemError{Code: CodeClassificationFailed, Message: err.Error()}
}
