// Try and check a server: running a tool from the portal, checking the API before deploying, and
// the Model view; its figures are the portal's own panels rendered with example answers.
import type { ReactNode } from "react";
import type { ApiCheck, TryItAnswer } from "@/api/try-it";
import { CheckResult } from "@/features/try-it/check-api-panel";
import { TryItResult } from "@/features/try-it/try-it-result";
import { C, DocLink, H1, H2, Lead, P, Ul } from "./prose";

const okAnswer: TryItAnswer = {
  tool: "updatePet",
  mode: "direct",
  httpStatus: 200,
  isError: false,
  content: [{ type: "text", text: '{"id":7,"name":"Rex","status":"sold","owner":{"name":"Ada"}}' }],
  structuredContent: null,
  rpcError: null,
  upstreamStatus: 200,
  upstreamMs: 84,
  gatewayMs: 12,
  totalMs: 96,
  truncated: false,
  answer: {
    jsonrpc: "2.0",
    id: 1,
    result: { content: [{ type: "text", text: '{"id":7,"name":"Rex","status":"sold","owner":{"name":"Ada"}}' }] },
  },
};

const invalidText = 'Invalid arguments for tool updatePet: Argument "petId" must be an integer; got the string "seven".';
const errorAnswer: TryItAnswer = {
  ...okAnswer,
  isError: true,
  content: [{ type: "text", text: invalidText }],
  upstreamStatus: null,
  upstreamMs: null,
  gatewayMs: 9,
  totalMs: 9,
  answer: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: invalidText }], isError: true } },
};

const check = (over: Partial<ApiCheck>): ApiCheck => ({
  tool: "listPets",
  path: "/pets",
  baseUrl: "https://api.example.com/v1",
  credential: "managed",
  verdict: "ok",
  reached: true,
  status: 200,
  ms: 132,
  contentType: "application/json",
  body: '[{"id":7,"name":"Rex"}]',
  bodyBytes: 23,
  cut: false,
  message: "The API at api.example.com answered HTTP 200 and accepted the credential.",
  ...over,
});

function Figure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="my-4 space-y-2 rounded-lg border bg-muted/30 p-3">
      <div className="pointer-events-none select-none" aria-hidden>
        {children}
      </div>
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}

export function TryItPage() {
  return (
    <>
      <H1>Try and check a server</H1>
      <Lead>
        Run any tool from the portal through the server's real MCP endpoint, check that the API answers with your base URL and key before a
        client does, and see what a model is shown and what it costs.
      </Lead>
      <TryATool />
      <CheckTheApi />
      <ModelView />
    </>
  );
}

/** Running a tool from the portal, as a client would, and what the answer shows. */
function TryATool() {
  return (
    <>
      <H2>Try a tool</H2>
      <P>
        Open a server and select the <strong>Try it</strong> tab. Search a tool by name, fill its arguments and press <strong>Run</strong>.
        The form is generated from the tool's inputSchema: required fields come first, enums are lists to choose from, nested objects and
        arrays can be filled in and extended. <strong>Raw JSON</strong> shows the same arguments as JSON, sent exactly as written.
      </P>
      <Figure caption="The answer of a tool run from Try it: isError, the text the model reads, the API's status, and where the time went.">
        <TryItResult answer={okAnswer} />
      </Figure>
      <Ul>
        <li>
          The call goes through the server's MCP endpoint like a client's: the same argument check, the same answer (<C>isError</C>, the
          text, <C>structuredContent</C>), the same response budget (a cut answer is marked), and the API's HTTP status with the gateway's
          and the API's time.
        </li>
        <li>
          It is made as you, with a credential the portal makes for that one call: signed, for this server only, valid for five minutes,
          never sent to your browser and accepted only while you are a member of the server's organization. No access token is used or
          created.
        </li>
        <li>
          It appears in the <DocLink page="call-log">call log</DocLink> with the caller <strong>Try it (your name)</strong>, and it counts
          toward the month's tool calls like any call that reaches the API (see <DocLink page="plans">plans</DocLink>); a call refused for
          its arguments does not count.
        </li>
        <li>
          On a server in search mode, Try it runs the operation itself, through <C>call_tool</C> as a model would.
        </li>
        <li>
          When the API repeats the server's stored secret in its answer, the panel shows <C>[redacted]</C> in its place.
        </li>
      </Ul>
      <Figure caption="A wrong-type value sent as raw JSON: the server refuses it with the message a client gets, and the API is not called.">
        <TryItResult answer={errorAnswer} />
      </Figure>
    </>
  );
}

/** Check the API: one read-only call with the configured base URL and credentials, and its three verdicts. */
function CheckTheApi() {
  return (
    <>
      <H2>Check the API</H2>
      <P>
        The wizard's deploy step, and the Try it tab of any server, have <strong>Check the API</strong>. It calls one read-only operation,
        the one you pick or the first GET that needs no arguments, with the configured base URL and credentials, from the portal, and says
        plainly what happened:
      </P>
      <Ul>
        <li>
          <strong>The host did not answer</strong>: nothing answered at the base URL within 10 seconds (a wrong host or port, or the API is
          down).
        </li>
        <li>
          <strong>The API refused the credential</strong>: it answered 401 or 403; the key or token is wrong, or missing.
        </li>
        <li>
          <strong>The API answered</strong>: its status and the start of what came back (up to 64 KB is read, 4,000 characters shown).
        </li>
      </Ul>
      <Figure caption="Check the API with everything right, with a wrong key, and with a wrong base URL.">
        <div className="space-y-2">
          <CheckResult check={check({})} />
          <CheckResult
            check={check({
              verdict: "refused",
              status: 401,
              body: '{"error":"invalid api key"}',
              message: "The API at api.example.com answered HTTP 401: it refused the configured credential.",
            })}
          />
          <CheckResult
            check={check({
              verdict: "unreachable",
              reached: false,
              status: null,
              contentType: null,
              body: null,
              ms: 10000,
              baseUrl: "https://api.exmaple.com/v1",
              message: "The host api.exmaple.com did not answer: no answer within 10 s.",
            })}
          />
        </div>
      </Figure>
      <P>
        The check goes through the same guard as a deployed server's calls (internal addresses are refused), and it does not count as a tool
        call.
      </P>
    </>
  );
}

/** The Model view: the tools/list answer as clients get it, with its sizes in bytes and tokens. */
function ModelView() {
  return (
    <>
      <H2>The Model view</H2>
      <P>
        The <strong>Model view</strong> tab shows the server's <C>tools/list</C> answer exactly as clients receive it (names, descriptions,
        schemas, annotations), built by the same code that answers <C>tools/list</C>, so its byte counts are exact. Beside direct mode it
        shows search mode, where a model is listed three tools and reads one tool's schema when it needs it, so you can choose the mode from
        numbers.
      </P>
      <Ul>
        <li>Sizes are UTF-8 bytes of the JSON, whole and per tool, largest first.</li>
        <li>
          Tokens are an approximation: bytes ÷ 4, the usual ratio of English text and JSON in current models' tokenizers; the exact count
          depends on the model.
        </li>
        <li>
          A tool over 4,000 bytes (about 1,000 tokens) is flagged with what makes it large: its description, its inputSchema or its
          outputSchema, and the largest property (for example an enum of hundreds of values).
        </li>
        <li>Before the first deploy it shows what a deploy would list now.</li>
      </Ul>
    </>
  );
}
