package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// webhookBody is POSTed to a user's webhook when it becomes their turn
// (the generic format; Discord and Slack URLs get their own, hookPayload).
type webhookBody struct {
	Game   int64    `json:"game"`
	Title  string   `json:"title"`
	Player int      `json:"player"`
	Acting []string `json:"acting"`
	// TimeLeftS is the player's time left on the game's clock, in
	// seconds (absent when the game has no clock).
	TimeLeftS *int64 `json:"time_left_s,omitempty"`
}

const (
	// maxWebhookURL bounds a webhook URL in bytes.
	maxWebhookURL = 2048
	// hookWorkers bounds the webhook POSTs in flight in all.
	hookWorkers = 16
	// hookPerUser bounds the webhooks waiting for one user; more are dropped.
	hookPerUser = 8
	// hookQueued bounds the webhooks waiting in all; more are dropped.
	hookQueued = 10_000
)

// notifyTurns posts webhooks (and queues turn emails) for the seats that a commit by actor made
// newly acting (e.mu held). Posting is asynchronous and never blocks play.
// A seat is told of its turn once per history position: a turn that undo
// and redo bring back again and again is not announced again.
func (s *Server) notifyTurns(e *entry, before map[int][]string, actor int64) {
	var clocks *clockJSON
	e.syncMoves()
	pos := len(e.moves) // the history position (moves in effect)
	for pid, ents := range actingPlayers(e.g) {
		if _, was := before[pid]; was {
			continue
		}
		st, ok := seatOf(e.h, pid)
		if !ok || st.Bot != "" {
			continue
		}
		user := st.UserID
		if e.h.Hotseat {
			user = e.h.OwnerID
		}
		if user == 0 || user == actor {
			continue
		}
		if !s.hooks.firstAt(hookTurn{user: user, game: e.id, player: pid}, pos) {
			continue
		}
		body := webhookBody{Game: e.id, Title: e.h.Title, Player: pid, Acting: slices.Clone(ents)}
		if e.h.Clock != "" && clocks == nil {
			clocks = s.clockOf(e)
		}
		if clocks != nil {
			left := clocks.Left[pid]
			body.TimeLeftS = &left
		}
		s.postWebhook(user, body)
		if !e.h.Live && !e.h.Hotseat {
			// email is for asynchronous play: at a live table or a hotseat
			// game the player is at the page (mail.go)
			s.queueMail(mailJob{kind: mailTurn, user: user, turn: body, table: e.h.Name})
		}
	}
}

// hookQueue delivers webhooks: one queue per user, served round-robin by at
// most hookWorkers workers, each user with at most one POST in flight. A
// user whose endpoint is slow or never answers only delays their own
// webhooks (each POST is bounded by WebhookTimeout).
type hookQueue struct {
	mu      sync.Mutex
	pending map[int64][]webhookBody // waiting, per user
	busy    map[int64]bool          // users with a POST in flight
	ready   []int64                 // users with waiting webhooks and none in flight, in turn
	queued  int                     // waiting in all
	workers int                     // running workers
	// told is the history position (plus one) at which each seat was last
	// told of its turn
	told map[hookTurn]int
}

// hookTurn is a seat of a game as its user is told of its turns.
type hookTurn struct {
	user, game int64
	player     int
}

// maxHookTurns bounds hookQueue.told (emptied when full).
const maxHookTurns = 100_000

// firstAt records that seat t is told of its turn at history position pos;
// false when it already was (the turn came back by undo and redo).
func (q *hookQueue) firstAt(t hookTurn, pos int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.told[t] == pos+1 {
		return false
	}
	if q.told == nil || len(q.told) >= maxHookTurns {
		q.told = map[hookTurn]int{}
	}
	q.told[t] = pos + 1
	return true
}

// postWebhook queues a webhook for the user; it is dropped (and logged)
// when the user or the server has too many waiting.
func (s *Server) postWebhook(userID int64, body webhookBody) {
	if s.done.Err() != nil {
		return
	}
	q := &s.hooks
	q.mu.Lock()
	defer q.mu.Unlock()
	for i, b := range q.pending[userID] {
		if b.Game == body.Game && b.Player == body.Player {
			q.pending[userID][i] = body // still waiting: the newer news replaces it
			return
		}
	}
	if len(q.pending[userID]) >= hookPerUser || q.queued >= hookQueued {
		s.log.Warn("webhook dropped: too many waiting", "user", userID, "game", body.Game, "user_waiting", len(q.pending[userID]), "waiting", q.queued)
		return
	}
	if len(q.pending[userID]) == 0 && !q.busy[userID] {
		q.ready = append(q.ready, userID)
	}
	q.pending[userID] = append(q.pending[userID], body)
	q.queued++
	if q.workers < hookWorkers && len(q.ready) > 0 {
		q.workers++
		s.wg.Add(1)
		go s.hookWorker()
	}
}

