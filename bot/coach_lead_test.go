package bot

import "testing"

// TestHintLead checks what a hint says about why each move ranks above
// the next: the mover's estimated worth and margin after it minus after
// the next, and nothing for the last move.
func TestHintLead(t *testing.T) {
	h := &Hint{Player: 2, Moves: []Evaluation{
		{Worth: map[string]float64{"1": 3000, "2": 4200}, Margin: 1200},
		{Worth: map[string]float64{"1": 3100, "2": 4150}, Margin: 1050},
		{Worth: map[string]float64{"1": 2900, "2": 4160}, Margin: 1040},
	}}
	for i, want := range []struct{ worth, margin float64 }{{50, 150}, {-10, 10}} {
		w, m, ok := h.Lead(i)
		if !ok || w != want.worth || m != want.margin {
			t.Errorf("Lead(%d) = %v, %v, %v; want %v, %v, true", i, w, m, ok, want.worth, want.margin)
		}
	}
	if _, _, ok := h.Lead(2); ok {
		t.Error("Lead of the last move: ok, want none")
	}
	if _, _, ok := h.Lead(-1); ok {
		t.Error("Lead(-1): ok, want none")
	}
}
