#!/usr/bin/env bash
# Create, configure and deploy a Toolport server from CI with a portal API key (scopes read, servers and
# deploy): the description becomes a server, an existing access token is assigned to it (a key sees token
# names and ids, never the tokens), the upstream API's credential is saved as managed authentication, and
# the server is deployed. Prints the MCP endpoint that the token's holders can call.
# Run: TOOLPORT_URL=https://toolport.example.com TOOLPORT_API_KEY=tpk_... SPEC_FILE=openapi.json \
#      TOKEN_NAME="CI clients" UPSTREAM_TOKEN=sk_live_... bash new-server-with-key.sh
set -euo pipefail
: "${TOOLPORT_URL:?}" "${TOOLPORT_API_KEY:?}" "${SPEC_FILE:?}" "${TOKEN_NAME:?}" "${UPSTREAM_TOKEN:?}"
api() { curl -sS --fail-with-body -H "Authorization: Bearer $TOOLPORT_API_KEY" "$@"; }

# 1. Create: the server and its tools, from the description file.
id=$(api -X POST "$TOOLPORT_URL/api/servers" -F "file=@$SPEC_FILE" | jq -r .data.id)
echo "server: $id"

# 2. Configure: assign the access token named $TOKEN_NAME (created once in the portal, under Access Tokens)...
token=$(api "$TOOLPORT_URL/api/servers/$id/access-tokens" | jq -r --arg name "$TOKEN_NAME" 'first(.data[] | select(.name == $name) | .id) // empty')
if [ -z "$token" ]; then
  echo "no active access token named '$TOKEN_NAME': create one in the portal under Access Tokens" >&2
  exit 1
fi
api -X PUT "$TOOLPORT_URL/api/servers/$id/access-tokens/$token" > /dev/null
# ...and save managed authentication: the upstream credential stays in Toolport, encrypted.
auth=$(jq -n --arg token "$UPSTREAM_TOKEN" '{authType: "bearer", authStrategy: "managed", secrets: {token: $token}, exposeToPublic: false}')
api -X POST "$TOOLPORT_URL/api/servers/$id/auth-config" -H 'content-type: application/json' -d "$auth" > /dev/null

# 3. Deploy, then follow the deployment until it ends (about a minute at most).
api -X POST "$TOOLPORT_URL/api/servers/$id/deploy/cloudflare" -H 'content-type: application/json' -d '{}' > /dev/null
for _ in $(seq 60); do
  deployment=$(api "$TOOLPORT_URL/api/servers/$id/deployment")
  case "$(jq -r .data.status <<<"$deployment")" in
    deployed) echo "deployed: $(jq -r .data.mcpUrl <<<"$deployment")"; exit 0 ;;
    failed) echo "deployment failed: $(jq -r .data.error <<<"$deployment")" >&2; exit 1 ;;
  esac
  sleep 2
done
echo "the deployment did not finish in time: see the server's page in the portal" >&2
exit 1
