#!/usr/bin/env bash
# Builds the container image with Debian's buildah (deploy/build-image.sh),
# runs the server in it for a moment and asks its health check. Prints a
# note and exits 0 when buildah cannot be installed or run on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v buildah >/dev/null; then
  apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q buildah >/dev/null || {
    echo "CI: buildah could not be installed; image not built" >&2; exit 0; }
fi
if ! buildah --storage-driver vfs info >/dev/null 2>&1; then
  echo "CI: buildah does not run on this machine; image not built" >&2; exit 0
fi
tag="localhost/tresham:ci-$$"
if ! deploy/build-image.sh "$tag"; then
  echo "CI: the image does not build" >&2; exit 1
fi
ctr="$(buildah --storage-driver vfs from "$tag")"
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
  buildah --storage-driver vfs rm "$ctr" >/dev/null 2>&1 || true
  buildah --storage-driver vfs rmi "$tag" >/dev/null 2>&1 || true
  rm -f deploy/image-root/tresham deploy/image-root/ca-certificates.crt "${log:-}"
}
trap cleanup EXIT
port=$((20000 + RANDOM % 20000))
log="$(mktemp)"
# (buildah 1.28 may print a panic of its own when the run is stopped: ignored)
buildah --storage-driver vfs run --isolation chroot "$ctr" -- /tresham serve --addr "127.0.0.1:$port" --data /data >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  if buildah --storage-driver vfs run --isolation chroot "$ctr" -- /tresham health --url "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
    echo "CI: image $tag built; its server answers the health check as user $(buildah --storage-driver vfs inspect --format '{{.OCIv1.Config.User}}' "$tag")"
    exit 0
  fi
  sleep 0.2
done
echo "CI: the server in the image never became healthy:" >&2
cat "$log" >&2
exit 1
