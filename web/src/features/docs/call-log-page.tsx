// The call log: what each tools/call leaves, how long it is kept, and payload recording.
import { C, DocLink, H1, H2, Lead, P, Ul } from "./prose";

export function CallLogPage() {
  return (
    <>
      <H1>Call log</H1>
      <Lead>
        Every tool call a server answers is recorded, so you can see which tool a model uses, how often it fails, why, and how slow it is.
      </Lead>
      <H2>What a call record holds</H2>
      <Ul>
        <li>The time, the tool, and the caller: the access token's name or the OAuth app's name, never the credential.</li>
        <li>
          The outcome: <strong>OK</strong>; <strong>the model's mistake</strong> (invalid arguments, an unknown tool);{" "}
          <strong>the API's answer</strong> (4xx, 5xx, or the request failed); a <strong>time-out</strong>; or <strong>refused</strong> (the
          server paused, the monthly limit reached, no valid credential).
        </li>
        <li>The API's HTTP status, the latency split into Toolport's part and the API's part, and the request and response sizes.</li>
        <li>For errors, the first line of what the model was told (never the API's response body).</li>
      </Ul>
      <H2>The server page</H2>
      <P>
        Select <strong>Calls</strong> on a server's card, or the server's name under Tool Calls by Server on Usage &amp; Billing. It shows
        calls over time by outcome for 24 hours, 7 days or 30 days, p50 and p95 latency and the error rate of each tool, the most frequent
        errors with their messages, and the recent calls, filtered by tool, outcome or caller, each with its details. The same data is in
        the API: <C>GET /api/servers/{"{id}"}/calls</C> and <C>GET /api/servers/{"{id}"}/stats?window=24h</C> (see the{" "}
        <DocLink page="api-reference">API reference</DocLink>).
      </P>
      <H2>How long records are kept</H2>
      <P>
        Free keeps records for 7 days, Sprout for 30 and Growth for 90; older ones are deleted every night. Recording never changes what
        counts toward your monthly tool calls (see <DocLink page="plans">plans</DocLink>).
      </P>
      <H2>Recording payloads</H2>
      <P>
        Arguments and results are not kept unless you turn on <strong>Record payloads</strong> under Call log settings on the server page.
        Then credential-like fields (token, secret, password, key, auth…), the <strong>sensitive fields</strong> you name there, the values
        of those arguments wherever the answer repeats them, the server's stored secrets, the caller's own credentials and anything shaped
        like a token are replaced by <C>[redacted]</C>; arguments are cut at 4,000 characters and results at 8,000, and binary results are
        not kept.
      </P>
    </>
  );
}
