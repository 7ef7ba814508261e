// The client the local OpenID Connect provider knows (shared by the provider and the tests).
export const OIDC_CLIENT = { id: "toolport-test", secret: "toolport-test-secret" };
