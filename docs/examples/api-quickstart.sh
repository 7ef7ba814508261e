#!/usr/bin/env bash
# Toolport's API with curl and jq: sign in, add a server from an OpenAPI URL, list its tools, create a token.
# Run: TOOLPORT_URL=https://toolport.example.com EMAIL=you@example.com PASSWORD=... OPENAPI_URL=https://... bash api-quickstart.sh
set -euo pipefail
: "${TOOLPORT_URL:?}" "${EMAIL:?}" "${PASSWORD:?}" "${OPENAPI_URL:?}"
jar=$(mktemp)
api() { curl -sS --fail-with-body -b "$jar" -c "$jar" -H "Origin: $TOOLPORT_URL" "$@"; }

# Sign in (a built-in account); the session cookie goes into the cookie jar.
api -X POST "$TOOLPORT_URL/api/auth/sign-in/email" -H 'content-type: application/json' \
  -d "$(jq -n --arg email "$EMAIL" --arg password "$PASSWORD" '{email: $email, password: $password}')" > /dev/null

# Add a server from an OpenAPI description URL (multipart, like the portal's form).
id=$(api -X POST "$TOOLPORT_URL/api/servers" -F "url=$OPENAPI_URL" -F "name=My API" | jq -r .data.id)
echo "server: $id"

# Its tools, then an access token for MCP clients (shown once: keep it).
api "$TOOLPORT_URL/api/servers/$id/mappings" | jq -r '.data[].name'
api -X POST "$TOOLPORT_URL/api/access-tokens" -H 'content-type: application/json' \
  -d "$(jq -n --arg id "$id" '{name: "My API Token", serverIds: [$id]}')" | jq -r '"token: " + .data.token'
rm -f "$jar"
