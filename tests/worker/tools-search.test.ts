// Search mode's ranking: words split at camelCase and snake_case, stemmed, common verbs folded, BM25 order.
import { describe, expect, it } from "vitest";
import { buildSearchIndex, searchTools, tokenize } from "../../worker/mcp/runtime/search";

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
});
