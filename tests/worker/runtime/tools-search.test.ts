// Search mode's ranking (MiniSearch inside workerd): words split and stemmed, requests read as people
// phrase them, vocabulary derived from the API's own text.
import { describe, expect, it } from "vitest";
import { importDescription } from "../../../worker/openapi/import";
import { buildSearchIndex, searchTools } from "../../../worker/runtime/search";
import { indexWords, readQuery } from "../../../worker/runtime/search-words";

describe("tool search ranking: words and typos", () => {
  it("splits camelCase and snake_case, stems plurals, drops stop words and skips links", () => {
    expect(indexWords("listRepoIssues")).toEqual(["list", "repo", "issue"]);
    expect(indexWords("delete_pet-by_ID")).toEqual(["delete", "pet", "id"]);
    expect(indexWords("Fetch all the categories, see https://docs.example.com/categories")).toEqual(["fetch", "category", "see"]);
    expect(indexWords("a user's publicly visible profile")).toEqual(["user", "public", "visible", "profile"]);
  });

  it("reads a request as people phrase it: its verb, whether it is about the asker, its stop phrases", () => {
    expect(readQuery("how do I make a new repo")).toMatchObject({ action: "create", self: true, terms: ["make", "new", "repo"] });
    expect(readQuery("can you please remove this customer")).toMatchObject({
      action: "delete",
      self: false,
      terms: ["remove", "customer"],
    });
    expect(readQuery("show me the open invoices")).toMatchObject({ action: "read", self: false, plural: true });
    expect(readQuery("set up a webhook")).toMatchObject({ action: "create" });
    expect(readQuery("who am I signed in as")).toMatchObject({ self: true, terms: [] });
    expect(readQuery("what repos do I have")).toMatchObject({ action: "read", self: true, terms: ["repo", "have"] });
  });

  it("ranks the tool whose words, method and path fit the request first", () => {
    const docs = [
      { name: "createPet", title: "Add a new pet", method: "post", path: "/pets" },
      { name: "listPets", title: "List pets", method: "get", path: "/pets" },
      { name: "deletePet", title: "Delete a pet", method: "delete", path: "/pets/{petId}" },
      { name: "listOrders", title: "List store orders", method: "get", path: "/store/orders" },
      { name: "updatePet", title: "Update a pet", method: "post", path: "/pets/{petId}" },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "remove a pet", 2)[0]).toBe(2);
    expect(searchTools(index, "fetch the pets", 2)[0]).toBe(1);
    expect(searchTools(index, "make a pet", 2)[0]).toBe(0);
    expect(searchTools(index, "rename my pet", 2)[0]).toBe(4);
    expect(searchTools(index, "show orders", 4)[0]).toBe(3);
    expect(searchTools(index, "weather", 4)).toEqual([]);
  });

  it("tolerates a typo and meets a word's start ('repo' finds repositories)", () => {
    const docs = [
      { name: "repos_list", title: "List repositories", method: "get", path: "/repositories" },
      { name: "gists_list", title: "List gists", method: "get", path: "/gists" },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "list repos", 2)[0]).toBe(0);
    expect(searchTools(index, "list repositries", 2)[0]).toBe(0);
  });

  it("counts a word met by its start in a title above the same short word in a tag ('repos' asks for repositories)", () => {
    const docs = [
      { name: "listAll", title: "List repositories", method: "get", path: "/repositories" },
      { name: "repo_items", title: "List items", method: "get", path: "/items", tags: ["Repo"] },
    ];
    expect(searchTools(buildSearchIndex(docs), "repos", 2)[0]).toBe(0);
  });

  it("reads a short word one letter from another as that other word, not as a typo ('price' is no 'prize')", () => {
    const docs = [
      { name: "getPrize", title: "Get a prize", method: "get", path: "/prizes/{id}" },
      { name: "getPlan", title: "Get a plan", method: "get", path: "/plans/{id}", description: "Returns the plan and its price." },
    ];
    expect(searchTools(buildSearchIndex(docs), "what is the price", 2)).toEqual([1]);
  });
});

