// The response budget: JSON minified, an answer over the budget cut at a UTF-8 character boundary
// with a note saying how much was cut and which argument pages on.
import { describe, expect, it } from "vitest";
import { cutText, pagingHint } from "../../../worker/runtime/answer";
import { call, signedIn } from "../helpers";
import { bearer, connectV1, connectV2, createOrg, createServer, createToken, deploy, echoTool, textOf } from "../mcp-setup";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("response budget", () => {
  it("cuts a deployed tool's answer within the budget, never inside a character, naming the paging arguments", async () => {
    const org = await createOrg();
    const tool = echoTool(
      "search_notes",
      {
        method: "post",
        parameters: [
          { arg: "page", in: "query", name: "page", required: false },
          { arg: "per_page", in: "query", name: "per_page", required: false },
        ],
        body: { contentType: "application/json", kind: "json", required: true, properties: { text: "text" } },
      },
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
    expect(note).toMatch(
      new RegExp(
        `^showing the first ${bytes(shown)} of \\d+ bytes; \\d+ bytes were cut\\. To see more, call the tool again with "page" for the next part, or a smaller "per_page"\\.\\]$`,
      ),
    );
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

  it("honours the server's own response budget, set through PATCH /tool-mode within 1,000 to 1,000,000 bytes", async () => {
    const user = await signedIn();
    const tool = echoTool(
      "echo_text",
      { method: "post", body: { contentType: "application/json", kind: "json", required: true, properties: { text: "text" } } },
      { text: { type: "string" } },
    );
    const server = await createServer(user.organizationId, [tool]);
    const settings = async () => ((await (await call(`/api/servers/${server.id}/tool-mode`, { cookie: user.cookie })).json()) as any).data;
    expect(await settings()).toEqual({ toolMode: "direct", maxResponseBytes: 100_000 });

    for (const bad of [999, 1_000_001, 1500.5, "2000"]) {
      const res = await call(`/api/servers/${server.id}/tool-mode`, {
        method: "PATCH",
        cookie: user.cookie,
        json: { maxResponseBytes: bad },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error).toContain("maxResponseBytes: a whole number of bytes from 1,000 to 1,000,000");
    }
    const saved = await call(`/api/servers/${server.id}/tool-mode`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { maxResponseBytes: 1_500 },
    });
    expect(((await saved.json()) as any).data).toEqual({ toolMode: "direct", maxResponseBytes: 1_500 });

    expect((await deploy(server.id)).status).toBe("deployed");
    const { token } = await createToken(user.organizationId, [server.id]);
    const client = await connectV2(server.slug, bearer(token));
    const text = textOf(await client.callTool({ name: "echo_text", arguments: { text: "x".repeat(5_000) } }));
    const [shown, note] = text.split("\n\n[Response truncated: ");
    expect(bytes(shown)).toBeLessThanOrEqual(1_500);
    expect(bytes(shown)).toBeGreaterThan(1_400);
    expect(note).toMatch(/^showing the first \d+ of \d+ bytes; \d+ bytes were cut\./);
    await client.close();

    // Another organization can neither read nor change it.
    const stranger = await signedIn();
    expect(
      (await call(`/api/servers/${server.id}/tool-mode`, { method: "PATCH", cookie: stranger.cookie, json: { maxResponseBytes: 2_000 } }))
        .status,
    ).toBe(404);
  });
});
