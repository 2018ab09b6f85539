// Package deploy holds the deployment manifests' tests: the kustomize base
// and overlays in k8s/ and the repository's docker-compose.yml are rendered
// and loaded with the real tools' Go APIs, decoded strictly into their API
// types and checked against what the services read (ports, health paths,
// environment variable names).
package deploy
