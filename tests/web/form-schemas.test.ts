// The zod schemas behind the SPA's forms give the product's messages word for word, through the same
// resolver react-hook-form runs.
import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AuthConfig } from "@/api/auth-config";
import type { Tool } from "@/api/tools";
import { tokenFields } from "@/features/tokens/token-fields";
import { authDraftSchema, draftIssues, staticPayload, type AuthDraft } from "@/features/wizard/auth-draft";
import { FILE_TYPE_MESSAGE, sourceFileSchema, sourceSchema } from "@/features/wizard/source-step";
import { toolEditSchema } from "@/features/wizard/tool-editor";
import { budgetSchema } from "@/features/wizard/tool-mode";

const param = (name: string, value = "") => ({ name, type: "string", reason: "Detected", confidence: 0.9, value });
const draft = (change: Partial<AuthDraft> = {}): AuthDraft => ({
  authType: "bearer",
  strategy: "managed",
  tokenIds: ["tok_1"],
  staticParams: [param("workspaceId", "ws_1")],
  secrets: { token: "sk_live" },
  ...change,
});
const saved = { authType: "bearer", maskedSecrets: { token: "sk_l…cret" } } as unknown as AuthConfig;
const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};
/** The resolver's errors, as react-hook-form receives them. */
async function resolve(mode: "create" | "edit", values: AuthDraft, savedConfig: AuthConfig | null = null) {
  const result = await zodResolver(authDraftSchema(mode, savedConfig))(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors as Record<string, { message?: string }>;
}

describe("the wizard's auth draft", () => {
  it("accepts a complete managed draft and a passthrough draft without tokens or secrets", () => {
    expect(messages(authDraftSchema("create", null), draft())).toEqual([]);
    expect(messages(authDraftSchema("create", null), draft({ strategy: "passthrough", tokenIds: [], secrets: {} }))).toEqual([]);
  });

  it("asks for an access token in the wording of each mode", () => {
    expect(messages(authDraftSchema("create", null), draft({ tokenIds: [] }))).toEqual([
      "Managed authentication requires at least one access token of Toolport. Please select existing tokens or create a new one.",
    ]);
    expect(messages(authDraftSchema("edit", saved), draft({ tokenIds: [] }))).toEqual([
      "For managed authentication, you must assign at least one access token to this server. Please select existing tokens or create a new one.",
    ]);
  });

  it("names every static parameter still without a value (blank counts as none)", () => {
    expect(
      messages(
        authDraftSchema("create", null),
        draft({ staticParams: [param("workspaceId", "  "), param("region", "eu"), param("apiVersion")] }),
      ),
    ).toEqual(["Please provide values for all static parameters: workspaceId, apiVersion"]);
  });

  it.each([
    ["bearer", {}, "Bearer Token"],
    ["apiKey", {}, "API Key"],
    ["basic", { username: "ada" }, "Username and Password"],
    ["oauth2", { clientSecret: "s" }, "OAuth2 Client ID and Secret"],
  ] as const)("asks for the %s credentials", (authType, secrets, label) => {
    expect(messages(authDraftSchema("create", null), draft({ authType, secrets }))).toEqual([
      `Managed authentication requires API credentials. Please provide the ${label} for the target API.`,
    ]);
  });

  it("lets a blank field keep a saved secret of the same type, not of another", () => {
    expect(messages(authDraftSchema("edit", saved), draft({ secrets: {} }))).toEqual([]);
    expect(messages(authDraftSchema("edit", saved), draft({ authType: "apiKey", secrets: {} }))).toEqual([
      "Managed authentication requires API credentials. Please provide the API Key for the target API.",
    ]);
  });

  it("reports each rule on the field of the step that fixes it", async () => {
    const errors = await resolve("create", draft({ tokenIds: [], staticParams: [param("workspaceId")], secrets: {} }));
    expect(draftIssues(errors)).toEqual({
      auth: "Managed authentication requires at least one access token of Toolport. Please select existing tokens or create a new one.",
      tools: "Please provide values for all static parameters: workspaceId",
      config: "Managed authentication requires API credentials. Please provide the Bearer Token for the target API.",
    });
    // react-hook-form keeps a field array's own error under root.
    expect(draftIssues({ staticParams: { root: { message: "Please provide values for all static parameters: a" } } })).toEqual({
      tools: "Please provide values for all static parameters: a",
    });
  });

  it("saves the static values trimmed by name and their metadata without the values", () => {
    expect(staticPayload([param("workspaceId", " ws_1 ")])).toEqual({
      authContextValues: { workspaceId: "ws_1" },
      authContextMetadata: [{ name: "workspaceId", type: "string", reason: "Detected", confidence: 0.9 }],
    });
  });
});

describe("the other forms", () => {
  it("refuses a description file of another type", () => {
    expect(messages(sourceFileSchema, new File(["x"], "notes.txt"))).toEqual([FILE_TYPE_MESSAGE]);
    expect(FILE_TYPE_MESSAGE).toBe("Please choose a .json, .yaml or .yml file");
    expect(messages(sourceFileSchema, new File(["{}"], "notes.YAML"))).toEqual([]);
    expect(messages(sourceSchema, { name: "", description: "", url: "  ", file: null })).toHaveLength(1);
    expect(messages(sourceSchema, { name: "", description: "", url: "https://api.example.com/openapi.json", file: null })).toEqual([]);
  });

  it("checks a tool's new name and description as the API does", () => {
    const tools = [
      { name: "list_notes", active: true },
      { name: "get_note", active: true },
    ] as Tool[];
    const schema = toolEditSchema(tools[0]!, tools);
    expect(messages(schema, { name: "list notes", description: "" })).toEqual([
      "A tool name may only contain letters, digits, '_' and '-', and be 1 to 64 characters long.",
    ]);
    expect(messages(schema, { name: "get_note", description: "" })).toEqual([
      "Another tool of this server is already named get_note. Tool names must be unique within a server.",
    ]);
    expect(messages(schema, { name: "", description: "x".repeat(2001) })).toEqual([
      "A tool description can be at most 2000 characters long.",
    ]);
    expect(messages(schema, { name: "find_notes", description: "Finds notes." })).toEqual([]);
  });

  it("takes a whole number of KB from 1 to 1000 as the response limit", () => {
    for (const kb of ["0", "1001", "2.5", ""])
      expect(messages(budgetSchema, { kb })).toEqual(["Enter a whole number of KB from 1 to 1000."]);
    expect(messages(budgetSchema, { kb: "100" })).toEqual([]);
  });

  it("takes an empty or whole-day expiry and a name of up to 100 characters for tokens", () => {
    const schema = z.object(tokenFields);
    expect(messages(schema, { name: "", expiryDays: "" })).toEqual([]);
    expect(messages(schema, { name: "CI", expiryDays: "0" })).toEqual(["Enter a whole number of days from 1 to 9999"]);
    expect(messages(schema, { name: "n".repeat(101), expiryDays: "30" })).toEqual(["At most 100 characters"]);
  });
});
