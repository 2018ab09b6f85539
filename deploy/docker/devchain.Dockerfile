# syntax=docker/dockerfile:1
# The local profile's one-shot chain preparer (docker compose --profile local):
# installs the dev EIP-3009 token at Base USDC's address on the anvil node and
# funds the dev payer, then exits 0. Local development only.
# Build from the repository root: docker build -f deploy/docker/devchain.Dockerfile .
FROM golang:1.26-bookworm AS build
WORKDIR /src
# The whole workspace (see .dockerignore): go.work names every module.
COPY . .
RUN --mount=type=cache,target=/root/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o /out/devchain ./pkg/x402/x402test/cmd/devchain

# distroless static: no shell, runs as nonroot (65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/devchain /devchain
USER nonroot:nonroot
ENTRYPOINT ["/devchain"]
CMD ["-rpc", "http://anvil:8545", "-wait", "60s"]
