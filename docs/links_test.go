package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	mdLink    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	imgSrc    = regexp.MustCompile(`<img[^>]*\ssrc="([^"]+)"`)
	inlineRun = regexp.MustCompile("`[^`]*`")
	heading   = regexp.MustCompile(`^#{1,6}\s+(.*)$`)
	notSlug   = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

// TestRelativeLinks checks every relative link and image of README.md and
// docs/*.md: the file must exist and, for a link to a Markdown heading
// (page.md#anchor), the heading must exist there.
func TestRelativeLinks(t *testing.T) {
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join("..", "README.md"))
	anchors := map[string]map[string]bool{}
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(text), "\n") {
			line = inlineRun.ReplaceAllString(line, "")
			var targets []string
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				targets = append(targets, m[1])
			}
			for _, m := range imgSrc.FindAllStringSubmatch(line, -1) {
				targets = append(targets, m[1])
			}
			for _, target := range targets {
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
					if _, err := os.Stat(path); err != nil {
						t.Errorf("%s:%d: link %q: no such file %s", page, i+1, target, path)
						continue
					}
				}
				if anchor == "" || !strings.HasSuffix(path, ".md") {
					continue
				}
				if anchors[path] == nil {
					anchors[path] = headingAnchors(t, path)
				}
				if !anchors[path][anchor] {
					t.Errorf("%s:%d: link %q: no heading #%s in %s", page, i+1, target, anchor, path)
				}
			}
		}
	}
}

// headingAnchors returns the anchors GitHub gives a page's headings: the
// heading's text in lower case, without code marks and punctuation, spaces
// turned into hyphens, and -1, -2… added to repeats.
func headingAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	out := map[string]bool{}
	inFence := false
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
		}
		m := heading.FindStringSubmatch(line)
		if inFence || m == nil {
			continue
		}
		slug := strings.ToLower(strings.TrimSpace(m[1]))
		slug = notSlug.ReplaceAllString(slug, "")
		slug = strings.ReplaceAll(slug, " ", "-")
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}
