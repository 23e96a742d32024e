package storetest

import (
	"bytes"
	"errors"
	"sync"
	"testing"
	"time"

	"tresham/store"
)

// testMail: email settings are kept per user, a confirmed address belongs
// to one account (ignoring case), is found by UserByMail, and goes with a
// deleted account.
func testMail(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	if m, err := s.Mail(ctx, alice.ID); err != nil || m != (store.Mail{}) {
		t.Fatalf("no settings yet: %+v, %v", m, err)
	}
	if _, err := s.UserByMail(ctx, "alice@example.org"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("UserByMail before any address: %v, want ErrNotFound", err)
	}
	want := store.Mail{Address: "Alice@Example.org", Turns: true}
	if err := s.SetMail(ctx, alice.ID, want); err != nil {
		t.Fatal(err)
	}
	if m, err := s.Mail(ctx, alice.ID); err != nil || m != want {
		t.Fatalf("Mail = %+v, %v; want %+v", m, err, want)
	}
	if u, err := s.UserByMail(ctx, "alice@EXAMPLE.org"); err != nil || u.ID != alice.ID {
		t.Fatalf("UserByMail ignoring case = %+v, %v", u, err)
	}
	if err := s.SetMail(ctx, bob.ID, store.Mail{Address: "alice@example.ORG"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("bob taking alice's address: %v, want ErrConflict", err)
	}
	if m, _ := s.Mail(ctx, bob.ID); m != (store.Mail{}) {
		t.Fatalf("a refused SetMail stored %+v", m)
	}
	// no address: several accounts may have none, and keep their choice
	for _, u := range []store.User{alice, bob} {
		if err := s.SetMail(ctx, u.ID, store.Mail{Turns: true}); err != nil {
			t.Fatalf("SetMail(%s, no address): %v", u.Name, err)
		}
	}
	if _, err := s.UserByMail(ctx, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("UserByMail(\"\"): %v, want ErrNotFound", err)
	}
	if err := s.SetMail(ctx, bob.ID, store.Mail{Address: "alice@example.org", Turns: false}); err != nil {
		t.Fatalf("the address freed by alice: %v", err)
	}
	if err := s.DeleteUser(ctx, bob.ID, time.Unix(1_800_000_000, 0)); err != nil {
		t.Fatal(err)
	}
	if m, _ := s.Mail(ctx, bob.ID); m != (store.Mail{}) {
		t.Errorf("a deleted account's settings: %+v", m)
	}
	if _, err := s.UserByMail(ctx, "alice@example.org"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted account's address is still found: %v", err)
	}
	if err := s.SetMail(ctx, 1<<40, store.Mail{Address: "x@example.org"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetMail of an unknown user: %v, want ErrNotFound", err)
	}
}

// testMailTokens: a token is used once, not after it expires, not for
// another purpose; a newer token of the same purpose ends the older; two
// uses at once: one wins. ServerSecret keeps the first value.
func testMailTokens(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	now := time.Now()
	mk := func(hash, purpose string, exp time.Time) {
		t.Helper()
		if err := s.CreateMailToken(ctx, store.MailToken{Hash: hash, UserID: alice.ID, Purpose: purpose, Address: "a@example.org", ExpiresAt: exp}); err != nil {
			t.Fatalf("CreateMailToken(%s): %v", hash, err)
		}
	}
	mk("h1", store.TokenConfirm, now.Add(time.Hour))
	mk("r1", store.TokenReset, now.Add(time.Hour))
	if _, err := s.UseMailToken(ctx, "h1", store.TokenReset, now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a confirm token used as a reset: %v", err)
	}
	tok, err := s.UseMailToken(ctx, "h1", store.TokenConfirm, now)
	if err != nil || tok.UserID != alice.ID || tok.Address != "a@example.org" || tok.Purpose != store.TokenConfirm {
		t.Fatalf("UseMailToken = %+v, %v", tok, err)
	}
	if _, err := s.UseMailToken(ctx, "h1", store.TokenConfirm, now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("second use: %v, want ErrNotFound", err)
	}
	// a newer reset token ends the older one; the confirm purpose is apart
	mk("c2", store.TokenConfirm, now.Add(time.Hour))
	mk("r2", store.TokenReset, now.Add(time.Hour))
	if _, err := s.UseMailToken(ctx, "r1", store.TokenReset, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a replaced token still works: %v", err)
	}
	if _, err := s.UseMailToken(ctx, "r2", store.TokenReset, now.Add(2*time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an expired token works: %v", err)
	}
	if _, err := s.UseMailToken(ctx, "r2", store.TokenReset, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an expired token is not used up: %v", err)
	}
	// two uses at once
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.UseMailToken(ctx, "c2", store.TokenConfirm, now); err == nil {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Errorf("%d concurrent uses of one token succeeded, want 1", wins)
	}
	// a deleted account's tokens end with it
	mk("r3", store.TokenReset, now.Add(time.Hour))
	if err := s.DeleteUser(ctx, alice.ID, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UseMailToken(ctx, "r3", store.TokenReset, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted account's token works: %v", err)
	}

	first, err := s.ServerSecret(ctx, "unsubscribe", []byte("one"))
	if err != nil || !bytes.Equal(first, []byte("one")) {
		t.Fatalf("ServerSecret first = %q, %v", first, err)
	}
	again, err := s.ServerSecret(ctx, "unsubscribe", []byte("two"))
	if err != nil || !bytes.Equal(again, []byte("one")) {
		t.Fatalf("ServerSecret again = %q, %v; want the first value", again, err)
	}
	other, err := s.ServerSecret(ctx, "other", []byte("three"))
	if err != nil || !bytes.Equal(other, []byte("three")) {
		t.Fatalf("another name = %q, %v", other, err)
	}
}
