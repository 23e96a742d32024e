package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
)

// webhookBody is POSTed to a user's webhook when it becomes their turn.
type webhookBody struct {
	Game   int64    `json:"game"`
	Title  string   `json:"title"`
	Player int      `json:"player"`
	Acting []string `json:"acting"`
}

// notifyTurns posts webhooks for the seats that a commit by actor made
// newly acting (e.mu held). Posting is asynchronous and never blocks play.
func (s *Server) notifyTurns(e *entry, before map[int][]string, actor int64) {
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
		s.postWebhook(user, webhookBody{Game: e.id, Title: e.h.Title, Player: pid, Acting: slices.Clone(ents)})
	}
}

func (s *Server) postWebhook(userID int64, body webhookBody) {
	select {
	case s.hookSem <- struct{}{}:
	default:
		s.log.Warn("webhook dropped: too many in flight", "user", userID, "game", body.Game)
		return
	}
	if s.done.Err() != nil {
		<-s.hookSem
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer func() { <-s.hookSem }()
		if err := s.sendWebhook(userID, body); err != nil {
			s.log.Warn("webhook failed", "user", userID, "game", body.Game, "err", err)
		}
	}()
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
	b, err := json.Marshal(body)
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
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("post: status %s", resp.Status)
	}
	return nil
}
