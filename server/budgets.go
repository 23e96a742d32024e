package server

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Budgets (docs/api.md, "Accounts, shared games and floods"): token
// buckets per client address, account or account and game, sized so that
// honest use never meets them. A request past its budget is refused with
// 429 and Retry-After, and changes nothing.
const (
	// signups from one address: a club signing up together, then one
	// more every three minutes (Config.SignupsPerAddr changes the burst)
	signupBurst = 20
	signupEvery = 3 * time.Minute

	// state-mismatch reports from one address: a page reports one and
	// reloads, so a few in a row is already a bug
	mismatchBurst = 5
	mismatchEvery = time.Minute
	// mismatch lines logged for all addresses together; past them, reports
	// are counted and the next line logged says how many were not
	mismatchLogBurst = 20
	mismatchLogEvery = 5 * time.Second

	// undos and redos by one account in one game: a player taking back a
	// few moves in a row, then one every two seconds
	undoBurst = 20
	undoEvery = 2 * time.Second

	// seat changes by one account (joining, leaving, freeing seats of
	// unstarted tables): each one is pushed to every lobby and table page
	seatBurst = 20
	seatEvery = 5 * time.Second

	// budgetKeys bounds the keys a budget keeps (idle full buckets are
	// dropped first)
	budgetKeys = 100_000
)

// budget is a token bucket (golang.org/x/time/rate) per key.
type budget struct {
	every time.Duration // one token per every
	burst int
	what  string // what is counted, for the refusal ("signups from your address")

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
}

func newBudget(burst int, every time.Duration, what string) *budget {
	return &budget{every: every, burst: burst, what: what, buckets: map[string]*rate.Limiter{}}
}

// take spends one token of key at now; when there is none it returns how
// long until there is, and spends nothing.
func (b *budget) take(key string, now time.Time) time.Duration {
	return b.takeN(key, now, 1)
}

// takeN is take for n tokens at once.
func (b *budget) takeN(key string, now time.Time, n int) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	l, ok := b.buckets[key]
	if !ok {
		b.makeRoom(now)
		l = rate.NewLimiter(rate.Every(b.every), b.burst)
		b.buckets[key] = l
	}
	r := l.ReserveN(now, n)
	if !r.OK() {
		return b.every * time.Duration(n)
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d
	}
	return 0
}

// reserve takes one token of key at now and returns its reservation (to
// cancel), or how long until there is one.
func (b *budget) reserve(key string, now time.Time) (*rate.Reservation, time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	l, ok := b.buckets[key]
	if !ok {
		b.makeRoom(now)
		l = rate.NewLimiter(rate.Every(b.every), b.burst)
		b.buckets[key] = l
	}
	r := l.ReserveN(now, 1)
	if !r.OK() {
		return nil, b.every
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return nil, d
	}
	return r, 0
}

// budgetKey is a budget and one of its keys.
type budgetKey struct {
	b   *budget
	key string
}

// spendAll spends one token of every budget's key at now, or none: the
// refusal of the first budget without one.
func spendAll(now time.Time, keys ...budgetKey) error {
	var taken []*rate.Reservation
	for _, k := range keys {
		r, d := k.b.reserve(k.key, now)
		if d > 0 {
			for _, t := range taken {
				t.CancelAt(now)
			}
			return k.b.refuse(d)
		}
		taken = append(taken, r)
	}
	return nil
}

// makeRoom keeps the map under budgetKeys (b.mu held): full buckets (idle
// keys) go first, then any.
func (b *budget) makeRoom(now time.Time) {
	if len(b.buckets) < budgetKeys {
		return
	}
	for k, l := range b.buckets {
		if l.TokensAt(now) >= float64(b.burst) {
			delete(b.buckets, k)
		}
	}
	for k := range b.buckets {
		if len(b.buckets) < budgetKeys {
			break
		}
		delete(b.buckets, k)
	}
}

// refuse is the 429 of a request past the budget, d until the next token.
func (b *budget) refuse(d time.Duration) error {
	secs := int((d + time.Second - 1) / time.Second)
	return &apiError{code: http.StatusTooManyRequests, retryAfter: d,
		msg: fmt.Sprintf("too many %s (%d, then one every %v): try again in %d s", b.what, b.burst, b.every, secs)}
}

// spend takes a token of key now, or returns the refusal.
func (b *budget) spend(key string, now time.Time) error {
	if d := b.take(key, now); d > 0 {
		return b.refuse(d)
	}
	return nil
}

// budgets are a server's budgets.
type budgets struct {
	signup   *budget // per address
	mismatch *budget // per address
	undo     *budget // per account and game
	seats    *budget // per account
	// email (mail.go): mails per account and per address, password reset
	// requests per client address
	mailAccount, mailAddress, forgot *budget
	// mismatchLog bounds the mismatch lines logged; mismatchUnlogged
	// counts the reports not logged since the last line
	mismatchLog      *rate.Limiter
	mismatchUnlogged int
	mismatchMu       sync.Mutex
}

// newBudgets makes the budgets; signups is the signup burst (negative:
// no signup budget).
func newBudgets(signups int) *budgets {
	if signups < 0 {
		signups = 1 << 30
	}
	return &budgets{
		signup:      newBudget(signups, signupEvery, "signups from your address"),
		mismatch:    newBudget(mismatchBurst, mismatchEvery, "state-mismatch reports from your address"),
		undo:        newBudget(undoBurst, undoEvery, "undos and redos of yours in this game"),
		seats:       newBudget(seatBurst, seatEvery, "seat changes of yours (joining, leaving, freeing seats)"),
		mailAccount: newBudget(mailAccountBurst, mailAccountEvery, "emails to your account"),
		mailAddress: newBudget(mailAddressBurst, mailAddressEvery, "emails to this address"),
		forgot:      newBudget(forgotBurst, forgotEvery, "password reset requests from your address"),
		mismatchLog: rate.NewLimiter(rate.Every(mismatchLogEvery), mismatchLogBurst),
	}
}

// logMismatch reports whether a mismatch report is to be logged now, and
// how many were not logged before it.
func (b *budgets) logMismatch(now time.Time) (bool, int) {
	b.mismatchMu.Lock()
	defer b.mismatchMu.Unlock()
	if !b.mismatchLog.AllowN(now, 1) {
		b.mismatchUnlogged++
		return false, 0
	}
	n := b.mismatchUnlogged
	b.mismatchUnlogged = 0
	return true, n
}
