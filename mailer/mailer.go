// Package mailer sends plain-text email through an SMTP server with the
// standard library's net/smtp: STARTTLS whenever the server offers it,
// AUTH PLAIN when credentials are given (net/smtp sends them only over
// TLS or to localhost), each delivery bounded by its context.
package mailer

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"strings"
	"time"
)

// Config names an SMTP server and the sender.
type Config struct {
	// Addr is the server's "host:port".
	Addr string
	// User and Password authenticate (AUTH PLAIN) when User is set.
	User, Password string
	// From is the sender address ("Tresham <games@example.org>").
	From string
	// TLS configures STARTTLS (nil: verify the server's certificate for
	// the host of Addr).
	TLS *tls.Config
	// Timeout bounds one delivery when the context has no earlier deadline
	// (0: 30 s).
	Timeout time.Duration
}

// Mailer sends messages. It is safe for concurrent use (each Send opens
// its own connection).
type Mailer struct {
	cfg  Config
	from *mail.Address
	host string
}

// New checks cfg and returns a Mailer.
func New(cfg Config) (*Mailer, error) {
	host, _, err := net.SplitHostPort(cfg.Addr)
	if err != nil || host == "" {
		return nil, fmt.Errorf("mailer: smtp server %q is not host:port", cfg.Addr)
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("mailer: from address %q: %w", cfg.From, err)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	return &Mailer{cfg: cfg, from: from, host: host}, nil
}

// From is the sender's address (without a display name).
func (m *Mailer) From() string { return m.from.Address }

// Message is one plain-text message to one recipient.
type Message struct {
	To      string
	Subject string
	Text    string
	// Headers are extra headers (List-Unsubscribe, …); names and values
	// must be one line each.
	Headers map[string]string
}

// Send delivers msg. It returns when the server accepted it (or refused).
func (m *Mailer) Send(ctx context.Context, msg Message) error {
	to, err := mail.ParseAddress(msg.To)
	if err != nil {
		return fmt.Errorf("mailer: recipient %q: %w", msg.To, err)
	}
	data, err := m.compose(to, msg)
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, m.cfg.Timeout)
		defer cancel()
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", m.cfg.Addr)
	if err != nil {
		return fmt.Errorf("mailer: connect to %s: %w", m.cfg.Addr, err)
	}
	// the whole conversation ends with the context
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if err := m.converse(conn, to.Address, data); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("mailer: send to %s via %s: %w (%v)", to.Address, m.cfg.Addr, ctx.Err(), err)
		}
		return fmt.Errorf("mailer: send to %s via %s: %w", to.Address, m.cfg.Addr, err)
	}
	return nil
}

func (m *Mailer) converse(conn net.Conn, to string, data []byte) error {
	c, err := smtp.NewClient(conn, m.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("greeting: %w", err)
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("EHLO: %w", err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok {
		cfg := &tls.Config{ServerName: m.host, MinVersion: tls.VersionTLS12}
		if m.cfg.TLS != nil {
			cfg = m.cfg.TLS.Clone()
			if cfg.ServerName == "" {
				cfg.ServerName = m.host
			}
		}
		if err := c.StartTLS(cfg); err != nil {
			return fmt.Errorf("STARTTLS: %w", err)
		}
	}
	if m.cfg.User != "" {
		if err := c.Auth(smtp.PlainAuth("", m.cfg.User, m.cfg.Password, m.host)); err != nil {
			return fmt.Errorf("AUTH: %w", err)
		}
	}
	if err := c.Mail(m.from.Address); err != nil {
		return fmt.Errorf("MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to); err != nil {
		return fmt.Errorf("RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	return c.Quit()
}

// compose writes the message: headers, then the text as UTF-8
// quoted-printable.
func (m *Mailer) compose(to *mail.Address, msg Message) ([]byte, error) {
	id := make([]byte, 12)
	if _, err := rand.Read(id); err != nil {
		return nil, fmt.Errorf("mailer: message id: %w", err)
	}
	_, domain, _ := strings.Cut(m.from.Address, "@")
	h := [][2]string{
		{"From", m.from.String()},
		{"To", to.String()},
		{"Subject", mime.QEncoding.Encode("utf-8", msg.Subject)},
		{"Date", time.Now().UTC().Format(time.RFC1123Z)},
		{"Message-ID", "<" + hex.EncodeToString(id) + "@" + domain + ">"},
		{"MIME-Version", "1.0"},
		{"Content-Type", "text/plain; charset=utf-8"},
		{"Content-Transfer-Encoding", "quoted-printable"},
		{"Auto-Submitted", "auto-generated"},
	}
	for k, v := range msg.Headers {
		h = append(h, [2]string{k, v})
	}
	var b bytes.Buffer
	for _, kv := range h {
		if strings.ContainsAny(kv[0]+kv[1], "\r\n") || strings.ContainsAny(kv[0], ": ") {
			return nil, fmt.Errorf("mailer: header %q is not one line", kv[0])
		}
		b.WriteString(kv[0] + ": " + kv[1] + "\r\n")
	}
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	text := strings.ReplaceAll(strings.ReplaceAll(msg.Text, "\r\n", "\n"), "\n", "\r\n")
	if _, err := qp.Write([]byte(text)); err != nil {
		return nil, errors.Join(errors.New("mailer: body"), err)
	}
	if err := qp.Close(); err != nil {
		return nil, errors.Join(errors.New("mailer: body"), err)
	}
	return b.Bytes(), nil
}
