// Package smtptest is a small SMTP server for tests: it listens on a
// loopback port and speaks enough of RFC 5321 (EHLO/HELO, optional AUTH
// PLAIN, optional STARTTLS, MAIL, RCPT, DATA, RSET, NOOP, QUIT) to receive the messages a
// client sends over TCP and keep them for the test to read. It never
// relays anything.
package smtptest

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/mail"
	"strings"
	"sync"
	"time"
)

// Message is one message received.
type Message struct {
	From string   // the MAIL FROM address
	To   []string // the RCPT TO addresses
	Data []byte   // the message as sent (headers and body), dot-unstuffed, CRLF line ends
	Auth string   // the user name of AUTH PLAIN ("" when none)
	TLS  bool     // received after STARTTLS
}

// Parsed parses the message's headers and body.
func (m Message) Parsed() (*mail.Message, error) {
	return mail.ReadMessage(strings.NewReader(string(m.Data)))
}

// Options configure a Server.
type Options struct {
	// User and Password, when set, are the credentials AUTH PLAIN must
	// give before MAIL is accepted.
	User, Password string
	// RejectRcpt answers 550 to RCPT TO for these addresses.
	RejectRcpt []string
	// MaxSize bounds a message's data (0: 1 MiB).
	MaxSize int
	// TLS, when set, is offered by STARTTLS (SelfSigned makes one).
	TLS *tls.Config
	// RequireTLS refuses MAIL before STARTTLS.
	RequireTLS bool
}

// Server is a running test SMTP server.
type Server struct {
	// Addr is the "host:port" it listens on.
	Addr string
	opt  Options
	ln   net.Listener

	mu      sync.Mutex
	msgs    []Message
	changed chan struct{} // closed and replaced at every new message
	conns   map[net.Conn]bool
	wg      sync.WaitGroup
}

// Start starts a server on 127.0.0.1 on a free port.
func Start(opt Options) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("smtptest: listen: %w", err)
	}
	if opt.MaxSize <= 0 {
		opt.MaxSize = 1 << 20
	}
	s := &Server{Addr: ln.Addr().String(), opt: opt, ln: ln, changed: make(chan struct{}), conns: map[net.Conn]bool{}}
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// Close stops listening, closes the connections and waits for them.
func (s *Server) Close() {
	s.ln.Close()
	s.mu.Lock()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// Messages returns the messages received so far, in order.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// Wait waits until at least n messages were received, and returns them;
// an error when ctx ends first.
func (s *Server) Wait(ctx context.Context, n int) ([]Message, error) {
	for {
		s.mu.Lock()
		if len(s.msgs) >= n {
			out := append([]Message(nil), s.msgs...)
			s.mu.Unlock()
			return out, nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return s.Messages(), fmt.Errorf("smtptest: %d messages received, waited for %d: %w", len(s.Messages()), n, ctx.Err())
		}
	}
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.conns[c] = true
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serve(c)
			c.Close()
			s.mu.Lock()
			delete(s.conns, c)
			s.mu.Unlock()
		}()
	}
}

// session is the state of one connection.
type session struct {
	from   string
	to     []string
	hasMsg bool // MAIL given
	auth   string
	tls    bool
}