// hookWorker delivers webhooks until none is ready.
func (s *Server) hookWorker() {
	defer s.wg.Done()
	q := &s.hooks
	for {
		q.mu.Lock()
		if len(q.ready) == 0 || s.done.Err() != nil {
			q.workers--
			q.mu.Unlock()
			return
		}
		user := q.ready[0]
		q.ready = q.ready[1:]
		body := q.pending[user][0]
		q.pending[user] = q.pending[user][1:]
		q.queued--
		q.busy[user] = true
		q.mu.Unlock()

		err := s.sendWebhook(user, body)
		if err != nil {
			s.log.Warn("webhook failed", "user", user, "game", body.Game, "err", err)
		}
		if s.hookDone != nil {
			s.hookDone(user, err)
		}

		q.mu.Lock()
		delete(q.busy, user)
		if len(q.pending[user]) > 0 {
			q.ready = append(q.ready, user)
		} else {
			delete(q.pending, user)
		}
		q.mu.Unlock()
	}
}

func (s *Server) sendWebhook(userID int64, body webhookBody) error {
	ctx, cancel := context.WithTimeout(s.done, s.cfg.WebhookTimeout)
	defer cancel()
	u, err := s.st.UserByID(ctx, userID)
	if err != nil {
		return fmt.Errorf("load user: %w", err)
	}
	if u.WebhookURL == "" {
		return nil
	}
	b, err := hookPayload(u.WebhookURL, body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.WebhookURL, bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("webhook request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "tresham-webhook")
	resp, err := s.cfg.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("post: %w", err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return fmt.Errorf("post: status %s (redirects are not followed)", resp.Status)
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("post: status %s", resp.Status)
	}
	return nil
}

// hookPayload is the JSON posted for body to rawURL: Discord's and Slack's
// incoming-webhook shapes for their URLs ({"content": …} and {"text": …}),
// else webhookBody.
func hookPayload(rawURL string, body webhookBody) ([]byte, error) {
	msg := fmt.Sprintf("Your turn in %s game %d (player %d", body.Title, body.Game, body.Player)
	if len(body.Acting) > 0 {
		msg += ", acting for " + strings.Join(body.Acting, ", ")
	}
	msg += ")"
	if body.TimeLeftS != nil {
		msg += "; " + clockWords(*body.TimeLeftS) + " on your clock"
	}
	var v any = body
	switch hookFormat(rawURL) {
	case "discord":
		// no pings: the text mentions no one even if an entity name looked like a mention
		v = map[string]any{"content": msg, "allowed_mentions": map[string]any{"parse": []string{}}}
	case "slack":
		v = map[string]any{"text": slackEscape(msg)}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("webhook body: %w", err)
	}
	return b, nil
}

// hookFormat is "discord", "slack" or "json", by the URL's host and path.
func hookFormat(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "json"
	}
	host := strings.ToLower(u.Hostname())
	switch {
	case (host == "discord.com" || host == "discordapp.com" || strings.HasSuffix(host, ".discord.com")) &&
		strings.HasPrefix(u.Path, "/api/webhooks/"):
		return "discord"
	case host == "hooks.slack.com":
		return "slack"
	}
	return "json"
}

// slackEscape escapes the three characters Slack's text format reserves.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// checkWebhookURL refuses a webhook URL that is not an absolute http(s)
// URL, or whose host is (or resolves to) an address a server must not be
// made to call: loopback, private, link-local, multicast, unspecified and
// other special-purpose ranges (unless allowPrivate). The same check runs
// again on every connection (hookDialer), so a name that later resolves
// elsewhere (DNS rebinding) gains nothing.
func checkWebhookURL(ctx context.Context, raw string, allowPrivate bool) error {
	if len(raw) > maxWebhookURL {
		return fmt.Errorf("webhook url of %d bytes is longer than %d bytes", len(raw), maxWebhookURL)
	}
	p, err := url.Parse(raw)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return fmt.Errorf("webhook url %q is not an absolute http(s) URL", raw)
	}
	if allowPrivate {
		return nil
	}
	host := strings.ToLower(strings.TrimSuffix(p.Hostname(), "."))
	const hint = " (the server refuses loopback, private, link-local, multicast and unspecified addresses unless run with --allow-private-webhooks)"
	if ip, err := netip.ParseAddr(host); err == nil {
		if why := blockedAddr(ip); why != "" {
			return fmt.Errorf("webhook url %q is refused: %s is %s%s", raw, ip, why, hint)
		}
		return nil
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || strings.HasSuffix(host, ".local") || strings.HasSuffix(host, ".internal") || !strings.Contains(host, ".") {
		return fmt.Errorf("webhook url %q is refused: %q is a local host name%s", raw, host, hint)
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	ips, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return fmt.Errorf("webhook url %q: host %q does not resolve: %v", raw, host, err)
	}
	for _, ip := range ips {
		if why := blockedAddr(ip); why != "" {
			return fmt.Errorf("webhook url %q is refused: %q resolves to %s, %s%s", raw, host, ip.Unmap(), why, hint)
		}
	}
	return nil
}

// specialPrefixes are special-purpose ranges (RFC 6890 and successors)
// that netip's predicates do not cover, with what they are.
var specialPrefixes = []struct {
	p   netip.Prefix
	why string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "a \"this network\" address"},
	{netip.MustParsePrefix("100.64.0.0/10"), "a shared (carrier-grade NAT) address"},
	{netip.MustParsePrefix("192.0.0.0/24"), "an IETF protocol assignment address"},
	{netip.MustParsePrefix("192.0.2.0/24"), "a documentation address"},
	{netip.MustParsePrefix("198.18.0.0/15"), "a benchmarking address"},
	{netip.MustParsePrefix("198.51.100.0/24"), "a documentation address"},
	{netip.MustParsePrefix("203.0.113.0/24"), "a documentation address"},
	{netip.MustParsePrefix("240.0.0.0/4"), "a reserved or broadcast address"},
	{netip.MustParsePrefix("100::/64"), "a discard-only address"},
	{netip.MustParsePrefix("2001:db8::/32"), "a documentation address"},
	{netip.MustParsePrefix("fec0::/10"), "a site-local address"},
}

