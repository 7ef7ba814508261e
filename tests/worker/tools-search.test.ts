// Search mode's ranking: words split at camelCase and snake_case, stemmed, common verbs folded, BM25 order.
import { describe, expect, it } from "vitest";
import { importDescription } from "../../worker/openapi/import";
import { buildSearchIndex, searchTools, tokenize } from "../../worker/runtime/search";

describe("tool search ranking", () => {
  it("splits camelCase and snake_case, stems plurals and folds synonyms of common verbs", () => {
    expect(tokenize("listRepoIssues")).toEqual(["get", "repo", "issue"]);
    expect(tokenize("delete_pet-by_ID")).toEqual(["remove", "pet", "ID".toLowerCase()]);
    expect(tokenize("Fetch all the categories")).toEqual(["get", "category"]);
  });

  it("ranks the tool whose name, title and method match the task first", () => {
    const docs = [
      { name: "createPet", title: "Add a new pet", method: "post", path: "/pets" },
      { name: "listPets", title: "List pets", method: "get", path: "/pets" },
      { name: "deletePet", title: "Delete a pet", method: "delete", path: "/pets/{petId}" },
      { name: "listOrders", title: "List store orders", method: "get", path: "/store/orders" },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "remove a pet", 2)[0]).toBe(2);
    expect(searchTools(index, "fetch the pets", 2)[0]).toBe(1);
    expect(searchTools(index, "make a pet", 2)[0]).toBe(0);
    expect(searchTools(index, "show orders", 4)[0]).toBe(3);
    expect(searchTools(index, "weather", 4)).toEqual([]);
  });

  it("stems a plural and its other ending alike, and drops one-letter words", () => {
    expect(tokenize("customers customer")).toEqual(["custom", "custom"]);
    expect(tokenize("requested_reviewers review")).toEqual(["request", "review", "review"]);
    expect(tokenize("a user's publicly visible profile")).toEqual(["user", "public", "visible", "profile"]);
  });

  it("reads a task's leading 'open' as create, and the same word later as a state", () => {
    const docs = [
      { name: "pulls_create", title: "Create a pull request", method: "post", path: "/repos/{owner}/{repo}/pulls" },
      { name: "pulls_list", title: "List pull requests", method: "get", path: "/repos/{owner}/{repo}/pulls", description: "Lists open pull requests." },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "open a pull request", 2)[0]).toBe(0);
    expect(searchTools(index, "list the open pull requests", 2)[0]).toBe(1);
  });

  it("ranks by the operation's tags, and counts a word met only in a description as weaker evidence", () => {
    const docs = [
      { name: "getWidget", title: "Get widget", method: "get", path: "/widgets/{id}", description: "Returns a widget. Billing accounts see their invoices here." },
      { name: "getInvoice", title: "Get one", method: "get", path: "/v2/items/{id}", tags: ["Invoices"] },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "get an invoice", 2)[0]).toBe(1);
  });

  it("keeps an operation's tags on its endpoint (at most five, each at most 60 characters)", async () => {
    const spec = {
      openapi: "3.0.3",
      info: { title: "Tagged", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/a": { get: { operationId: "a", tags: ["Invoices", " ", 7, "x".repeat(100), "b", "c", "d", "e"], responses: { 200: { description: "ok" } } } },
        "/b": { get: { operationId: "b", responses: { 200: { description: "ok" } } } },
      },
    };
    const result = await importDescription({ text: JSON.stringify(spec), filename: "tagged.json" }, { ENVIRONMENT: "development" } as never);
    expect(result.tools[0].endpoint.tags).toEqual(["Invoices", "x".repeat(60), "b", "c", "d"]);
    expect(result.tools[1].endpoint).not.toHaveProperty("tags");
  });
});
