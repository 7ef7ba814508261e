// What a tool call from Try it answered: isError, the text and structuredContent, the API's status,
// the gateway's and the API's time, and a note when the answer was cut at the response budget.
import type { TryItAnswer } from "@/api/try-it";
import { Badge } from "@/components/ui/badge";
import { formatMs } from "../calls/outcomes";

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A text block: JSON shown indented, anything else as it came. */
function shown(text: string) {
  try {
    return pretty(JSON.parse(text));
  } catch {
    return text;
  }
}

function Timing({ answer }: { answer: TryItAnswer }) {
  const items: [string, string][] = [
    ["Total", formatMs(answer.totalMs)],
    ["API", formatMs(answer.upstreamMs)],
    ["Gateway", formatMs(answer.gatewayMs)],
    ["API status", answer.upstreamStatus === null ? "not called" : `HTTP ${answer.upstreamStatus}`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Timing">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TryItResult({ answer }: { answer: TryItAnswer }) {
  const texts = answer.content.filter((c): c is { type: "text"; text: string } => (c as { type?: string }).type === "text");
  const others = answer.content.length - texts.length;
  return (
    <section aria-label="Answer" className="space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">Answer</h3>
        {answer.rpcError ? (
          <Badge variant="destructive">JSON-RPC error {answer.rpcError.code}</Badge>
        ) : answer.isError ? (
          <Badge variant="destructive">isError: true</Badge>
        ) : (
          <Badge className="bg-green-700 text-white">isError: false</Badge>
        )}
        {answer.truncated && <Badge variant="outline">Cut at the response budget</Badge>}
        {answer.mode === "search" && <Badge variant="outline">called through call_tool</Badge>}
      </div>
      <Timing answer={answer} />
      {answer.rpcError && <p className="text-sm text-red-700">{answer.rpcError.message}</p>}
      {texts.map((c, i) => (
        <pre
          key={i}
          data-testid="answer-text"
          className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-words"
        >
          {shown(c.text)}
        </pre>
      ))}
      {others > 0 && <p className="text-xs text-muted-foreground">{others} non-text content block(s) (binary data) not shown.</p>}
      {answer.structuredContent !== null && answer.structuredContent !== undefined && (
        <details>
          <summary className="cursor-pointer text-sm font-medium">structuredContent</summary>
          <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">{pretty(answer.structuredContent)}</pre>
        </details>
      )}
      <details>
        <summary className="cursor-pointer text-sm text-muted-foreground">
          The JSON-RPC answer, as the client got it (HTTP {answer.httpStatus})
        </summary>
        <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">{pretty(answer.answer)}</pre>
      </details>
    </section>
  );
}
