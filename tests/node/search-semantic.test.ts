// Search mode's optional semantic ranking: int8 tool vectors, the nearest tools to a request, and
// reciprocal rank fusion with the lexical ranking. Workers AI does not run here: the embedder below is
// a stand-in that places words of one meaning ("bug", "issue") on the same dimension, as a model would
// place them near each other.
import { describe, expect, it } from "vitest";
import { searchPart } from "../../worker/runtime/pack";
import { searchAnswers } from "../../worker/runtime/search-answers";
import type { Listed } from "../../worker/runtime/search-mode";
import { embeddingText, fuseRankings, keepVectors, nearestTools, readVectors } from "../../worker/runtime/search-semantic";
import type { SemanticSource } from "../../worker/runtime/types";

const DIMS = 48;
const MEANING: Record<string, string> = {
  bug: "issue",
  defect: "issue",
  problem: "issue",
  ticket: "issue",
  report: "create",
  file: "create",
};
const hash = (word: string) => [...word].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1_000_003, 7) % DIMS;
/** The stand-in embedder: a bag of meanings. */
const embedding = (text: string) => {
  const vector = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z]+/)) if (word.length > 2) vector[hash(MEANING[word] ?? word)] += 1;
  return vector;
};

const tool = (name: string, title: string, method: string, path: string, description = title): Listed => ({
  name,
  title,
  description,
  method,
  path,
  inputSchema: { type: "object", properties: {}, required: [] },
});
const TOOLS = [
  tool("issues_create", "Create an issue", "post", "/repos/{owner}/{repo}/issues", "Opens an issue in a repository."),
  tool("labels_create", "Create a label", "post", "/repos/{owner}/{repo}/labels"),
  tool("releases_create", "Create a release", "post", "/repos/{owner}/{repo}/releases"),
  tool("repos_create", "Create a repository", "post", "/user/repos"),
  tool("gists_create", "Create a gist", "post", "/gists"),
  tool("hooks_create", "Create a webhook", "post", "/repos/{owner}/{repo}/hooks"),
  tool("issues_list", "List issues", "get", "/repos/{owner}/{repo}/issues"),
];
const kept = JSON.stringify(
  keepVectors(
    "stand-in",
    TOOLS.map((t) => embedding(embeddingText(t))),
  ),
);
const source = (overrides: Partial<SemanticSource> = {}): SemanticSource => ({
  vectors: async () => kept,
  embedQuery: async (query) => embedding(query),
  ...overrides,
});
const part = searchPart(TOOLS);
/** search_tools over TOOLS, with a semantic source or without. */
const search = (semantic?: SemanticSource) =>
  searchAnswers(
    TOOLS.length,
    async () => part,
    () => semantic,
  );
const names = async (answers: ReturnType<typeof searchAnswers>, query: string) => {
  const { text } = (await answers.search({ query })).content[0] as { text: string };
  return text.startsWith("No tool matches") ? [] : (JSON.parse(text) as { name: string }[]).map((m) => m.name);
};

describe("search mode's semantic ranking", () => {
  it("keeps vectors as int8 that rank as the floats do", () => {
    const rows = [
      [1, 0, 0, 0.1],
      [0.7, 0.7, 0, 0],
      [0, 0, 1, 0],
      [-1, 0.2, 0, 0],
    ];
    const vectors = readVectors(keepVectors("m", rows));
    expect(vectors).toMatchObject({ dims: 4, count: 4 });
    expect(nearestTools(vectors, [0.9, 0.1, 0, 0], 4)).toEqual([0, 1, 2, 3]);
    expect(nearestTools(vectors, [0, 0, 3, 0], 1)).toEqual([2]);
    // A request of another model's length matches nothing rather than something wrong.
    expect(nearestTools(vectors, [1, 0], 4)).toEqual([]);
    expect(() => keepVectors("m", [[1, 0], [1]])).toThrow("Embedding 1 has 1 dimensions, not 2");
    expect(() => readVectors({ ...keepVectors("m", rows), count: 5 })).toThrow("not as long as their count says");
  });

  it("fuses two rankings: a tool in both first, equal scores in the lexical ranking's order", () => {
    expect(fuseRankings([1, 2, 3], [3, 4, 5], 5)).toEqual([3, 1, 2, 4, 5]);
    expect(fuseRankings([7, 8], [9, 10], 4)).toEqual([7, 9, 8, 10]);
    expect(fuseRankings([1, 2, 3], [], 2)).toEqual([1, 2]);
  });

  it("embeds a tool as its title, operation and the rest of its description", () => {
    expect(embeddingText(TOOLS[0])).toBe("Create an issue. POST /repos/{owner}/{repo}/issues. Opens an issue in a repository.");
    expect(embeddingText({ title: "List pets", description: "List pets. All of them." })).toBe("List pets. All of them.");
  });

  it("finds by meaning what the request names in other words than the API's", async () => {
    const lexical = search();
    expect((await names(lexical, "report a bug"))[0]).not.toBe("issues_create");
    const semantic = search(source());
    expect((await names(semantic, "report a bug"))[0]).toBe("issues_create");
    // Requests the words already answer keep their answer.
    expect((await names(semantic, "create a webhook"))[0]).toBe("hooks_create");
  });

  it("answers by words alone when the deployment has no vectors, they do not fit its tools, or embedding fails", async () => {
    const lexical = await names(search(), "report a bug");
    const without = [
      source({ vectors: async () => null }),
      source({ vectors: async () => JSON.stringify(keepVectors("m", [[1, 0]])) }),
      source({ embedQuery: async () => null }),
      // Kept text that is not vectors at all.
      source({ vectors: async () => "{not json" }),
      source({ vectors: async () => JSON.stringify({ model: "m", dims: 2, count: 7, vectors: "%%%" }) }),
      source({
        embedQuery: async () => {
          throw new Error("Workers AI is unavailable");
        },
      }),
      { vectors: async () => kept },
    ];
    for (const s of without) expect(await names(search(s), "report a bug")).toEqual(lexical);
  });

  it("asks for the vectors while the search part is read, once, and again after a failed read", async () => {
    const asked: string[] = [];
    let fail = true;
    const answers = search(
      source({
        vectors: async () => {
          asked.push(fail ? "failed" : "kept");
          if (fail) throw new Error("KV is unavailable");
          return kept;
        },
      }),
    );
    await answers.prepare();
    expect(asked).toEqual(["failed"]);
    const lexical = await names(search(), "report a bug");
    expect(await names(answers, "report a bug")).toEqual(lexical);
    fail = false;
    expect((await names(answers, "report a bug"))[0]).toBe("issues_create");
    expect((await names(answers, "create a webhook"))[0]).toBe("hooks_create");
    expect(asked).toEqual(["failed", "failed", "kept"]);
  });
});
