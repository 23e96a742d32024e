package board

import "sync"

// Version identifies the board's state: it changes whenever its tiles,
// tokens or blocking (SetNonBlocking) change, and a board and its clones
// have equal versions exactly while they have not changed since the
// clone. Versions are unique among a board and all its clones, so a value
// derived from a board's state may be memoised under its version.
func (b *Board) Version() uint64 { return b.ver }

// TileVersion is Version for the tiles alone: it changes whenever a tile is
// laid (tokens and blocking leave it unchanged).
func (b *Board) TileVersion() uint64 { return b.tileVer }

// bump gives the board a new version after a change (of its tiles too when
// tiles is set).
func (b *Board) bump(tiles bool) {
	v := b.s.vers.Add(1)
	b.ver = v
	if tiles {
		b.tileVer = v
	}
}

// versionMemoSlots is how many versions MemoByVersion keeps per key: a
// board and a few clones being tried alternately share the memo.
const versionMemoSlots = 4

// versionMemo holds the latest values memoised under one key.
type versionMemo struct {
	ver  [versionMemoSlots]uint64
	val  [versionMemoSlots]any
	next int // slot to overwrite next
}

// versionMemos is the MemoByVersion store, in the static part of a board
// so that a board and its clones share it.
type versionMemos struct {
	mu sync.Mutex
	m  map[any]*versionMemo
}

// MemoByVersion returns the value memoised under key for the board's
// current TileVersion (tiles set) or Version (tiles unset), calling
// compute when there is none (a value computed with an error is not
// memoised). key must be comparable. The memo is shared by a board and its
// clones and is safe for their concurrent use; values must be immutable
// and depend on nothing but the board's state of that version.
func (b *Board) MemoByVersion(key any, tiles bool, compute func() (any, error)) (any, error) {
	ver := b.ver
	if tiles {
		ver = b.tileVer
	}
	vm := &b.s.vmemo
	vm.mu.Lock()
	e := vm.m[key]
	if e != nil {
		for i, v := range e.ver {
			if v == ver && e.val[i] != nil {
				val := e.val[i]
				vm.mu.Unlock()
				return val, nil
			}
		}
	}
	vm.mu.Unlock()
	val, err := compute()
	if err != nil || val == nil {
		return val, err
	}
	vm.mu.Lock()
	if vm.m == nil {
		vm.m = map[any]*versionMemo{}
	}
	e = vm.m[key]
	if e == nil {
		e = &versionMemo{}
		vm.m[key] = e
	}
	e.ver[e.next], e.val[e.next] = ver, val
	e.next = (e.next + 1) % versionMemoSlots
	vm.mu.Unlock()
	return val, nil
}

// MemoLatest returns the value most recently memoised under key by
// MemoByVersion, for any version of the board or of its clones (nil when
// there is none): a starting point for computing the value of a new
// version incrementally from an older one.
func (b *Board) MemoLatest(key any) any {
	vm := &b.s.vmemo
	vm.mu.Lock()
	defer vm.mu.Unlock()
	e := vm.m[key]
	if e == nil {
		return nil
	}
	return e.val[(e.next+versionMemoSlots-1)%versionMemoSlots]
}
