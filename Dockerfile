# syntax=docker/dockerfile:1
# Three stages: the React app, the Go binary that embeds it with the few
# files an image on scratch needs, and the image: only those, run as an
# unprivileged user.
#
# The last stage is the same, instruction for instruction, as the one in
# deploy/image/Containerfile, which CI builds from the binary `make build`
# made (make image, make image-test), so what CI tests is what this builds:
# TestImageFinalStagesMatch keeps them equal.

FROM node:20-bookworm-slim AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
COPY scripts/compress-web.mjs /src/scripts/
RUN npm run build && node /src/scripts/compress-web.mjs dist

# rootfs/ is everything but the upload volume, owned by root; data/ is the
# volume. The binary carries its time zone data (time/tzdata), so the image
# needs no zoneinfo.
FROM golang:1.26-bookworm AS rootfs
# what `resale version` says; `make docker` passes them (.git is not copied)
ARG VERSION=dev
ARG COMMIT=unknown
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/frontend/dist ./frontend/dist
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags="-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}" -o /rootfs/usr/local/bin/resale . \
 && install -D -m 0644 deploy/image/passwd /rootfs/etc/passwd \
 && install -D -m 0644 deploy/image/group /rootfs/etc/group \
 && install -D -m 0644 /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/ca-certificates.crt \
 && mkdir -p /data/uploads

# --- the final stage, the same in deploy/image/Containerfile ---
FROM scratch
COPY --from=rootfs /rootfs/ /
COPY --from=rootfs --chown=65532:65532 /data/ /data/
ENV ADDR=:8080 DATA_DIR=/data RESALE_ENV=production
VOLUME /data
EXPOSE 8080
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/resale"]
CMD ["serve"]
