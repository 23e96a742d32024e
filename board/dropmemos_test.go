package board

import "testing"

// TestDropMemosNilBoard: a game without a map holds a nil board, and its
// lifecycle's Trim drops the board's memos all the same.
func TestDropMemosNilBoard(t *testing.T) {
	var b *Board
	b.DropMemos() // must not panic
}
