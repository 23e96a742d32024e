package t1860

import "testing"

// TestStepTargets checks that each operating action belongs to the step
// at its place in the turn (opSteps stands in turn order).
func TestStepTargets(t *testing.T) {
	r := &operatingRound{step: stepToken}
	for _, tc := range []struct {
		typ  string
		want int
	}{
		{"discard_train", stepDiscard},
		{"lay_tile", stepTrack},
		{"place_token", stepToken},
		{"run_routes", stepRoute},
		{"dividend", stepDividend},
		{"buy_train", stepBuyTrain},
		{"pass", stepToken},
		{"bid", -1},
	} {
		if got := r.target(tc.typ); got != tc.want {
			t.Errorf("target(%s) = %d, want %d", tc.typ, got, tc.want)
		}
	}
}
