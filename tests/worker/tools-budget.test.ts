// The response budget: JSON minified, an answer over the budget cut at a UTF-8 character boundary
// with a note saying how much was cut and which argument pages on.
import { describe, expect, it } from "vitest";
import { cutText, pagingHint } from "../../worker/mcp/runtime/answer";
import { bearer, connectV1, createOrg, createServer, createToken, deploy, echoTool, textOf } from "./mcp-setup";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("response budget", () => {
  it("cuts a deployed tool's answer within the budget, never inside a character, naming the paging arguments", async () => {
    const org = await createOrg();
    const tool = echoTool(
      "search_notes",
      { method: "post", parameters: [{ arg: "page", in: "query", name: "page", required: false }, { arg: "per_page", in: "query", name: "per_page", required: false }], body: { contentType: "application/json", kind: "json", required: true, properties: { text: "text" } } },
      { text: { type: "string" }, page: { type: "integer" }, per_page: { type: "integer" } },
    );
    const server = await createServer(org, [tool]);
    const { token } = await createToken(org, [server.id]);
    expect((await deploy(server.id, { maxResponseBytes: 1_001 })).status).toBe("deployed");
    const client = await connectV1(server.slug, bearer(token));
    const text = textOf(await client.callTool({ name: "search_notes", arguments: { text: "é€😀".repeat(400), page: 1 } }));
    const [shown, note] = text.split("\n\n[Response truncated: ");
    expect(shown.startsWith('{"method":"POST"')).toBe(true);
    expect(shown).not.toContain("\uFFFD");
    expect(bytes(shown)).toBeLessThanOrEqual(1_001);
    expect(bytes(shown)).toBeGreaterThan(990);
    expect(note).toMatch(new RegExp(`^showing the first ${bytes(shown)} of \\d+ bytes; \\d+ bytes were cut\\. To see more, call the tool again with "page" for the next part, or a smaller "per_page"\\.\\]$`));
    await client.close();
  });

  it("keeps every cut on a character boundary and leaves answers within the budget whole", () => {
    const text = "a😀é€".repeat(50);
    for (let max = 1; max < 60; max++) {
      const [shown] = cutText(text, max).split("\n\n[Response truncated");
      expect(shown).not.toContain("\uFFFD");
      expect(text.startsWith(shown)).toBe(true);
      expect(bytes(shown)).toBeLessThanOrEqual(max);
      expect(bytes(shown)).toBeGreaterThan(max - 4);
    }
    expect(cutText(text, bytes(text))).toBe(text);
    expect(pagingHint(["q", "cursor"])).toBe(' To see more, call the tool again with "cursor" for the next part.');
    expect(pagingHint(["q"])).toBe("");
  });
});
