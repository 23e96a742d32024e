// Package docs holds the project's documentation (Markdown pages and
// screenshots); its test checks that every relative link in README.md and
// docs/*.md points to a file that exists, and to a heading that exists when
// the link names one.
package docs
