package smtptest

import (
	"context"
	"net/smtp"
	"strings"
	"testing"
	"time"
)

// TestReceives: the standard library's client delivers a message, with
// AUTH PLAIN, to two recipients; a rejected recipient is refused; a wrong
// password is refused.
func TestReceives(t *testing.T) {
	s, err := Start(Options{User: "u", Password: "p", RejectRcpt: []string{"nobody@example.org"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	host := strings.Split(s.Addr, ":")[0]
	body := "Subject: hi\r\n\r\nline one\r\n.starts with a dot\r\n"
	if err := smtp.SendMail(s.Addr, smtp.PlainAuth("", "u", "wrong", host), "a@example.org", []string{"b@example.org"}, []byte(body)); err == nil {
		t.Fatal("a wrong password was accepted")
	}
	if err := smtp.SendMail(s.Addr, smtp.PlainAuth("", "u", "p", host), "a@example.org", []string{"nobody@example.org"}, []byte(body)); err == nil {
		t.Fatal("a rejected recipient was accepted")
	}
	if err := smtp.SendMail(s.Addr, smtp.PlainAuth("", "u", "p", host), "a@example.org", []string{"b@example.org", "c@example.org"}, []byte(body)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	msgs, err := s.Wait(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 {
		t.Fatalf("%d messages, want 1", len(msgs))
	}
	m := msgs[0]
	if m.From != "a@example.org" || strings.Join(m.To, ",") != "b@example.org,c@example.org" || m.Auth != "u" {
		t.Errorf("envelope %q → %q (auth %q)", m.From, m.To, m.Auth)
	}
	if string(m.Data) != body {
		t.Errorf("data %q, want %q", m.Data, body)
	}
	p, err := m.Parsed()
	if err != nil || p.Header.Get("Subject") != "hi" {
		t.Errorf("parsed: %v, subject %q", err, p.Header.Get("Subject"))
	}
}
