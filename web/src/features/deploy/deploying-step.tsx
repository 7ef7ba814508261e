// Deploy modal, deploying step: spinner, elapsed timer with its colour and message, status and log.
import { Loader2 } from "@/components/icons";
import { useEffect, useState } from "react";
import { inProgress, type DeploymentView } from "@/api/deployment";
import { Button } from "@/components/ui/button";
import { formatElapsed, timerMessage, timerTone, type TimerTone } from "./deploy-timing";

const TONES: Record<TimerTone, string> = {
  blue: "border-blue-200 bg-blue-50 text-blue-800",
  yellow: "border-yellow-200 bg-yellow-50 text-yellow-800",
  orange: "border-orange-200 bg-orange-50 text-orange-800",
};

type Props = {
  deployment: DeploymentView | null;
  startedAt: number;
  pollFailed: boolean;
  cancelling: boolean;
  cancelError: string | null;
  onCancel: () => void;
};

/** Whole seconds since `startedAt`, ticking once a second. */
function useElapsed(startedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

export function DeployingStep({ deployment, startedAt, pollFailed, cancelling, cancelError, onCancel }: Props) {
  const seconds = useElapsed(startedAt);
  const tone = timerTone(seconds);
  // Until the first poll answers, the cache may still hold the previous deployment.
  const current = inProgress(deployment) ? deployment : null;
  return (
    <div className="min-w-0 space-y-4">
      <div data-testid="deploy-timer" data-tone={tone} className={`flex items-center gap-3 rounded-md border p-3 ${TONES[tone]}`}>
        <Loader2 className="size-6 animate-spin" aria-label="Deploying" />
        <div>
          <p className="font-mono text-2xl tabular-nums" aria-label="Elapsed time">
            {formatElapsed(seconds)}
          </p>
          <p className="text-sm" role="status">
            {timerMessage(seconds)}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Current status</dt>
        <dd>{current?.status ?? "deploying"}</dd>
        <dt className="text-muted-foreground">Deployment ID</dt>
        <dd className="font-mono text-xs break-all">{current?.deploymentId ?? "Pending..."}</dd>
      </dl>
      {pollFailed && <p className="text-sm text-amber-700">Failed to get deployment status. Retrying...</p>}
      <section className="space-y-1">
        <h3 className="text-sm font-semibold">Progress</h3>
        <ol aria-label="Progress log" className="max-h-40 space-y-0.5 overflow-y-auto rounded-md border bg-muted/40 p-2 font-mono text-xs">
          {current && current.log.length > 0 ? (
            current.log.map((entry, i) => (
              <li key={i}>
                <span className="text-muted-foreground">{new Date(entry.at).toLocaleTimeString()}</span> {entry.message}
              </li>
            ))
          ) : (
            <li className="text-muted-foreground">Waiting for the first progress update...</li>
          )}
        </ol>
      </section>
      {cancelError && (
        <p role="alert" className="text-sm text-red-700">
          {cancelError}
        </p>
      )}
      <div className="flex justify-end">
        <Button variant="outline" onClick={onCancel} disabled={cancelling}>
          {cancelling ? "Cancelling..." : "Cancel Deployment"}
        </Button>
      </div>
    </div>
  );
}
