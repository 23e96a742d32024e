package server

import (
	"errors"
	"net/http"
	"strings"
	"syscall"
	"time"
)

// storageFullRetry is the Retry-After of a write refused for want of
// storage space.
const storageFullRetry = 5 * time.Minute

// storageFull reports whether err is a store's "no space left": the file
// system's ENOSPC or EDQUOT, SQLite's SQLITE_FULL ("database or disk is
// full") or PostgreSQL's disk_full (SQLSTATE 53100). Nothing was written:
// each store writes in one transaction.
func storageFull(err error) bool {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "database or disk is full") || strings.Contains(msg, "SQLSTATE 53100") ||
		strings.Contains(msg, "no space left on device")
}

// storageFullError is the 503 of a write refused for want of storage.
func storageFullError() *apiError {
	return &apiError{code: http.StatusServiceUnavailable, retryAfter: storageFullRetry,
		msg: "the server's storage is full: nothing was stored (what was acknowledged before is kept); try again later"}
}