// blockedAddr says why ip must not be called ("a loopback address", …),
// or "" when it may. IPv4-mapped, NAT64 (64:ff9b::/96) and 6to4 (2002::/16)
// addresses are judged by the IPv4 address they carry.
func blockedAddr(ip netip.Addr) string {
	ip = ip.Unmap().WithZone("")
	if ip.Is6() {
		b := ip.As16()
		if netip.MustParsePrefix("64:ff9b::/96").Contains(ip) {
			return blockedAddr(netip.AddrFrom4([4]byte(b[12:16])))
		}
		if netip.MustParsePrefix("2002::/16").Contains(ip) {
			return blockedAddr(netip.AddrFrom4([4]byte(b[2:6])))
		}
	}
	switch {
	case !ip.IsValid():
		return "not an address"
	case ip.IsUnspecified():
		return "an unspecified address"
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsPrivate():
		return "a private address"
	case ip.IsLinkLocalUnicast():
		return "a link-local address"
	case ip.IsMulticast() || ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast():
		return "a multicast address"
	}
	for _, sp := range specialPrefixes {
		if sp.p.Contains(ip) {
			return sp.why
		}
	}
	return ""
}

// errBlockedAddr is the dial-time refusal of a blocked address.
var errBlockedAddr = errors.New("webhook address refused")

// hookClient is the default webhook client: each POST bounded by timeout,
// no redirects followed, no proxy, and (unless allowPrivate) every
// connection checked against blockedAddr once the name is resolved, so DNS
// rebinding cannot reach a private address.
func hookClient(timeout time.Duration, allowPrivate bool) *http.Client {
	d := &net.Dialer{Timeout: timeout}
	if !allowPrivate {
		d.Control = func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("%w: cannot parse %q: %v", errBlockedAddr, address, err)
			}
			if why := blockedAddr(ap.Addr()); why != "" {
				return fmt.Errorf("%w: %s is %s", errBlockedAddr, ap.Addr(), why)
			}
			return nil
		}
	}
	tr := &http.Transport{
		Proxy:                 nil, // a proxy would hide the address dialled
		DialContext:           d.DialContext,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		MaxIdleConns:          hookWorkers,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       time.Minute,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// clockWords writes seconds left as "1 h 05 min left" or "3 min 20 s left"
// ("… over" when negative).
func clockWords(s int64) string {
	suffix := " left"
	if s < 0 {
		s, suffix = -s, " over"
	}
	if s >= 3600 {
		return fmt.Sprintf("%d h %02d min%s", s/3600, s%3600/60, suffix)
	}
	return fmt.Sprintf("%d min %d s%s", s/60, s%60, suffix)
}
