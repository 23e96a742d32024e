package mailer

import (
	"context"
	"crypto/tls"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"strings"
	"testing"
	"time"

	"tresham/internal/smtptest"
)

// TestSend delivers a message to a real SMTP server (smtptest) with
// AUTH PLAIN, and reads back its headers and text.
func TestSend(t *testing.T) {
	srv, err := smtptest.Start(smtptest.Options{User: "tresham", Password: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	m, err := New(Config{Addr: srv.Addr, User: "tresham", Password: "secret", From: "Tresham <games@example.org>"})
	if err != nil {
		t.Fatal(err)
	}
	text := "Your turn in 1860 game 7 — Île de Wight.\n.a line with a leading dot\n" + strings.Repeat("long ", 30) + "\n"
	err = m.Send(context.Background(), Message{To: "anna@example.org", Subject: "Your turn: 1860 « Ryde »", Text: text,
		Headers: map[string]string{"List-Unsubscribe": "<https://example.org/u>"}})
	if err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d messages received, want 1", len(msgs))
	}
	got := msgs[0]
	if got.From != "games@example.org" || len(got.To) != 1 || got.To[0] != "anna@example.org" || got.Auth != "tresham" {
		t.Errorf("envelope: %q → %q, auth %q", got.From, got.To, got.Auth)
	}
	p, err := got.Parsed()
	if err != nil {
		t.Fatal(err)
	}
	dec := new(mime.WordDecoder)
	if subj, _ := dec.DecodeHeader(p.Header.Get("Subject")); subj != "Your turn: 1860 « Ryde »" {
		t.Errorf("subject %q", subj)
	}
	if p.Header.Get("List-Unsubscribe") != "<https://example.org/u>" || p.Header.Get("Message-Id") == "" {
		t.Errorf("headers: %v", p.Header)
	}
	body, err := io.ReadAll(quotedprintable.NewReader(p.Body))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.ReplaceAll(text, "\n", "\r\n"); string(body) != want {
		t.Errorf("text %q, want %q", body, want)
	}
}

// TestSTARTTLS: a server that offers STARTTLS (and requires it) gets the
// message over TLS, the credentials sent only then; a certificate the
// client does not trust stops the delivery before anything is sent.
func TestSTARTTLS(t *testing.T) {
	serverTLS, roots, err := smtptest.SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := smtptest.Start(smtptest.Options{TLS: serverTLS, RequireTLS: true, User: "tresham", Password: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	m, err := New(Config{Addr: srv.Addr, User: "tresham", Password: "secret", From: "games@example.org", TLS: &tls.Config{RootCAs: roots}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Send(context.Background(), Message{To: "a@example.org", Subject: "over TLS", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	got := srv.Messages()
	if len(got) != 1 || !got[0].TLS || got[0].Auth != "tresham" {
		t.Fatalf("messages %+v, want one over TLS, authenticated", got)
	}
	// the default client config verifies the certificate: a self-signed one fails
	untrusting, err := New(Config{Addr: srv.Addr, User: "tresham", Password: "secret", From: "games@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if err := untrusting.Send(context.Background(), Message{To: "a@example.org", Subject: "x", Text: "x"}); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("an untrusted certificate: %v", err)
	}
	if n := len(srv.Messages()); n != 1 {
		t.Fatalf("%d messages after the refused one", n)
	}
}

// TestRefusals: a bad recipient, a header that is not one line and a
// recipient the server refuses are errors; nothing is delivered.
func TestRefusals(t *testing.T) {
	srv, err := smtptest.Start(smtptest.Options{RejectRcpt: []string{"gone@example.org"}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	m, err := New(Config{Addr: srv.Addr, From: "games@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range []Message{
		{To: "not an address", Subject: "x", Text: "x"},
		{To: "a@example.org", Subject: "x", Text: "x", Headers: map[string]string{"X-Bad": "a\r\nBcc: evil@example.org"}},
		{To: "gone@example.org", Subject: "x", Text: "x"},
	} {
		if err := m.Send(context.Background(), msg); err == nil {
			t.Errorf("%+v was sent", msg)
		}
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages delivered", n)
	}
	if _, err := New(Config{Addr: "nohost", From: "a@example.org"}); err == nil {
		t.Error("an address without a port was accepted")
	}
	if _, err := New(Config{Addr: "127.0.0.1:25", From: "not an address"}); err == nil {
		t.Error("a bad from address was accepted")
	}
}

// TestContext: a server that accepts but never answers does not hold a
// send past its context.
func TestContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // silent: never greets
		}
	}()
	m, err := New(Config{Addr: ln.Addr().String(), From: "games@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- m.Send(ctx, Message{To: "a@example.org", Subject: "x", Text: "x"}) }()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a send to a silent server succeeded")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the send outlived its context by 10 s")
	}
}
