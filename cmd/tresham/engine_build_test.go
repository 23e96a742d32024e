package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tresham/ui/enginecache"
)

// TestServeBuildsEngine: a binary with no module built in (as a plain go
// build of a fresh clone; the nowasm tag leaves out whatever ui/wasm
// holds) serves /wasm/manifest.json naming a module after building it into
// the user's cache on its first start, and finds it there on the next.
// The build shares this machine's Go build cache (GOCACHE), as a
// developer's would.
func TestServeBuildsEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and the WebAssembly module")
	}
	goCmd := enginecache.FindGo()
	if goCmd == "" {
		t.Skip("no Go toolchain")
	}
	bin := filepath.Join(t.TempDir(), "tresham")
	if out, err := exec.Command(goCmd, "build", "-tags", "nowasm", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	for _, v := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		out, err := exec.Command(goCmd, "env", v).Output()
		if err != nil {
			t.Fatal(err)
		}
		env = append(env, v+"="+strings.TrimSpace(string(out)))
	}
	// serve starts the binary and answers how long its manifest took to
	// name a module, and the log
	serve := func() (took time.Duration, sawBuilding bool, logged string) {
		addr := freePort(t)
		log := &syncBuffer{}
		cmd := exec.Command(bin, "serve", "--db", "mem:", "--addr", addr)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, log, log
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		var m struct {
			Wasm     string `json:"wasm"`
			Building bool   `json:"building"`
		}
		for deadline := start.Add(5 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no module named after %v (building said: %v)\n%s", time.Since(start), sawBuilding, log.String())
			}
			resp, err := http.Get("http://" + addr + "/wasm/manifest.json")
			if err != nil {
				continue
			}
			m.Wasm, m.Building = "", false
			err = json.NewDecoder(resp.Body).Decode(&m)
			resp.Body.Close()
			if err != nil {
				t.Fatalf("manifest: %v", err)
			}
			sawBuilding = sawBuilding || m.Building
			if m.Wasm != "" {
				break
			}
			if !m.Building && time.Since(start) > 5*time.Second {
				t.Fatalf("the server neither serves nor builds a module:\n%s", log.String())
			}
		}
		took = time.Since(start)
		req, _ := http.NewRequest("GET", "http://"+addr+"/wasm/"+m.Wasm, nil)
		req.Header.Set("Accept-Encoding", "identity")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		head := make([]byte, 4)
		_, err = io.ReadFull(resp.Body, head)
		resp.Body.Close()
		if resp.StatusCode != 200 || err != nil || string(head) != "\x00asm" {
			t.Fatalf("module %s: %d %q %v", m.Wasm, resp.StatusCode, head, err)
		}
		return took, sawBuilding, log.String()
	}
	first, waited, log1 := serve()
	if !strings.Contains(log1, "in-browser engine built") || !waited {
		t.Errorf("first start did not say it was building the module (%v), then build it:\n%s", waited, log1)
	}
	again, _, log2 := serve()
	if !strings.Contains(log2, "in-browser engine found in the cache") {
		t.Errorf("second start did not reuse the module:\n%s", log2)
	}
	entries, _ := os.ReadDir(filepath.Join(home, ".cache", "tresham", "wasm"))
	if len(entries) != 1 {
		t.Errorf("the cache holds %d entries, want 1", len(entries))
	}
	t.Logf("manifest named a module %v after the first start (built), %v after the second (cached)", first.Round(time.Millisecond), again.Round(time.Millisecond))
}
