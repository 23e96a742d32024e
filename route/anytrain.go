package route

// AnyTrain is a Hook's Within from the test of one train: fits(t) for
// train t, or whether any of n trains fits when t < 0 (both titles'
// hooks).
func AnyTrain(n, t int, fits func(int) bool) bool {
	if t >= 0 {
		return fits(t)
	}
	for i := range n {
		if fits(i) {
			return true
		}
	}
	return false
}
