// Tools written for a model: annotations, output schemas, plumbing kept out of the arguments,
// discriminator values, optional bodies and the inputSchema size budget, on small fixture descriptions.
import { describe, expect, it } from "vitest";
import { INPUT_SCHEMA_BUDGET_BYTES, schemaBytes } from "../../../worker/openapi/budget";
import { importDescription } from "../../../worker/openapi/import";
import { DEV_ENV, importFixture, toolNamed } from "./helpers";

const model = () => importFixture("model-tools.yaml");

describe("annotations", () => {
  it("says from the HTTP method (and a POST's own words) whether a tool reads, destroys or repeats safely", async () => {
    const r = await model();
    const hints = (name: string) => toolNamed(r.tools, name).annotations;
    expect(hints("listItems")).toEqual({
      title: "List items",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(hints("createItem")).toEqual({
      title: "Create an item",
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(hints("patchItem")).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(hints("replaceItem")).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints("deleteItem")).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints("removeItemFromList")).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
  });
});

describe("outputSchema", () => {
  it("declares the documented JSON object answer leniently: read-only fields kept, write-only dropped, no required, enum or format", async () => {
    const list = toolNamed((await model()).tools, "listItems");
    expect(list.outputSchema).toEqual({
      type: "object",
      properties: {
        items: {
          type: ["array", "null"],
          items: {
            type: ["object", "null"],
            properties: { id: { type: ["number", "null"] }, status: { type: ["string", "null"] }, createdAt: { type: ["string", "null"] } },
          },
        },
        next: { type: ["string", "null"] },
      },
    });
  });

  it("declares none when a 2xx answer has no JSON body or the operation documents no object", async () => {
    const r = await model();
    expect(toolNamed(r.tools, "createItem").outputSchema).toBeUndefined();
    expect(toolNamed(r.tools, "deleteItem").outputSchema).toBeUndefined();
    expect(toolNamed(r.tools, "replaceItem").outputSchema).toBeUndefined();
  });
});

describe("arguments that are not the model's business", () => {
  it("hides the scheme's API key, query tokens and AWS signing headers; the key stays in the mapping for the server's auth", async () => {
    const list = toolNamed((await model()).tools, "listItems");
    expect(Object.keys(list.inputSchema.properties)).toEqual(["limit"]);
    expect(list.mapping.parameters.map((p) => [p.name, p.hidden])).toEqual([
      ["access_token", "credential"],
      ["limit", undefined],
      ["X-Api-Key", "credential"],
    ]);
    expect(list.mapping.parameters.find((p) => p.name === "X-Api-Key")).toMatchObject({ in: "header", hidden: "credential" });
  });

  it("fills a required one-value header itself and asks a paginated token once, in the body", async () => {
    const rpc = toolNamed((await model()).tools, "ListThings");
    expect(Object.keys(rpc.inputSchema.properties)).toEqual(["MaxResults", "NextToken", "Filter"]);
    expect(rpc.mapping.parameters).toEqual([
      { arg: "X-Amz-Target", in: "header", name: "X-Amz-Target", required: true, value: "Things_20240101.ListThings" },
    ]);
    expect(rpc.mapping.body?.properties).toEqual({ MaxResults: "MaxResults", NextToken: "NextToken", Filter: "Filter" });
  });

  it("asks a required body field once when the query repeats it as the pagination token, and keeps other same-named arguments apart", async () => {
    const batch = toolNamed((await model()).tools, "BatchGetThings");
    expect(Object.keys(batch.inputSchema.properties)).toEqual(["id", "Keys", "body_id"]);
    expect(batch.mapping.parameters.map((p) => p.name)).toEqual(["id"]);
  });

  it("hides Google's system parameters but keeps fields and real arguments", async () => {
    const google = toolNamed((await model()).tools, "things_list");
    expect(Object.keys(google.inputSchema.properties)).toEqual(["fields", "pageSize"]);
  });

  it("gives an empty body no argument (still sent when required) and keeps a free-form one", async () => {
    const r = await model();
    const balance = toolNamed(r.tools, "getBalance");
    expect(balance.inputSchema.properties).toEqual({});
    expect(balance.mapping.body).toEqual({
      contentType: "application/x-www-form-urlencoded",
      kind: "form",
      required: false,
      properties: {},
    });
    expect(toolNamed(r.tools, "patchDocument").inputSchema.properties.body).toMatchObject({ type: "object" });
  });
});

describe("bodies", () => {
  it("marks each discriminator branch with the value that selects it, from the mapping or the schema name", async () => {
    const pet = toolNamed((await model()).tools, "addPet");
    const branches = pet.inputSchema.properties.body.oneOf as Record<string, any>[];
    expect(branches.map((b) => b.properties.petType)).toEqual([
      { type: "string", const: "kitty" },
      { type: "string", const: "Dog" },
    ]);
    expect(branches.map((b) => b.required)).toEqual([["petType"], ["petType"]]);
  });

  it("keeps an optional form body's own required fields: all of them once any field is given", async () => {
    const sub = toolNamed((await model()).tools, "subscribe");
    expect(sub.inputSchema.required).toBeUndefined();
    expect(sub.inputSchema.dependentRequired).toEqual({ email: ["list"], list: ["email"], note: ["email", "list"] });
    expect(sub.inputSchema.properties.email.description).toMatch(/Required whenever the request body is sent/);
  });
});

/** A description whose one body is wide and deep: far over the budget. */
function hugeDescription() {
  const level = (depth: number): Record<string, unknown> =>
    depth === 0
      ? { type: "string", description: "A leaf value with a fairly long description to take some room in the schema." }
      : {
          type: "object",
          description: `Level ${depth}`,
          required: ["f0"],
          properties: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, level(depth - 1)])),
        };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Huge", version: "1" },
    externalDocs: { url: "https://docs.huge.example.com" },
    paths: {
      "/things": {
        post: {
          operationId: "createThing",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: { spec: level(5), name: { type: "string" } } } } },
          },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });
}

describe("size budget", () => {
  it("fits an inputSchema into the budget by summarising deep parts in words that name the fields and the docs", async () => {
    const r = await importDescription({ text: hugeDescription(), filename: "huge.json" }, DEV_ENV);
    const tool = toolNamed(r.tools, "createThing");
    expect(schemaBytes(tool.inputSchema)).toBeLessThanOrEqual(INPUT_SCHEMA_BUDGET_BYTES);
    const json = JSON.stringify(tool.inputSchema);
    expect(json).not.toContain("{}");
    expect(json).toContain(
      "Object with fields f0, f1, f2, f3, f4, f5; required: f0. Full schema not shown (size limit): see operation createThing in https://docs.huge.example.com.",
    );
    expect(tool.inputSchema.properties.name).toEqual({ type: "string" });
    expect(r.issues.map((i) => i.reason)).toContain("input schema larger than the size budget: its deepest parts are summarised in words");
  });
});
