// Package platform is the server platform shared by the intel402 services.
// Its sub-packages each provide one thing: apierror (the JSON error envelope
// and its stable codes), requestid, server (echo bootstrap and graceful
// shutdown), strictjson (strict request decoding and the body limit),
// cache (Redis and in-process caches with HIT/MISS), usecase (a paid
// operation's use case behind the cache, under its deadline, with its
// failures mapped to the envelope), operation (one descriptor per paid
// operation, which registration, discovery, payments and MCP all read),
// discovery (/capabilities.json and /pricing.json), webfetch (the guarded
// web fetcher's settings), telemetry (OpenTelemetry), config (environment
// loading), openapidoc and contract (the OpenAPI documents at run time and
// in tests), health and redistest.
package platform
