# Tresham server image: one static binary, nothing pulled (FROM scratch).
# Build it with deploy/build-image.sh, which compiles the binary
# (CGO_ENABLED=0: the SQLite driver is pure Go), copies the system CA
# bundle (webhooks over HTTPS) beside it and runs buildah (or docker).
#
#   podman run -p 8060:8060 -v tresham-data:/data tresham        (SQLite in /data)
#   podman run -p 8060:8060 tresham serve --addr 0.0.0.0:8060 --db postgres://user@db/tresham
FROM scratch
COPY --chown=0:0 deploy/image-root/tresham /tresham
COPY --chown=0:0 deploy/image-root/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
# the data directory (SQLite file), writable by the unprivileged user
COPY --chown=65532:65532 deploy/image-root/data /data
USER 65532:65532
VOLUME ["/data"]
EXPOSE 8060
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/tresham", "health", "--url", "http://127.0.0.1:8060/healthz"]
ENTRYPOINT ["/tresham"]
CMD ["serve", "--addr", "0.0.0.0:8060", "--data", "/data"]
