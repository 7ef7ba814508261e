// A minimal OpenID Connect provider for sign-in tests: discovery, authorize (answers at once),
// token with an RS256-signed id_token, userinfo and JWKS. Local, on 127.0.0.1. The sign-in's email is
// the login_hint; emails starting with "unverified" are asserted with email_verified false.
import { createHash, createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";

import { OIDC_CLIENT } from "./oidc-client";
import { listenOnLoopback } from "./loopback";

type Grant = { email: string; name: string; nonce?: string; challenge?: string; redirectUri: string };

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");
const isVerified = (email: string) => !email.startsWith("unverified");

export async function startOidcProvider(): Promise<{ issuer: string; server: Server }> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  let issuer = "";

  const sign = (claims: Record<string, unknown>) => {
    const input = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }))}.${base64url(JSON.stringify(claims))}`;
    return `${input}.${base64url(createSign("RSA-SHA256").update(input).sign(privateKey))}`;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const q = url.searchParams;
      if (q.get("client_id") !== OIDC_CLIENT.id) return json(400, { error: "unauthorized_client" });
      const code = randomUUID();
      const email = q.get("login_hint") ?? "olivia@oidc.example";
      grants.set(code, {
        email,
        name: "Olivia Idc",
        nonce: q.get("nonce") ?? undefined,
        challenge: q.get("code_challenge") ?? undefined,
        redirectUri: q.get("redirect_uri")!,
      });
      const back = new URL(q.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      const [clientId, clientSecret] = basic
        ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
        : [form.get("client_id"), form.get("client_secret")];
      if (clientId !== OIDC_CLIENT.id || clientSecret !== OIDC_CLIENT.secret) return json(401, { error: "invalid_client" });
      const grant = grants.get(form.get("code") ?? "");
      grants.delete(form.get("code") ?? "");
      if (!grant || grant.redirectUri !== form.get("redirect_uri")) return json(400, { error: "invalid_grant" });
      const verifier = form.get("code_verifier") ?? "";
      if (grant.challenge && createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) {
        return json(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      }
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: issuer,
        sub: `sub-${grant.email}`,
        aud: OIDC_CLIENT.id,
        iat: now,
        exp: now + 300,
        nonce: grant.nonce,
        email: grant.email,
        email_verified: isVerified(grant.email),
        name: grant.name,
      };
      return json(200, { access_token: `at-${grant.email}`, token_type: "Bearer", expires_in: 300, id_token: sign(claims) });
    }
    if (url.pathname === "/userinfo") {
      const email = req.headers.authorization?.replace(/^Bearer at-/, "") ?? "";
      return json(200, { sub: `sub-${email}`, email, email_verified: isVerified(email), name: "Olivia Idc" });
    }
    json(404, { error: "not_found" });
  });
  issuer = await listenOnLoopback(server, "OIDC provider");
  server.unref();
  return { issuer, server };
}