func (s *Server) serve(c net.Conn) {
	r := bufio.NewReader(c)
	w := bufio.NewWriter(c)
	reply := func(format string, args ...any) bool {
		fmt.Fprintf(w, format+"\r\n", args...)
		return w.Flush() == nil
	}
	if !reply("220 smtptest ready") {
		return
	}
	var ss session
	for {
		_ = c.SetReadDeadline(time.Now().Add(time.Minute))
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO":
			ok := reply("250-smtptest greets %s", arg) && reply("250-8BITMIME") && reply("250-SIZE %d", s.opt.MaxSize)
			if s.opt.TLS != nil && !ss.tls {
				ok = ok && reply("250-STARTTLS")
			}
			if s.opt.User != "" {
				ok = ok && reply("250-AUTH PLAIN")
			}
			if !ok || !reply("250 HELP") {
				return
			}
		case "HELO":
			reply("250 smtptest")
		case "STARTTLS":
			if s.opt.TLS == nil || ss.tls {
				reply("502 5.5.1 STARTTLS not offered")
				continue
			}
			if !reply("220 2.0.0 ready to start TLS") {
				return
			}
			tc := tls.Server(c, s.opt.TLS)
			_ = tc.SetDeadline(time.Now().Add(10 * time.Second))
			if err := tc.Handshake(); err != nil {
				return
			}
			_ = tc.SetDeadline(time.Time{})
			c = tc
			r, w = bufio.NewReader(c), bufio.NewWriter(c)
			ss = session{tls: true} // RFC 3207: the client starts again with EHLO
		case "AUTH":
			if !s.auth(arg, r, reply, &ss) {
				return
			}
		case "MAIL":
			if s.opt.RequireTLS && !ss.tls {
				reply("530 5.7.0 must issue a STARTTLS command first")
				continue
			}
			if s.opt.User != "" && ss.auth == "" {
				reply("530 5.7.0 authentication required")
				continue
			}
			addr, ok := pathArg(arg, "FROM:")
			if !ok {
				reply("501 5.5.4 syntax: MAIL FROM:<address>")
				continue
			}
			ss.from, ss.to, ss.hasMsg = addr, nil, true
			reply("250 2.1.0 ok")
		case "RCPT":
			addr, ok := pathArg(arg, "TO:")
			switch {
			case !ss.hasMsg:
				reply("503 5.5.1 MAIL first")
			case !ok || addr == "":
				reply("501 5.5.4 syntax: RCPT TO:<address>")
			case contains(s.opt.RejectRcpt, addr):
				reply("550 5.1.1 no such mailbox: %s", addr)
			default:
				ss.to = append(ss.to, addr)
				reply("250 2.1.5 ok")
			}
		case "DATA":
			if len(ss.to) == 0 {
				reply("503 5.5.1 RCPT first")
				continue
			}
			if !reply("354 end data with <CR><LF>.<CR><LF>") {
				return
			}
			data, err := readData(r, s.opt.MaxSize)
			if errors.Is(err, errTooBig) {
				reply("552 5.3.4 message too big")
				ss = session{auth: ss.auth, tls: ss.tls}
				continue
			}
			if err != nil {
				return
			}
			s.mu.Lock()
			s.msgs = append(s.msgs, Message{From: ss.from, To: ss.to, Data: data, Auth: ss.auth, TLS: ss.tls})
			close(s.changed)
			s.changed = make(chan struct{})
			s.mu.Unlock()
			ss = session{auth: ss.auth, tls: ss.tls}
			reply("250 2.0.0 queued")
		case "RSET":
			ss = session{auth: ss.auth, tls: ss.tls}
			reply("250 2.0.0 ok")
		case "NOOP":
			reply("250 2.0.0 ok")
		case "QUIT":
			reply("221 2.0.0 bye")
			return
		default:
			reply("502 5.5.2 command not implemented")
		}
	}
}

// auth handles AUTH PLAIN (the initial response inline or on the next
// line); false when the connection is to close.
func (s *Server) auth(arg string, r *bufio.Reader, reply func(string, ...any) bool, ss *session) bool {
	mech, resp, _ := strings.Cut(arg, " ")
	if !strings.EqualFold(mech, "PLAIN") || s.opt.User == "" {
		return reply("504 5.5.4 unrecognized authentication type")
	}
	if resp == "" {
		if !reply("334 ") {
			return false
		}
		line, err := r.ReadString('\n')
		if err != nil {
			return false
		}
		resp = strings.TrimRight(line, "\r\n")
	}
	b, err := base64.StdEncoding.DecodeString(resp)
	parts := strings.Split(string(b), "\x00")
	if err != nil || len(parts) != 3 || parts[1] != s.opt.User || parts[2] != s.opt.Password {
		return reply("535 5.7.8 authentication credentials invalid")
	}
	ss.auth = parts[1]
	return reply("235 2.7.0 authentication succeeded")
}

var errTooBig = errors.New("message too big")

// SelfSigned makes a certificate for 127.0.0.1 and localhost, valid for a
// day: the server's TLS config and the pool a client trusts it with.
func SelfSigned() (*tls.Config, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("smtptest: key: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "smtptest"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true, BasicConstraintsValid: true,
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:    []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, fmt.Errorf("smtptest: certificate: %w", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, fmt.Errorf("smtptest: certificate: %w", err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	cfg := &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key, Leaf: cert}}, MinVersion: tls.VersionTLS12}
	return cfg, pool, nil
}

// readData reads DATA lines up to the lone dot, undoing dot-stuffing.
func readData(r *bufio.Reader, max int) ([]byte, error) {
	var out []byte
	big := false
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		if line == ".\r\n" || line == ".\n" {
			break
		}
		line = strings.TrimPrefix(line, ".")
		if len(out)+len(line) > max {
			big = true
			continue
		}
		out = append(out, line...)
	}
	if big {
		return nil, errTooBig
	}
	return out, nil
}

// pathArg reads "FROM:<addr> PARAMS" (or TO:) and returns addr.
func pathArg(arg, prefix string) (string, bool) {
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", false
	}
	rest := strings.TrimSpace(arg[len(prefix):])
	if !strings.HasPrefix(rest, "<") {
		return "", false
	}
	end := strings.Index(rest, ">")
	if end < 0 {
		return "", false
	}
	return rest[1:end], true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
