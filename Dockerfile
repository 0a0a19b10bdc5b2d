# syntax=docker/dockerfile:1
# Three stages: the React app, the Go binary that embeds it, and a small
# image holding only that binary, running as an unprivileged user.

FROM node:20-bookworm-slim AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
COPY scripts/compress-web.mjs /src/scripts/
RUN npm run build && node /src/scripts/compress-web.mjs dist

FROM golang:1.26-bookworm AS binary
# what `resale version` says; `make docker` passes them (.git is not copied)
ARG VERSION=dev
ARG COMMIT=unknown
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/frontend/dist ./frontend/dist
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags="-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}" -o /out/resale . \
 && mkdir -p /out/data/uploads

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=binary /out/resale /usr/local/bin/resale
COPY --from=binary --chown=nonroot:nonroot /out/data /data
ENV ADDR=:8080 DATA_DIR=/data RESALE_ENV=production
VOLUME /data
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/resale"]
CMD ["serve"]
