#!/usr/bin/env bash
# Builds the Tresham image from the Dockerfile: a static binary on scratch.
# Usage: deploy/build-image.sh [TAG]   (default tresham:latest)
# Uses buildah (Debian's package) when present, else docker.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:-tresham:latest}"
root=deploy/image-root
# the in-browser engine (ui/wasm), embedded in the binary: the image never
# builds it at start (it has no Go toolchain); kept when already up to date
(cd ui && go run ./genwasm -check 2>/dev/null) || go generate ./ui
CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$root/tresham" ./cmd/tresham
cp /etc/ssl/certs/ca-certificates.crt "$root/ca-certificates.crt"
if command -v buildah >/dev/null; then
  # vfs storage and chroot isolation: works unprivileged and inside containers
  buildah --storage-driver vfs bud --isolation chroot --format docker -t "$tag" -f Dockerfile .
else
  docker build -t "$tag" -f Dockerfile .
fi
echo "built $tag"
