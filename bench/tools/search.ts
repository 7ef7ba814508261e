// Search mode over GitHub's full description: imports @octokit/openapi, builds the runtime's BM25
// index over the tools and prints top-1 and top-5 accuracy for tasks paraphrased from operation summaries.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { importDescription } from "../../worker/openapi/import";
import { buildSearchIndex, searchTools } from "../../worker/mcp/runtime/search";

const require = createRequire(import.meta.url);
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");

/** A task a model might be given, and the operation (method and path) that does it. */
const TASKS: [string, string][] = [
  ["open a new issue in a repository", "POST /repos/{owner}/{repo}/issues"],
  ["show the issues of a repo", "GET /repos/{owner}/{repo}/issues"],
  ["close or edit an existing issue", "PATCH /repos/{owner}/{repo}/issues/{issue_number}"],
  ["write a comment on an issue", "POST /repos/{owner}/{repo}/issues/{issue_number}/comments"],
  ["add labels to an issue", "POST /repos/{owner}/{repo}/issues/{issue_number}/labels"],
  ["open a pull request", "POST /repos/{owner}/{repo}/pulls"],
  ["list the open pull requests of a repository", "GET /repos/{owner}/{repo}/pulls"],
  ["merge a pull request", "PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge"],
  ["ask someone to review a pull request", "POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers"],
  ["which files does a pull request change", "GET /repos/{owner}/{repo}/pulls/{pull_number}/files"],
  ["make a new repository for the signed-in user", "POST /user/repos"],
  ["remove a repository", "DELETE /repos/{owner}/{repo}"],
  ["fork someone's repository", "POST /repos/{owner}/{repo}/forks"],
  ["list the branches of a repo", "GET /repos/{owner}/{repo}/branches"],
  ["read a file's contents from a repository", "GET /repos/{owner}/{repo}/contents/{path}"],
  ["create or update a file in a repository", "PUT /repos/{owner}/{repo}/contents/{path}"],
  ["publish a release", "POST /repos/{owner}/{repo}/releases"],
  ["get the newest release of a repository", "GET /repos/{owner}/{repo}/releases/latest"],
  ["list the commits of a repository", "GET /repos/{owner}/{repo}/commits"],
  ["compare two commits", "GET /repos/{owner}/{repo}/compare/{basehead}"],
  ["star a repository for me", "PUT /user/starred/{owner}/{repo}"],
  ["who starred this repo", "GET /repos/{owner}/{repo}/stargazers"],
  ["find repositories by keyword", "GET /search/repositories"],
  ["search code across GitHub", "GET /search/code"],
  ["look up issues and pull requests by a search query", "GET /search/issues"],
  ["get a user's public profile", "GET /users/{username}"],
  ["who am I: the authenticated user", "GET /user"],
  ["follow a user", "PUT /user/following/{username}"],
  ["list the members of an organization", "GET /orgs/{org}/members"],
  ["create a team in an organization", "POST /orgs/{org}/teams"],
  ["add a collaborator to a repository", "PUT /repos/{owner}/{repo}/collaborators/{username}"],
  ["create a webhook for a repository", "POST /repos/{owner}/{repo}/hooks"],
  ["list workflow runs of a repository", "GET /repos/{owner}/{repo}/actions/runs"],
  ["trigger a workflow dispatch event", "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches"],
  ["create a gist", "POST /gists"],
  ["list my notifications", "GET /notifications"],
  ["add a deploy key to a repository", "POST /repos/{owner}/{repo}/keys"],
  ["create a label in a repository", "POST /repos/{owner}/{repo}/labels"],
  ["create a milestone", "POST /repos/{owner}/{repo}/milestones"],
  ["get the README of a repository", "GET /repos/{owner}/{repo}/readme"],
  ["list the languages used in a repository", "GET /repos/{owner}/{repo}/languages"],
  ["list the repository's tags", "GET /repos/{owner}/{repo}/tags"],
  ["create a git tag object", "POST /repos/{owner}/{repo}/git/tags"],
  ["protect a branch", "PUT /repos/{owner}/{repo}/branches/{branch}/protection"],
  ["check the rate limit status", "GET /rate_limit"],
  ["set a repository secret for GitHub Actions", "PUT /repos/{owner}/{repo}/actions/secrets/{secret_name}"],
];

const text = readFileSync(GITHUB, "utf8");
const started = performance.now();
const result = await importDescription({ text, filename: "api.github.com.json" }, { ENVIRONMENT: "development" } as never);
const imported = performance.now();
const tools = result.tools;
const index = buildSearchIndex(tools.map((t) => ({ name: t.name, title: t.title, description: t.description, method: t.endpoint.method, path: t.endpoint.path })));
const indexed = performance.now();
const key = (t: (typeof tools)[number]) => `${t.endpoint.method.toUpperCase()} ${t.endpoint.path}`;
let top1 = 0;
let top5 = 0;
const misses: string[] = [];
const queryStart = performance.now();
for (const [task, want] of TASKS) {
  if (!tools.some((t) => key(t) === want)) throw new Error(`No GitHub operation ${want}`);
  const found = searchTools(index, task, 5).map((i) => key(tools[i]));
  if (found[0] === want) top1++;
  if (found.includes(want)) top5++;
  else misses.push(`  "${task}" → wanted ${want}; got ${found.slice(0, 3).join(", ")}`);
}
const perQuery = (performance.now() - queryStart) / TASKS.length;
console.log(`GitHub: ${tools.length} tools; import ${(imported - started).toFixed(0)} ms, index ${(indexed - imported).toFixed(0)} ms, ${perQuery.toFixed(2)} ms per search`);
console.log(`${TASKS.length} tasks: top-1 ${(top1 / TASKS.length).toFixed(2)}, top-5 ${(top5 / TASKS.length).toFixed(2)} (target ≥ 0.90)`);
if (misses.length) console.log(`Missed in the top 5:\n${misses.join("\n")}`);