describe("tool search ranking: actions below an item and everyday idioms", () => {
  it("reads a write to a collection below an item as the action its name is a form of ('assign' → POST …/assignees)", () => {
    const docs = [
      { name: "updateTicket", title: "Update a ticket", method: "patch", path: "/tickets/{id}" },
      { name: "addAssignees", title: "Add assignees to a ticket", method: "post", path: "/tickets/{id}/assignees" },
      { name: "listAssignees", title: "List assignees", method: "get", path: "/tickets/{id}/assignees" },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "assign the ticket to alice", 4)[0]).toBe(1);
    // Reading the collection is still a read.
    expect(searchTools(index, "show the ticket's assignees", 4)[0]).toBe(2);
  });

  it("reads everyday idioms for concepts every kind of API has: webhooks, bulk operations, events", () => {
    expect(readQuery("call my server whenever an issue changes").concepts).toContain("webhook");
    expect(readQuery("create many tickets at once").concepts).toEqual(["bulk", "batch"]);
    expect(readQuery("what happened in my account").concepts).toContain("event");
    expect(readQuery("what am I allowed to do here").concepts).toEqual(["permission"]);
    expect(readQuery("list my servers").concepts).toEqual([]);
    // "on file" says kept, not a file.
    expect(readQuery("what cards does she have on file").terms).toEqual(["card", "she", "have"]);
    const docs = [
      { name: "createRepo", title: "Create a repository", method: "post", path: "/repos" },
      { name: "createHook", title: "Create a repository webhook", method: "post", path: "/repos/{repo}/hooks" },
      { name: "createTickets", title: "Bulk create tickets", method: "post", path: "/tickets/bulk" },
      { name: "createTicket", title: "Create a ticket", method: "post", path: "/tickets" },
      { name: "listEvents", title: "List events", method: "get", path: "/events" },
      { name: "getAccount", title: "Get the account", method: "get", path: "/account" },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "ping my endpoint every time someone pushes to the repository", 3)[0]).toBe(1);
    // The bulk operation reaches the first two (its path reads as one item, which a create fits less well).
    expect(searchTools(index, "add several tickets in one go", 2)).toContain(2);
    expect(searchTools(index, "what happened on my account", 2)).toContain(4);
  });
});

describe("tool search ranking: tasks, acronyms, the asker and tags", () => {
  it("reads a task's leading 'open' as create, and the same word later as a state", () => {
    const docs = [
      { name: "pulls_create", title: "Create a pull request", method: "post", path: "/repos/{owner}/{repo}/pulls" },
      {
        name: "pulls_list",
        title: "List pull requests",
        method: "get",
        path: "/repos/{owner}/{repo}/pulls",
        description: "Lists open pull requests.",
      },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "open a pull request", 2)[0]).toBe(0);
    expect(searchTools(index, "list the open pull requests", 2)[0]).toBe(1);
  });

  it("derives an API's acronyms from its own phrases ('PR' where its titles say 'pull request')", () => {
    const docs = [
      { name: "pulls_create", title: "Create a pull request", method: "post", path: "/repos/{owner}/{repo}/pulls" },
      { name: "pulls_list", title: "List pull requests", method: "get", path: "/repos/{owner}/{repo}/pulls" },
      { name: "pulls_merge", title: "Merge a pull request", method: "put", path: "/repos/{owner}/{repo}/pulls/{pull_number}/merge" },
      { name: "branches_merge", title: "Merge a branch", method: "post", path: "/repos/{owner}/{repo}/merges" },
    ];
    const index = buildSearchIndex(docs);
    expect(index.acronyms.get("pr")).toEqual(["pull", "request"]);
    expect(searchTools(index, "merge PR 15", 2)[0]).toBe(2);
    expect(searchTools(index, "what PRs are there", 2)[0]).toBe(1);
  });

  it("answers 'my' and 'who am I' with the asker's own operations", () => {
    const docs = [
      { name: "repos_list_for_org", title: "List organization repositories", method: "get", path: "/orgs/{org}/repos" },
      { name: "repos_list_for_user", title: "List repositories for a user", method: "get", path: "/users/{username}/repos" },
      { name: "repos_list_mine", title: "List repositories for the authenticated user", method: "get", path: "/user/repos" },
      { name: "rate_limit", title: "Get rate limit status for the authenticated user", method: "get", path: "/rate_limit" },
      { name: "users_get_authenticated", title: "Get the authenticated user", method: "get", path: "/user" },
      { name: "users_get", title: "Get a user", method: "get", path: "/users/{username}" },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "what repos do I have", 3)[0]).toBe(2);
    expect(searchTools(index, "who am I signed in as", 3)[0]).toBe(4);
  });

  it("ranks by the operation's tags, and counts a word met only in a description as weaker evidence", () => {
    const docs = [
      {
        name: "getWidget",
        title: "Get widget",
        method: "get",
        path: "/widgets/{id}",
        description: "Returns a widget. Billing accounts see their invoices here.",
      },
      { name: "getInvoice", title: "Get one", method: "get", path: "/v2/items/{id}", tags: ["Invoices"] },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "get an invoice", 2)[0]).toBe(1);
  });
});

