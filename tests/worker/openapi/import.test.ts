// The import engine inside workerd: every dialect and shape of description the issue names.
import { describe, expect, it } from "vitest";
import { NAME_PATTERN } from "../../../worker/openapi/naming";
import { importFixture, importFixtureUrl, toolNamed } from "./helpers";

const noRefLeft = (value: unknown) => expect(JSON.stringify(value)).not.toContain("$ref");

describe("Swagger 2.0 (JSON)", () => {
  it("upgrades to 3.x: base URL from host and basePath, body and formData parameters become arguments", async () => {
    const r = await importFixture("petstore-2.0.json");
    expect(r).toMatchObject({
      title: "Swagger Petstore",
      version: "1.0.7",
      openapiVersion: "2.0",
      baseUrl: "https://petstore.example.com/v2",
    });
    expect(r.tools.map((t) => t.name)).toEqual(["addPet", "findPetsByStatus", "uploadFile", "deletePet"]);
    const addPet = toolNamed(r.tools, "addPet");
    expect(addPet.inputSchema.required).toEqual(["name", "photoUrls"]);
    // The read-only id is a response field, never an input.
    expect(Object.keys(addPet.inputSchema.properties)).toEqual(["category", "name", "photoUrls", "status"]);
    expect(addPet.inputSchema.properties.name).toEqual({ type: "string", examples: ["doggie"] });
    expect(addPet.mapping.body).toMatchObject({
      contentType: "application/json",
      kind: "json",
      required: true,
      properties: { name: "name" },
    });
    noRefLeft(addPet.inputSchema);
    const upload = toolNamed(r.tools, "uploadFile");
    expect(upload.mapping.body).toMatchObject({ kind: "multipart", contentType: "multipart/form-data", binaryFields: ["file"] });
    expect(upload.inputSchema.properties.file).toMatchObject({ type: "string", contentEncoding: "base64" });
    expect(upload.inputSchema.required).toEqual(["petId", "file"]);
  });

  it("notes deprecation and translates boolean exclusiveMinimum", async () => {
    const r = await importFixture("petstore-2.0.json");
    const del = toolNamed(r.tools, "deletePet");
    expect(del.description).toMatch(/^Deprecated: /);
    expect(del.inputSchema.properties.petId).toMatchObject({ type: "integer", exclusiveMinimum: 1 });
    expect(del.inputSchema.properties.petId).not.toHaveProperty("minimum");
    expect(del.mapping.parameters.find((p) => p.arg === "api_key")).toMatchObject({ in: "header", name: "api_key", required: false });
  });
});

describe("OpenAPI 3.0 YAML with anchors", () => {
  it("expands anchors, aliases and merge keys; fills server variables from defaults", async () => {
    const r = await importFixture("anchors-3.0.yaml");
    expect(r.baseUrl).toBe("https://eu.tasks.example.com/v1");
    expect(r.tools.map((t) => t.name)).toEqual(["listTasks", "createTask", "getTask"]);
    const create = toolNamed(r.tools, "createTask");
    expect(create.inputSchema.required).toEqual(["workspace_id", "title"]);
    expect(create.inputSchema.properties.createdBy).toEqual({ type: ["string", "null"] });
    expect(create.inputSchema.properties.priority).toEqual({ type: ["integer", "null"], minimum: 1, exclusiveMaximum: 5 });
    expect(toolNamed(r.tools, "getTask").inputSchema.properties.limit).toEqual({ type: "integer", default: 20 });
  });
});

describe("OpenAPI 3.1", () => {
  it("keeps const and type arrays, inlines $defs and resolves a relative server URL", async () => {
    const r = await importFixtureUrl("defs-3.1.yaml");
    expect(r.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
    const shape = toolNamed(r.tools, "createShape");
    expect(shape.inputSchema).toEqual({
      type: "object",
      properties: {
        kind: { const: "polygon" },
        size: { type: ["number", "null"], minimum: 0, exclusiveMaximum: 1000, description: "The size in cm." },
        label: { type: ["string", "null"], examples: ["triangle"] },
        tags: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] },
      },
      required: ["kind", "size"],
    });
  });
});

describe("external references", () => {
  it("fetches relative $refs against the description's URL, also from referenced files", async () => {
    const r = await importFixtureUrl("external/main.yaml");
    expect(r.issues).toEqual([]);
    const create = toolNamed(r.tools, "createPet");
    expect(create.inputSchema).toEqual({
      type: "object",
      properties: {
        name: { type: "string" },
        owner: { type: "object", description: "Who owns the pet.", properties: { email: { type: "string", format: "email" } } },
      },
      required: ["name"],
    });
    expect(toolNamed(r.tools, "listPets").inputSchema.properties.page_size).toEqual({ type: "integer", maximum: 100 });
  });

  it("reports relative $refs of an uploaded file, which has no URL to resolve them against", async () => {
    const r = await importFixture("external/main.yaml");
    expect(r.tools).toHaveLength(2);
    expect(r.issues.map((i) => i.reason)).toContainEqual(expect.stringMatching(/external reference not loaded: .*schemas\/pet\.yaml/));
    noRefLeft(r.tools.map((t) => t.inputSchema));
  });
});

