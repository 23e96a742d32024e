package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"tresham/compat/g18xx"
	"tresham/play"
	"tresham/store"
)

// WebSocket tuning.
const (
	sendBuffer   = 64               // messages queued per client before it counts as slow
	maxBacklog   = 256              // actions replayed to a client that connects late
	writeTimeout = 10 * time.Second // one message write
	pingEvery    = 30 * time.Second
)

// hub fans a game's committed actions out to its WebSocket clients. sent is
// the number of actions pushed so far: actions reach clients once, in
// order, whether committed here or by another server instance.
type hub struct {
	id      int64
	mu      sync.Mutex
	clients map[*client]struct{}
	sent    int
	sig     string // status and seats last announced
	status  string // the game's status last seen
	// hashers counts the clients that asked for state hashes (?hash=1):
	// only then do pushed moves carry them (pushedOf), as they cost a
	// state built and hashed per move; lastHash is the last one pushed,
	// after action lastSeq.
	hashers  int
	lastHash string
	lastSeq  int
	// expect is the action count an append of this instance will make
	// (0: none in flight). The store's event for it is left to
	// publishAction, which has the action at hand, rather than read back
	// from the store; deferred is the highest count of events so left.
	expect, deferred int
}

// client is one WebSocket connection; a client whose queue is full is
// dropped (slow closed) rather than allowed to hold the others up.
type client struct {
	hashes   bool // asked for state hashes with each move (?hash=1)
	send     chan []byte
	slow     chan struct{}
	slowOnce sync.Once
}

func (c *client) drop() { c.slowOnce.Do(func() { close(c.slow) }) }

// headerSig is what an "update" message announces.
func headerSig(h store.Game) string {
	b, _ := json.Marshal(struct {
		S string
		T []store.Seat
	}{h.Status, h.Seats})
	return string(b)
}

type actionMsg struct {
	Type    string          `json:"type"`
	Game    int64           `json:"game"`
	Seq     int             `json:"seq"`
	Actions int             `json:"actions"`
	Action  json.RawMessage `json:"action"`
	*pushed
}

// pushed is what a page needs, beside the action, to follow a move with
// its own engine and no request: sent with the moves this instance
// commits (not chat, undo or redo, nor actions read back from the store).
type pushed struct {
	// Hash is the state hash after the action (play.HashState): the page
	// compares its own engine's after applying the action.
	Hash string `json:"hash"`
	// By is the user who submitted it (0: a bot or the server); BotMove
	// says it is a bot seat's move, which leaves the undo of the human
	// move before it open (undoFor).
	By      int64 `json:"by"`
	BotMove bool  `json:"bot_move,omitempty"`
	// Clocks are the table's clocks after the action (a clocked table).
	Clocks *clockJSON `json:"clocks,omitempty"`
}

type updateMsg struct {
	Type    string `json:"type"`
	Game    int64  `json:"game"`
	Actions int    `json:"actions"`
}

// broadcast queues msg for every client (h.mu held).
func (h *hub) broadcast(msg []byte) {
	for c := range h.clients {
		select {
		case c.send <- msg:
		default:
			c.drop()
			if c.hashes {
				h.hashers--
			}
			delete(h.clients, c)
		}
	}
}

func (h *hub) sendAction(seq int, data json.RawMessage, x *pushed) {
	b, _ := json.Marshal(actionMsg{Type: "action", Game: h.id, Seq: seq, Actions: seq + 1, Action: data, pushed: x})
	h.broadcast(b)
	h.sent = seq + 1
}

// catchUp pushes the stored actions from h.sent up to n (h.mu held).
func (s *Server) catchUp(h *hub, n int) error {
	if n <= h.sent {
		return nil
	}
	acts, err := s.st.Actions(s.done, h.id, h.sent)
	if err != nil {
		return fmt.Errorf("load actions of game %d for websockets: %w", h.id, err)
	}
	for _, a := range acts {
		if a.Seq >= h.sent && a.Seq < n {
			h.sendAction(a.Seq, a.Data, nil)
		}
	}
	return nil
}

func (s *Server) hubOf(id int64) *hub {
	s.hubsMu.Lock()
	defer s.hubsMu.Unlock()
	return s.hubs[id]
}

// publishAction pushes an action committed by this instance (x: what a
// page needs to follow it without a request, or nil).
func (s *Server) publishAction(id int64, seq int, data json.RawMessage, x *pushed) {
	h := s.hubOf(id)
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.expect = 0
	if x != nil {
		h.lastHash, h.lastSeq = x.Hash, seq
	}
	if seq >= h.sent { // else already pushed from a store event
		if err := s.catchUp(h, seq); err != nil {
			s.log.Warn("websocket catch-up", "game", id, "err", err)
		}
		h.sendAction(seq, data, x)
	}
	s.catchUpDeferred(h)
}

