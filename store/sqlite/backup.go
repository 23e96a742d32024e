package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
)

// BackupInfo describes a backup copy.
type BackupInfo struct {
	Bytes   int64 // size of the copy
	Games   int64 // games in it
	Actions int64 // stored actions in it
}

// Backup writes a consistent copy of the SQLite database at src to the new
// file dst with VACUUM INTO, while servers keep using src: the copy is one
// read transaction's snapshot (WAL mode lets writers go on meanwhile), as
// compact as a fresh database, and holds every commit acknowledged before
// the backup began. The copy is then checked (integrity_check) and counted.
// dst must not exist; on any failure no dst is left behind.
func Backup(ctx context.Context, src, dst string) (BackupInfo, error) {
	var info BackupInfo
	if _, err := os.Stat(src); err != nil {
		return info, fmt.Errorf("backup: database %s: %w", src, err)
	}
	if _, err := os.Stat(dst); err == nil {
		return info, fmt.Errorf("backup: %s exists; give a new file name", dst)
	} else if !errors.Is(err, os.ErrNotExist) {
		return info, fmt.Errorf("backup: %s: %w", dst, err)
	}
	db, err := sql.Open("sqlite", dsn(src, false)) // (query_only would refuse VACUUM INTO)
	if err != nil {
		return info, fmt.Errorf("backup: open %s: %w", src, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", dst); err != nil {
		os.Remove(dst)
		return info, fmt.Errorf("backup: copy %s to %s: %w", src, dst, err)
	}
	info, err = checkCopy(ctx, dst)
	if err != nil {
		os.Remove(dst)
		return info, fmt.Errorf("backup: the copy %s: %w", dst, err)
	}
	return info, nil
}

// checkCopy opens a backup read-only, runs integrity_check and counts its
// games and actions.
func checkCopy(ctx context.Context, path string) (BackupInfo, error) {
	var info BackupInfo
	st, err := os.Stat(path)
	if err != nil {
		return info, err
	}
	info.Bytes = st.Size()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return info, err
	}
	defer db.Close()
	var res []string
	rows, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return info, err
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return info, err
		}
		res = append(res, s)
	}
	rows.Close()
	if len(res) != 1 || res[0] != "ok" {
		return info, fmt.Errorf("integrity check: %s", strings.Join(res, "; "))
	}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(&info.Games); err != nil {
		return info, fmt.Errorf("count games: %w", err)
	}
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM actions").Scan(&info.Actions); err != nil {
		return info, fmt.Errorf("count actions: %w", err)
	}
	return info, nil
}
