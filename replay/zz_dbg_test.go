package replay

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"tresham/compat/g18xx"
)

func TestDbg(t *testing.T) {
	src, _ := g18xx.ReadFile(os.Getenv("G"))
	from, _ := strconv.Atoi(os.Getenv("FROM"))
	to, _ := strconv.Atoi(os.Getenv("TO"))
	Run(src, func(a *g18xx.Action, st map[string]any) error {
		if a.ID >= from && a.ID <= to {
			fmt.Println(a.ID, a.Type, a.Entity, st["active"], st["log"])
		}
		return nil
	})
}
