// "Automate with the API": a portal API key, a new server created, configured and deployed from CI,
// pushing a description with curl (diff, then apply unless it breaks calls), a ready GitHub Actions
// workflow, and keeping URL servers in sync.
import newServerWithKey from "../../../../docs/examples/new-server-with-key.sh?raw";
import pushDescription from "../../../../docs/examples/push-description.sh?raw";
import syncWorkflow from "../../../../docs/examples/toolport-sync.yml?raw";
import { CodeBlock } from "./code-block";
import { C, DocLink, H1, H2, Lead, Ol, P, Ul } from "./prose";

export function AutomatePage() {
  return (
    <>
      <H1>Automate with the API</H1>
      <Lead>Keep an MCP server in step with your API from CI: push each new OpenAPI description, read what it changes, and apply it.</Lead>
      <H2>1. Create an API key</H2>
      <Ol>
        <li>
          Open <strong>Account → API Keys</strong> and choose <strong>Create API key</strong>.
        </li>
        <li>
          Give it a name (for example <C>GitHub Actions</C>), its scopes and an expiry: <C>read</C> and <C>servers</C> to create and
          configure servers, and <C>deploy</C> for everything that deploys. Applying a description, syncing or re-crawling a deployed server
          redeploys it, so those need <C>deploy</C> too.
        </li>
        <li>
          Copy the key (<C>tpk_…</C>): it is shown once. Send it as <C>Authorization: Bearer tpk_…</C>.
        </li>
      </Ol>
      <P>
        Keys work on the <DocLink page="api-reference">API</DocLink> routes their scopes allow, never on billing or key management, and
        never on MCP endpoints (those take access tokens or OAuth). A key without <C>deploy</C> is refused (403) wherever the server would
        be redeployed, and nothing changes.
      </P>
      <H2>2. Create, configure and deploy a server</H2>
      <P>
        Access tokens stay in the portal: a key never creates, reveals, rotates or revokes one. Create the token your MCP clients will use
        once, under <strong>Access Tokens</strong>; a key then finds it by name (<C>GET /api/servers/{"{id}"}/access-tokens</C> answers ids
        and names only) and assigns it to a new server with{" "}
        <C>
          PUT /api/servers/{"{id}"}/access-tokens/{"{tokenId}"}
        </C>
        : managed authentication needs an assigned token before it can be saved.
      </P>
      <CodeBlock title="new-server-with-key.sh" code={newServerWithKey} />
      <H2>3. Push a description and read its diff</H2>
      <P>
        <C>PUT /api/servers/{"{id}"}/spec</C> takes the same file or URL as creating a server and answers a pending version with its diff:
        tools added, removed, renamed and changed (arguments added, removed, retyped or newly required). A change is{" "}
        <strong>breaking</strong> when a call that works today could fail after it.
        <C>
          POST /api/servers/{"{id}"}/spec/{"{versionId}"}/apply
        </C>{" "}
        applies it: every remaining tool keeps its on/off switch, rename, description and static values, and a deployed server is
        redeployed.
      </P>
      <CodeBlock title="push-description.sh" code={pushDescription} />
      <H2>4. Run it on every change</H2>
      <P>
        Save the script as <C>.github/toolport/push-description.sh</C>, add the secret and the two variables, and this workflow pushes the
        description whenever it changes on main. Breaking changes are held: they show as <strong>Update available</strong> on the server's
        card for review.
      </P>
      <CodeBlock title=".github/workflows/toolport-sync.yml" code={syncWorkflow} />
      <H2>Servers made from a URL</H2>
      <Ul>
        <li>
          <strong>Sync now</strong> (in the server's Deploy step, or <C>POST /api/servers/{"{id}"}/sync</C>) fetches the URL again: a change
          that breaks no call is applied, a breaking one is held for review.
        </li>
        <li>
          Turn on automated updates to do the same weekly or monthly (paid plans, like{" "}
          <DocLink page="re-crawls">automated re-crawls</DocLink>).
        </li>
        <li>Every version stays in the server's history; an earlier one can be restored.</li>
      </Ul>
    </>
  );
}