// pushedOf is what the WebSocket message of move a, just committed by
// userID, carries for the pages (e.mu held, e.g the game after it): nil
// when nobody listens to the game here, or for chat, undo and redo, after
// which pages ask for the view.
func (s *Server) pushedOf(e *entry, a *g18xx.Action, userID int64) *pushed {
	switch a.Type {
	case g18xx.TypeMessage, g18xx.TypeUndo, g18xx.TypeRedo:
		return nil
	}
	if e.g == nil || !s.wantHashes(e.id) {
		return nil
	}
	hash, err := play.HashState(e.g.State())
	if err != nil {
		return nil
	}
	x := &pushed{Hash: hash, By: userID, BotMove: userID == 0 && isBotMove(e.h, a.Entity)}
	if e.h.Clock != "" {
		x.Clocks = s.clockOf(e)
	}
	return x
}

// wantHashes reports whether a client of game id's hub asked for state
// hashes.
func (s *Server) wantHashes(id int64) bool {
	h := s.hubOf(id)
	if h == nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.hashers > 0
}

// pushedHash is the state hash pushed with game id's action seq, or "" (not
// pushed with one): the mover's answer takes it rather than hash again.
func (s *Server) pushedHash(id int64, seq int) string {
	h := s.hubOf(id)
	if h == nil {
		return ""
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.lastSeq != seq {
		return ""
	}
	return h.lastHash
}

// expectAction tells game id's hub that this instance is appending its
// action n-1: the store's event for it is left to publishAction (or, if
// the append fails, to unexpectAction).
func (s *Server) expectAction(id int64, n int) {
	if h := s.hubOf(id); h != nil {
		h.mu.Lock()
		h.expect = n
		h.mu.Unlock()
	}
}

// unexpectAction ends expectAction after a failed append: events left
// meanwhile (another instance's append, say) are pushed from the store.
func (s *Server) unexpectAction(id int64) {
	if h := s.hubOf(id); h != nil {
		h.mu.Lock()
		h.expect = 0
		s.catchUpDeferred(h)
		h.mu.Unlock()
	}
}

// catchUpDeferred pushes the actions of the store events left to the
// expected append (h.mu held).
func (s *Server) catchUpDeferred(h *hub) {
	if h.deferred > h.sent {
		if err := s.catchUp(h, h.deferred); err != nil {
			s.log.Warn("websocket catch-up", "game", h.id, "err", err)
		}
	}
	h.deferred = 0
}

// publishUpdate announces a change of seats or status.
func (s *Server) publishUpdate(g store.Game) {
	h := s.hubOf(g.ID)
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sig, h.status = headerSig(g), g.Status
	b, _ := json.Marshal(updateMsg{Type: "update", Game: g.ID, Actions: g.Actions})
	h.broadcast(b)
}

// storeEvent follows a change reported by the store (from any instance).
func (s *Server) storeEvent(ev store.GameEvent) {
	s.markStale(ev) // first: a client told of the change below must read it
	h := s.hubOf(ev.GameID)
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if ev.Actions > h.sent {
		if ev.Actions == h.expect { // the echo of an append in flight here
			h.deferred = max(h.deferred, ev.Actions)
			return
		}
		if err := s.catchUp(h, ev.Actions); err != nil {
			s.log.Warn("websocket catch-up", "game", ev.GameID, "err", err)
		}
		return
	}
	if h.status != "" && h.status != store.StatusNew {
		return // seats and status change only before the start (or with an action)
	}
	g, err := s.st.GetGame(s.done, ev.GameID)
	if err != nil {
		s.log.Warn("websocket update", "game", ev.GameID, "err", err)
		return
	}
	h.status = g.Status
	if sig := headerSig(g); sig != h.sig {
		h.sig = sig
		b, _ := json.Marshal(updateMsg{Type: "update", Game: g.ID, Actions: g.Actions})
		h.broadcast(b)
	}
}

// join registers c with game g's hub (created if needed) and queues the
// actions from seq from on that the hub has already pushed.
func (s *Server) join(g store.Game, c *client, from int) error {
	s.hubsMu.Lock()
	h := s.hubs[g.ID]
	created := h == nil
	if created {
		h = &hub{id: g.ID, clients: map[*client]struct{}{}, sent: g.Actions, sig: headerSig(g), status: g.Status}
		s.hubs[g.ID] = h
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if created {
		// g was read before the hub existed: a store event for an action
		// committed meanwhile found no hub and was dropped, so read the
		// count again and push what is new (after the replay below)
		defer func() {
			if cur, err := s.st.GetGame(s.done, g.ID); err == nil && cur.Actions > h.sent {
				if err := s.catchUp(h, cur.Actions); err != nil {
					s.log.Warn("websocket catch-up", "game", g.ID, "err", err)
				}
			}
		}()
	}
	h.clients[c] = struct{}{}
	if c.hashes {
		h.hashers++
	}
	s.hubsMu.Unlock()
	if from < 0 || from >= h.sent {
		return nil
	}
	if h.sent-from > maxBacklog {
		b, _ := json.Marshal(updateMsg{Type: "update", Game: g.ID, Actions: h.sent})
		c.send <- b
		return nil
	}
	acts, err := s.st.Actions(s.done, g.ID, from)
	if err != nil {
		return fmt.Errorf("load actions of game %d for a websocket: %w", g.ID, err)
	}
	for _, a := range acts {
		if a.Seq >= h.sent {
			break
		}
		b, _ := json.Marshal(actionMsg{Type: "action", Game: g.ID, Seq: a.Seq, Actions: a.Seq + 1, Action: a.Data})
		c.send <- b
	}
	return nil
}

// leave unregisters c; the last client out removes the hub.
func (s *Server) leave(id int64, c *client) {
	s.hubsMu.Lock()
	defer s.hubsMu.Unlock()
	h := s.hubs[id]
	if h == nil {
		return
	}
	h.mu.Lock()
	if _, ok := h.clients[c]; ok && c.hashes {
		h.hashers--
	}
	delete(h.clients, c)
	empty := len(h.clients) == 0
	h.mu.Unlock()
	if empty {
		delete(s.hubs, id)
	}
}

// websocket serves GET /api/games/{id}/ws: the game's committed actions
// as they happen (?from=N also replays the actions from seq N on; ?hash=1
// asks for the state hash after each move, see pushed).
func (s *Server) websocket(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g, err := s.st.GetGame(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "no game %d", id)
		return
	}
	if err != nil {
		s.fail(w, r, fmt.Errorf("websocket: %w", err))
		return
	}
	from := -1
	if q := r.URL.Query().Get("from"); q != "" {
		if from, err = strconv.Atoi(q); err != nil || from < 0 {
			writeError(w, http.StatusBadRequest, "from=%q is not a sequence number", q)
			return
		}
	}
	release, ok := s.sockets.take(r.RemoteAddr)
	if !ok {
		writeError(w, http.StatusTooManyRequests, "too many live connections (at most %d per address, %d in all)", s.sockets.perAddr, s.sockets.max)
		return
	}
	defer release()
	// the connection outlives the HTTP time limits: pings keep it honest
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		s.log.Debug("websocket accept", "game", id, "err", err)
		return
	}
	conn.SetReadLimit(4096)
	c := &client{hashes: r.URL.Query().Get("hash") == "1", send: make(chan []byte, sendBuffer+maxBacklog+1), slow: make(chan struct{})}
	if err := s.join(g, c, from); err != nil {
		s.log.Warn("websocket join", "game", id, "err", err)
	}
	s.met.websockets.Inc()
	defer s.met.websockets.Dec()
	defer s.leave(id, c)
	// CloseRead reads (and answers pings) in its own goroutine; ctx ends
	// when the peer goes away. (It is not given s.done: a cancelled read
	// closes the connection at once, racing the going-away frame below.)
	ctx := conn.CloseRead(context.Background())
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	// a write stuck for writeTimeout closes the connection (one timer per
	// connection: a context with a timeout per message costs allocations
	// on every action fanned out)
	stuck := time.AfterFunc(time.Hour, func() { conn.CloseNow() })
	stuck.Stop()
	defer stuck.Stop()
	for {
		select {
		case <-s.done.Done():
			conn.Close(websocket.StatusGoingAway, "server shutting down")
			return
		case <-ctx.Done():
			conn.CloseNow()
			return
		case <-c.slow:
			conn.Close(websocket.StatusPolicyViolation, "too slow: messages were dropped; reconnect with ?from=N")
			return
		case msg := <-c.send:
			stuck.Reset(writeTimeout)
			err := conn.Write(context.Background(), websocket.MessageText, msg)
			stuck.Stop()
			if err != nil {
				conn.CloseNow()
				return
			}
			s.met.wsMessages.Inc()
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				conn.CloseNow()
				return
			}
		}
	}
}
