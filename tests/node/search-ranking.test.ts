// Search mode's ranking on small descriptions written for one behaviour each: vocabulary taken from
// the API's own text (title verbs, joined words), and what ranks an operation below another.
import { describe, expect, it } from "vitest";
import { buildSearchIndex, searchTools, type SearchDoc } from "../../worker/runtime/search";

const op = (method: string, path: string, title: string, description = title): SearchDoc => ({
  name: `${method}${path}`,
  method,
  path,
  title,
  description,
});
const best = (docs: SearchDoc[], query: string) => {
  const [first] = searchTools(buildSearchIndex(docs), query, 5);
  return first === undefined ? null : `${docs[first].method} ${docs[first].path}`;
};

describe("search ranking", () => {
  it("reads a verb of the API's own titles as the method its titles use it for", () => {
    const docs = [
      op("GET", "/user/starred", "List repositories starred by the authenticated user"),
      op("GET", "/user/starred/{owner}/{repo}", "Check if a repository is starred by the authenticated user"),
      op("PUT", "/user/starred/{owner}/{repo}", "Star a repository for the authenticated user"),
      op("PUT", "/gists/{gist_id}/star", "Star a gist"),
      op("GET", "/repos/{owner}/{repo}/stargazers", "List stargazers"),
    ];
    expect(best(docs, "star this repo")).toBe("PUT /user/starred/{owner}/{repo}");
  });

  it("ranks an operation whose path names more than was asked below one that names only it", () => {
    const docs = [
      op("DELETE", "/v1/customers/{customer}/discount", "Delete a customer discount", "Removes the customer's discount from the customer."),
      op(
        "DELETE",
        "/v1/customers/{customer}",
        "Delete a customer",
        "Permanently deletes a customer and cancels its subscriptions at once, which cannot be undone.",
      ),
      op("DELETE", "/v1/products/{id}", "Delete a product"),
    ];
    expect(best(docs, "remove this customer")).toBe("DELETE /v1/customers/{customer}");
  });

  it("splits a joined word as the descriptions write it", () => {
    const docs = [
      op("GET", "/v1/invoiceitems", "Get Invoiceitems", "Returns a list of your invoice items."),
      op("GET", "/v1/invoices", "Get Invoices", "You can list all invoices."),
      op("GET", "/v1/invoices/{invoice}/lines", "Get Invoices Invoice Lines", "The line items of an invoice."),
      op("GET", "/v1/items", "Get Items", "Returns a list of items."),
    ];
    expect(best(docs, "list my invoice items")).toBe("GET /v1/invoiceitems");
    expect(best(docs, "which invoices are unpaid")).toBe("GET /v1/invoices");
  });

  it("ranks a deprecated operation below its successor", () => {
    const docs = [
      op(
        "GET",
        "/v1/customers/{customer}/cards",
        "List a customer's cards",
        "Deprecated: this operation may be removed by the API. Lists a customer's cards.",
      ),
      op(
        "GET",
        "/v2/customers/{customer}/cards",
        "List a customer's cards",
        "Lists a customer's cards, newest first, with their brand, expiry and last four digits, a page at a time, up to a hundred.",
      ),
    ];
    expect(best(docs, "list a customer's cards")).toBe("GET /v2/customers/{customer}/cards");
  });

  it("reads an OData $ref segment as no resource of its own", () => {
    const docs = [
      op("POST", "/groups/{group-id}/members/$ref", "Create new navigation property ref to members for groups", "Add a member to a group."),
      op("POST", "/groups/{group-id}/owners/$ref", "Create new navigation property ref to owners for groups", "Add an owner to a group."),
      op("POST", "/groups", "Create group"),
    ];
    expect(best(docs, "add a member to the group")).toBe("POST /groups/{group-id}/members/$ref");
  });

  it("answers a request for the asker's own profile with the caller's own record", () => {
    const userId = {
      type: "object",
      properties: { userId: { type: "string", description: "The user ID or email address. For user-level apps, pass the `me` value." } },
    };
    const docs = [
      op("GET", "/rooms/account_profile", "Get Zoom Room account profile"),
      { ...op("GET", "/phone/users/{userId}/settings", "Get a user's phone profile settings"), inputSchema: userId },
      { ...op("GET", "/users/{userId}", "Get a user", "View a user's information."), inputSchema: userId },
      { ...op("GET", "/users/{userId}/meetings", "List meetings"), inputSchema: userId },
    ];
    expect(best(docs, "show my profile")).toBe("GET /users/{userId}");
    expect(best(docs, "update my profile")).not.toBe("GET /users/{userId}");
  });
});
