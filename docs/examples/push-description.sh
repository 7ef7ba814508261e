#!/usr/bin/env bash
# Push an OpenAPI description to a Toolport server from CI: the new version's diff is printed, and it is
# applied (redeploying a deployed server) unless it breaks calls; set APPLY_BREAKING=1 to apply anyway.
# The key needs the servers scope, and deploy too once the server is deployed.
# Run: TOOLPORT_URL=https://toolport.example.com TOOLPORT_API_KEY=tpk_... SERVER_ID=... SPEC_FILE=openapi.json bash push-description.sh
set -euo pipefail
: "${TOOLPORT_URL:?}" "${TOOLPORT_API_KEY:?}" "${SERVER_ID:?}" "${SPEC_FILE:?}"
api() { curl -sS --fail-with-body -H "Authorization: Bearer $TOOLPORT_API_KEY" "$@"; }

# A pending version and its diff against the server's tools (nothing changes yet).
version=$(api -X PUT "$TOOLPORT_URL/api/servers/$SERVER_ID/spec" -F "file=@$SPEC_FILE")
id=$(jq -r .data.id <<<"$version")
jq -r '.data.diff.entries[] | "\(if .breaking then "BREAKING" else "ok" end) \(.kind) \(.tool) \(.changes | join("; "))"' <<<"$version"

if [ "$(jq -r .data.breaking <<<"$version")" = "true" ] && [ "${APPLY_BREAKING:-0}" != "1" ]; then
  echo "held: version $id breaks calls; review it in the portal (Update available) or rerun with APPLY_BREAKING=1"
  exit 0
fi
# Applying to a deployed server redeploys it: the key then needs the deploy scope (else 403, and the version stays pending).
applied=$(api -X POST "$TOOLPORT_URL/api/servers/$SERVER_ID/spec/$id/apply") || { echo "not applied: $(jq -r .error <<<"$applied")" >&2; exit 1; }
jq -r '"applied: \(.data.version.toolCount) tools, deployment \(.data.deployment.status // "none")"' <<<"$applied"