describe("tool search ranking: arguments, answers and resources", () => {
  it("reads what a tool's arguments and answer say: an argument's description and values, the thing a list answer is made of", () => {
    const docs = [
      {
        name: "listEvents",
        title: "List all events",
        method: "get",
        path: "/v1/events",
        outputSchema: {
          type: "object",
          properties: {
            data: {
              type: "array",
              items: {
                type: "object",
                description: "Events tell you when something interesting happens in your account.",
                properties: { id: {} },
              },
            },
            has_more: {},
          },
        },
      },
      { name: "listAccounts", title: "List accounts", method: "get", path: "/v1/accounts" },
      {
        name: "setStatus",
        title: "Update meeting status",
        method: "put",
        path: "/meetings/{id}/status",
        inputSchema: {
          properties: { action: { type: "string", description: "`end` - End a meeting for all participants.", enum: ["end", "recover"] } },
        },
      },
      { name: "getMeeting", title: "Get a meeting", method: "get", path: "/meetings/{id}" },
    ];
    const index = buildSearchIndex(docs);
    expect(searchTools(index, "what happened lately", 2)).toEqual([0]);
    expect(searchTools(index, "end the meeting for all participants", 2)[0]).toBe(2);
  });

  it("lets a word said by one operation of a resource reach its other operations", () => {
    const docs = [
      {
        name: "createIssue",
        title: "Create an issue",
        method: "post",
        path: "/repos/{repo}/issues",
        description: "Report a bug or ask for a feature.",
      },
      { name: "listIssues", title: "List issues", method: "get", path: "/repos/{repo}/issues" },
      { name: "listLabels", title: "List labels", method: "get", path: "/repos/{repo}/labels" },
    ];
    expect(searchTools(buildSearchIndex(docs), "show the open bugs", 3)).toEqual([1, 0]);
  });
});

describe("tool search ranking: verbs, paths and kept tags", () => {
  it("reads a state-changing verb as an update, and prefers the action that the verb names", () => {
    expect(readQuery("deactivate a user")).toMatchObject({ action: "update", verb: "deactivate" });
    const docs = [
      { name: "updateEvent", title: "Update event", method: "patch", path: "/me/events/{id}" },
      { name: "cancelEvent", title: "Invoke action cancel", method: "post", path: "/me/events/{id}/cancel" },
    ];
    expect(searchTools(buildSearchIndex(docs), "cancel my event", 2)[0]).toBe(1);
  });

  it("reads a path with items below it as a collection, though its word is singular (/issuetype, /issuetype/{id})", () => {
    const docs = [
      { name: "getIssueType", title: "Get issue type", method: "get", path: "/issuetype/{id}" },
      { name: "getIssueTypes", title: "Get issue types", method: "get", path: "/issuetype" },
    ];
    expect(searchTools(buildSearchIndex(docs), "which issue types exist", 2)[0]).toBe(1);
  });

  it("splits a path word the API writes joined into the words its titles say ('/issuetype' is issue type)", () => {
    const docs = [
      { name: "getAllTypes", title: "Get all for user", method: "get", path: "/issuetype" },
      { name: "getIssue", title: "Get issue", method: "get", path: "/issue/{id}" },
      { name: "getKind", title: "Get type", method: "get", path: "/kinds/{id}" },
    ];
    expect(searchTools(buildSearchIndex(docs), "issue type", 3)[0]).toBe(0);
  });

  it("counts a path parameter that takes the literal `me` as the asker's own operation", () => {
    const docs = [
      { name: "getGroupSettings", title: "Get settings", method: "get", path: "/groups/{groupId}/settings" },
      {
        name: "getUserSettings",
        title: "Get settings",
        method: "get",
        path: "/users/{userId}/settings",
        inputSchema: { properties: { userId: { type: "string", description: "The user ID, or `me` for the caller." } } },
      },
    ];
    expect(searchTools(buildSearchIndex(docs), "show my settings", 2)[0]).toBe(1);
  });

  it("keeps an operation's tags on its endpoint (at most five, each at most 60 characters)", async () => {
    const spec = {
      openapi: "3.0.3",
      info: { title: "Tagged", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/a": {
          get: {
            operationId: "a",
            tags: ["Invoices", " ", 7, "x".repeat(100), "b", "c", "d", "e"],
            responses: { 200: { description: "ok" } },
          },
        },
        "/b": { get: { operationId: "b", responses: { 200: { description: "ok" } } } },
      },
    };
    const result = await importDescription({ text: JSON.stringify(spec), filename: "tagged.json" }, {
      ENVIRONMENT: "development",
    } as never);
    expect(result.tools[0].endpoint.tags).toEqual(["Invoices", "x".repeat(60), "b", "c", "d"]);
    expect(result.tools[1].endpoint).not.toHaveProperty("tags");
  });
});
