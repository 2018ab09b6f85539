# syntax=docker/dockerfile:1
# The x402 CLI (pkg/x402/cmd/x402); the local profile runs its built-in
# facilitator: x402 facilitator --listen 0.0.0.0:8402, settling on the anvil
# node at X402_RPC_URL with X402_SETTLEMENT_KEY. Local development only.
# Build from the repository root: docker build -f deploy/docker/x402.Dockerfile .
FROM golang:1.26-bookworm AS build
WORKDIR /src
# The whole workspace (see .dockerignore): go.work names every module.
COPY . .
RUN --mount=type=cache,target=/root/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o /out/x402 ./pkg/x402/cmd/x402

# distroless static, debug variant: the same base as the services plus
# busybox, whose wget is the compose health check (GET /supported). Runs as
# nonroot (65532).
FROM gcr.io/distroless/static-debian12:debug-nonroot
COPY --from=build /out/x402 /x402
EXPOSE 8402
USER nonroot:nonroot
ENTRYPOINT ["/x402"]
CMD ["facilitator", "--listen", "0.0.0.0:8402"]
