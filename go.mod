module tresham

go 1.26.8

require (
	github.com/coder/websocket v1.8.15
	golang.org/x/crypto v0.58.0
)

require golang.org/x/sys v0.49.0 // indirect
