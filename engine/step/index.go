package step

// Index is the position in the round of the first step that takes
// actions of type typ, active or not (-1: none does). A title whose turn
// moves through the steps in the round's order (1860) finds with it the
// step an action belongs to.
func (r *Round[G]) Index(typ string) int {
	for i, s := range r.Steps {
		if takes(s, typ) {
			return i
		}
	}
	return -1
}
