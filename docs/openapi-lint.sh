#!/usr/bin/env bash
# Lints docs/openapi.json with Spectral (spectral:oas, see docs/openapi.spectral.yaml) and Redocly (its recommended
# rules); fails on any Spectral error or warning and on any Redocly error. Needs Node.js and the npm registry: npx
# fetches the pinned versions on first use. The Maven build checks the document on its own (OpenApiDocumentTest);
# this adds the two linters an API gateway's team would run.
set -euo pipefail
cd "$(dirname "$0")/.."
npx -y @stoplight/spectral-cli@6.16.3 lint --ruleset docs/openapi.spectral.yaml --fail-severity=warn docs/openapi.json
npx -y @redocly/cli@2.77.0 lint docs/openapi.json
