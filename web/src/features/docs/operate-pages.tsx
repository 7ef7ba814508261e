// Running Toolport: plans and limits, automated re-crawls, the security model and self-hosting.
import { formatNumber } from "@/lib/format";
import { C, DocLink, H1, H2, Lead, Ol, P, Ul } from "./prose";
import { SEED_PLANS } from "./seed-plans";
import { Table } from "@/components/ui/table";

const price = (cents: number) => (cents === 0 ? "Free" : `$${(cents / 100).toFixed(0)}/month`);

export function PlansPage() {
  return (
    <>
      <H1>Plans and limits</H1>
      <Lead>Every organization starts on the free plan; upgrade on the Usage &amp; Billing page.</Lead>
      <div className="my-4 rounded-lg border bg-background">
        <Table aria-label="Plans">
          <thead className="border-b bg-muted/40 text-left">
            <tr>
              <th className="p-2 font-medium">Plan</th>
              <th className="p-2 font-medium">Price</th>
              <th className="p-2 font-medium">Servers</th>
              <th className="p-2 font-medium">Active tools per server</th>
              <th className="p-2 font-medium">Tool calls per month</th>
              <th className="p-2 font-medium">Automated re-crawls</th>
            </tr>
          </thead>
          <tbody>
            {SEED_PLANS.map((plan) => (
              <tr key={plan.type} className="border-b last:border-0">
                <td className="p-2 font-medium">
                  {plan.name}
                  {plan.popular && (
                    <span className="ml-2 rounded bg-primary px-1.5 py-0.5 text-[10px] text-primary-foreground">Most Popular</span>
                  )}
                </td>
                <td className="p-2">{price(plan.price)}</td>
                <td className="p-2">{formatNumber(plan.maxServers)}</td>
                <td className="p-2">{formatNumber(plan.maxToolsPerServer)}</td>
                <td className="p-2">{formatNumber(plan.maxToolCallsPerMonth)}</td>
                <td className="p-2">{plan.automatedCrawls ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <H2>At a limit</H2>
      <Ul>
        <li>
          <strong>Servers</strong>: adding one more is refused until you delete a server or upgrade.
        </li>
        <li>
          <strong>Active tools</strong>: an import turns on the first tools up to the limit; enabling more is refused until you disable
          others or upgrade. The paid plans hold a whole large API: Sprout's 1,000 hold Stripe's or Jira's operations, Growth's 5,000 hold
          GitHub's 1,223; in search mode a model reaches them all through three tools.
        </li>
        <li>
          <strong>Tool calls</strong>: every <C>tools/call</C> counts. When the month's allowance is used up, the organization's servers are
          paused and calls are refused until the 1st of the next month or an upgrade.
        </li>
      </Ul>
    </>
  );
}

export function RecrawlsPage() {
  return (
    <>
      <H1>Automated re-crawls</H1>
      <Lead>A server made from crawled documentation can be crawled again, by hand or on a schedule, so its tools follow the API.</Lead>
      <H2>By hand</H2>
      <P>
        On the server's card, Restart Crawl crawls the same pages again. When the crawl ends, Toolport generates the OpenAPI specification
        again and regenerates the tools; tools you turned off stay off, and a deployed server is redeployed.
      </P>
      <H2>On a schedule</H2>
      <P>
        Turn on automated crawls and choose weekly or monthly. A daily sweep starts the crawls that are due. Automated crawls need a paid
        plan (see <DocLink page="plans">plans</DocLink>); only servers created from a crawl can be re-crawled. Servers created from a
        description URL get automated updates on the same schedule: a change that breaks no call is applied, a breaking one is held for your
        review.
      </P>
      <H2>What each run did</H2>
      <P>
        The server's page and its crawl management list the recent automated runs: when, whether the tools were applied and redeployed,
        unchanged, held for review or why the run failed, and which tools were added, removed or changed. The next run's date is shown
        beside them.
      </P>
    </>
  );
}

export function SecurityPage() {
  return (
    <>
      <H1>Security model</H1>
      <Ul>
        <li>
          <strong>Organizations</strong>: every server, token, crawl and usage record belongs to one organization; every call is checked
          against the caller's organization.
        </li>
        <li>
          <strong>Access tokens</strong>: random 32-byte tokens shown once and stored as SHA-256 hashes. They can expire, be revoked and be
          rotated; a revoked token is refused at once.
        </li>
        <li>
          <strong>API credentials</strong>: encrypted with AES-GCM under a key held as a Worker secret, never sent back (only masked), and
          never written into generated code: they reach a server's isolate as bindings.
        </li>
        <li>
          <strong>Isolation</strong>: every deployed server runs in its own Worker isolate and calls only its API.
        </li>
        <li>
          <strong>Fetching</strong>: description URLs and crawled pages are fetched with time-outs and size caps; in production, internal
          and private addresses are refused. Crawls honour robots.txt.
        </li>
        <li>
          <strong>The portal</strong>: session cookies are HttpOnly, SameSite=Lax and Secure in production; state-changing calls from other
          sites are refused; pages carry a strict Content-Security-Policy.
        </li>
        <li>
          <strong>MCP endpoints</strong>: answer only hosts they are served on (DNS-rebinding protection) and allow browser clients from any
          origin, because the token, not a cookie, authorizes them.
        </li>
      </Ul>
    </>
  );
}

export function SelfHostingPage() {
  return (
    <>
      <H1>Self-hosting</H1>
      <Lead>Toolport is one Cloudflare Worker serving this portal; every generated MCP server is a Worker of its own.</Lead>
      <H2>Two commands</H2>
      <P>
        <C>npm install &amp;&amp; npm run dev</C> starts the portal at <C>http://localhost:8787</C> with no account anywhere: it writes
        fresh local secrets into <C>.dev.vars</C>, applies the database migrations, builds this app and starts <C>wrangler dev</C>.{" "}
        <C>npm test</C> runs every test. Node 22 comes with the project.
      </P>
      <P>
        Cron Triggers do not fire by themselves under <C>npm run dev</C>; it prints the commands that fire them:{" "}
        <C>curl "http://localhost:8787/cdn-cgi/handler/scheduled?cron=0+3+*+*+*"</C> runs the daily sweep (due re-crawls and syncs) and{" "}
        <C>curl "http://localhost:8787/cdn-cgi/handler/scheduled?cron=5+0+1+*+*"</C> the monthly usage roll-over.
      </P>
      <H2>Configuration</H2>
      <Ul>
        <li>
          <C>BETTER_AUTH_SECRET</C> (signs session cookies) and <C>SECRETS_KEY</C> (base64 of 32 random bytes, encrypts API credentials) are
          required secrets.
        </li>
        <li>
          <C>PUBLIC_URL</C>, <C>SUPERADMIN_EMAILS</C>, <C>HOSTING_PROVIDER</C> (<C>loader</C> or <C>cloudflare</C>) and <C>ENVIRONMENT</C>{" "}
          are variables in <C>wrangler.toml</C>.
        </li>
        <li>
          Sign-in with any OpenID Connect provider: <C>OIDC_ISSUER</C>, <C>OIDC_CLIENT_ID</C>, <C>OIDC_CLIENT_SECRET</C>; register{" "}
          <C>{"{PUBLIC_URL}"}/api/auth/callback/oidc</C> as the redirect URI.
        </li>
        <li>
          Payments with Stripe: <C>STRIPE_SECRET_KEY</C> and <C>STRIPE_WEBHOOK_SECRET</C>, with a webhook to{" "}
          <C>{"{PUBLIC_URL}"}/api/billing/webhook</C>. Without them, local development (<C>ENVIRONMENT=development</C>) applies plan changes
          at once on a page labelled as test mode; production offers no checkout.
        </li>
        <li>
          An LLM to refine crawl extraction: <C>LLM_BASE_URL</C>, <C>LLM_API_KEY</C>, <C>LLM_MODEL</C>.
        </li>
      </Ul>
      <H2>Deploying to your Cloudflare account</H2>
      <Ol>
        <li>
          Sign in with <C>npx wrangler login</C>.
        </li>
        <li>
          Create the database with <C>npx wrangler d1 create toolport</C> and the namespace with <C>npx wrangler kv namespace create KV</C>;
          put their ids into <C>wrangler.toml</C>.
        </li>
        <li>
          Create the queue with <C>npx wrangler queues create toolport-crawl</C>.
        </li>
        <li>
          Set the secrets with <C>npx wrangler secret put BETTER_AUTH_SECRET</C> and <C>npx wrangler secret put SECRETS_KEY</C>.
        </li>
        <li>
          Run <C>npm run deploy</C>: it builds this app, migrates the database and deploys the Worker.
        </li>
      </Ol>
    </>
  );
}
