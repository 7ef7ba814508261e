// One call in a drawer: outcome, timings split into gateway and upstream, sizes, caller, error, payloads.
import type { CallRecord } from "@/api/calls";
import { Badge } from "@/components/ui/badge";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useReturnFocus } from "@/components/use-return-focus";
import { formatDateTime } from "@/lib/format";
import { CLASS_BADGE, CLASS_LABELS, callerLabel, formatBytes, formatMs, OUTCOME_LABELS } from "./outcomes";

/** Pretty JSON when it parses (a capped payload may not), else the text as stored. */
const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

function Payload({ title, text }: { title: string; text: string }) {
  return (
    <section className="space-y-1.5">
      <h3 className="text-sm font-medium">{title}</h3>
      <pre className="max-h-64 overflow-auto rounded-md border bg-muted/50 p-3 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
        {pretty(text)}
      </pre>
    </section>
  );
}

export function CallDetailSheet({ call, onClose }: { call: CallRecord | null; onClose: () => void }) {
  const returnFocus = useReturnFocus(call !== null);
  return (
    <Sheet open={call !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg" onCloseAutoFocus={returnFocus}>
        {call && (
          <>
            <SheetHeader className="pr-10">
              <SheetTitle className="font-mono [overflow-wrap:anywhere]">{call.tool}</SheetTitle>
              <SheetDescription>{formatDateTime(call.at)}</SheetDescription>
            </SheetHeader>
            <div className="space-y-5 px-4 pb-6">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline" className={CLASS_BADGE[call.outcomeClass]}>
                  {OUTCOME_LABELS[call.outcome]}
                </Badge>
                <span className="text-sm text-muted-foreground">{CLASS_LABELS[call.outcomeClass]}</span>
              </div>
              {call.error && (
                <p role="note" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 [overflow-wrap:anywhere]">
                  {call.error}
                </p>
              )}
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Caller</dt>
                <dd>{callerLabel(call.caller)}</dd>
                <dt className="text-muted-foreground">API status</dt>
                <dd className="tabular-nums">{call.upstreamStatus ?? "No API call"}</dd>
                <dt className="text-muted-foreground">Latency</dt>
                <dd className="tabular-nums">{formatMs(call.latencyMs)}</dd>
                <dt className="text-muted-foreground">Gateway</dt>
                <dd className="tabular-nums">{formatMs(call.gatewayMs)}</dd>
                <dt className="text-muted-foreground">Upstream</dt>
                <dd className="tabular-nums">{formatMs(call.upstreamMs)}</dd>
                <dt className="text-muted-foreground">Request</dt>
                <dd className="tabular-nums">{formatBytes(call.requestBytes)}</dd>
                <dt className="text-muted-foreground">Response</dt>
                <dd className="tabular-nums">{formatBytes(call.responseBytes)}</dd>
              </dl>
              {call.arguments !== null || call.result !== null ? (
                <>
                  {call.arguments !== null && <Payload title="Arguments" text={call.arguments} />}
                  {call.result !== null && <Payload title="Result" text={call.result} />}
                </>
              ) : (
                <p className="text-sm text-muted-foreground">
                  Arguments and results are not recorded for this call. Turn on “Record payloads” to keep them (redacted).
                </p>
              )}
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