describe("cycles", () => {
  it("cuts self and mutual recursion and reports it", async () => {
    const r = await importFixture("cycle.json");
    const tree = toolNamed(r.tools, "createTree");
    expect(tree.inputSchema.properties.children).toEqual({
      type: "array",
      items: { type: "object", description: "Node (recursive structure, not expanded further)" },
    });
    const person = toolNamed(r.tools, "putPerson");
    expect(person.inputSchema.properties.employer).toEqual({
      type: "object",
      properties: { ceo: { type: "object", description: "Person (recursive structure, not expanded further)" } },
    });
    expect(r.issues).toEqual([
      { operation: "POST /trees (createTree)", kind: "degraded", reason: "schema cut at a cycle (Node)" },
      { operation: "PUT /people (putPerson)", kind: "degraded", reason: "schema cut at a cycle (Person)" },
    ]);
  });
});

describe("allOf, oneOf, anyOf", () => {
  it("spreads an allOf object body into arguments, keeps oneOf bodies whole and anyOf parameters as they are", async () => {
    const r = await importFixture("composition.yaml");
    const dog = toolNamed(r.tools, "createDog");
    expect(dog.inputSchema.required).toEqual(["name", "breed"]);
    expect(Object.keys(dog.inputSchema.properties)).toEqual(["name", "age", "breed"]);
    const payment = toolNamed(r.tools, "createPayment");
    expect(payment.mapping.body).toEqual({ contentType: "application/json", kind: "json", required: true, arg: "body" });
    expect(payment.inputSchema.properties.body.oneOf).toHaveLength(2);
    expect(payment.inputSchema.properties.body).not.toHaveProperty("discriminator");
    expect(toolNamed(r.tools, "search").inputSchema.properties.q).toEqual({
      anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
    });
  });
});

describe("request bodies", () => {
  it("maps form, multipart, binary and XML bodies", async () => {
    const r = await importFixture("bodies.yaml");
    expect(toolNamed(r.tools, "login").mapping.body).toEqual({
      contentType: "application/x-www-form-urlencoded",
      kind: "form",
      required: true,
      properties: { username: "username", password: "password" },
    });
    expect(toolNamed(r.tools, "uploadDocument").mapping.body).toMatchObject({ kind: "multipart", binaryFields: ["file"] });
    const blob = toolNamed(r.tools, "putBlob");
    expect(blob.mapping.body).toEqual({
      contentType: "application/octet-stream",
      kind: "binary",
      required: true,
      arg: "body",
      binaryFields: ["body"],
    });
    expect(blob.inputSchema.properties.body).toMatchObject({ type: "string", contentEncoding: "base64" });
    expect(toolNamed(r.tools, "postXml").mapping.body).toMatchObject({ kind: "text", contentType: "application/xml", arg: "body" });
    expect(r.issues).toContainEqual({
      operation: "POST /legacy (postXml)",
      kind: "degraded",
      reason: expect.stringMatching(/application\/xml is not supported/),
    });
  });
});

describe("parameter names", () => {
  it("resolves collisions between path, query, header and body names and remembers where each goes", async () => {
    const r = await importFixture("collisions.yaml");
    const tool = toolNamed(r.tools, "updateItem");
    expect(Object.keys(tool.inputSchema.properties)).toEqual(["id", "query_id", "filter_status", "header_id", "body_id", "name"]);
    expect(tool.inputSchema.required).toEqual(["id", "body_id", "name"]);
    expect(tool.mapping.parameters).toEqual([
      { arg: "id", in: "path", name: "id", required: true },
      { arg: "query_id", in: "query", name: "id", required: false },
      { arg: "filter_status", in: "query", name: "filter[status]", required: false },
      { arg: "header_id", in: "header", name: "id", required: false },
    ]);
    expect(tool.mapping.body?.properties).toEqual({ body_id: "id", name: "name" });
  });
});

describe("tool names", () => {
  it("derives names for missing, overlong, non-ASCII and duplicate operationIds", async () => {
    const r = await importFixture("names.yaml");
    const names = r.tools.map((t) => t.name);
    expect(names).toEqual([
      "get_users_userId_posts",
      expect.stringMatching(/^getVeryLongOperationIdentifier.+_[0-9a-z]{7}$/),
      "listCafes",
      "get_menus",
      "listCafes_2",
    ]);
    for (const name of names) expect(name).toMatch(NAME_PATTERN);
    expect(names[1]).toHaveLength(64);
    expect(r.issues.map((i) => i.reason)).toEqual([
      `name shortened to ${names[1]} (at most 64 characters)`,
      "operationId has no usable characters; name derived from method and path",
      "name listCafes already taken; renamed to listCafes_2",
    ]);
  });

  it("gives the same names on every import of the same description", async () => {
    const [a, b] = await Promise.all([importFixture("names.yaml"), importFixture("names.yaml")]);
    expect(a.tools.map((t) => t.name)).toEqual(b.tools.map((t) => t.name));
  });
});
