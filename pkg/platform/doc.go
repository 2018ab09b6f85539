// Package platform is the server platform shared by the intel402 services.
// Its sub-packages each provide one thing: apierror (the JSON error envelope
// and its stable codes), requestid, server (echo bootstrap and graceful
// shutdown), strictjson (strict request decoding and the body limit),
// cache (Redis and in-process caches with HIT/MISS), telemetry
// (OpenTelemetry), config (environment loading), openapidoc and contract
// (the OpenAPI documents at run time and in tests), health and redistest.
package platform
