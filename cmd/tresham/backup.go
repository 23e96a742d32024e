package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"tresham/store/sqlite"
)

// cmdBackup writes a consistent copy of a SQLite database while servers
// keep using it (sqlite.Backup). PostgreSQL is backed up with its own
// tools (docs/operations.md).
func cmdBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "data directory (default as for serve)")
	dsn := fs.String("db", "", "the SQLite database file (default DATA/tresham.db)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprint(stderr, "usage: tresham backup [--data DIR | --db FILE] OUT.db\n")
		return 2
	}
	out := fs.Arg(0)
	if strings.HasPrefix(*dsn, "postgres://") || strings.HasPrefix(*dsn, "postgresql://") {
		fmt.Fprint(stderr, "tresham backup: PostgreSQL is backed up with pg_dump (or base backups and WAL archiving for point-in-time recovery); see docs/operations.md\n")
		return 2
	}
	if *dsn == "mem:" || *dsn == "memory" {
		fmt.Fprint(stderr, "tresham backup: an in-memory store has nothing to back up\n")
		return 2
	}
	path := *dsn
	if path == "" {
		dir := *data
		if dir == "" {
			var err error
			if dir, err = defaultDataDir(); err != nil {
				fmt.Fprintf(stderr, "tresham backup: %v\n", err)
				return 1
			}
		}
		path = filepath.Join(dir, "tresham.db")
	}
	start := time.Now()
	info, err := sqlite.Backup(ctx, path, out)
	if err != nil {
		fmt.Fprintf(stderr, "tresham: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "backed up %s to %s: %d games, %d actions, %d bytes, %.2fs; integrity ok\n",
		path, out, info.Games, info.Actions, info.Bytes, time.Since(start).Seconds())
	return 0
}
