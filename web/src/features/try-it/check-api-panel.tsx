// Check the API: one read-only operation called from the portal with the configured base URL and
// credentials; says plainly whether the host answered, whether the credential was accepted, and
// what came back. In the wizard's deploy step and on a deployed server's page.
import { useMutation, useQuery } from "@tanstack/react-query";
import { CheckCircle2, PlugZap, ShieldX, WifiOff, XCircle } from "@/components/icons";
import { useState } from "react";
import { errorMessage } from "@/api/client";
import { checkApi, checkOperationsQuery, type ApiCheck } from "@/api/try-it";
import { Button } from "@/components/ui/button";
import { formatMs } from "../calls/outcomes";

const LOOKS: Record<ApiCheck["verdict"], { title: string; box: string; Icon: typeof CheckCircle2 }> = {
  ok: { title: "The API answered", box: "border-green-200 bg-green-50 text-green-900", Icon: CheckCircle2 },
  unreachable: { title: "The host did not answer", box: "border-red-200 bg-red-50 text-red-900", Icon: WifiOff },
  refused: { title: "The API refused the credential", box: "border-red-200 bg-red-50 text-red-900", Icon: ShieldX },
  blocked: { title: "The address is not allowed", box: "border-red-200 bg-red-50 text-red-900", Icon: XCircle },
  error: { title: "The API answered with an error", box: "border-amber-200 bg-amber-50 text-amber-900", Icon: XCircle },
};

export function CheckResult({ check }: { check: ApiCheck }) {
  const look = LOOKS[check.verdict];
  return (
    <div role="status" aria-label="API check result" className={`space-y-2 rounded-md border p-3 text-sm ${look.box}`}>
      <p className="flex items-center gap-2 font-medium">
        <look.Icon className="size-4" aria-hidden /> {look.title}
      </p>
      <p>{check.message}</p>
      <p className="text-xs opacity-80">
        GET {check.path} on {check.baseUrl} · {formatMs(check.ms)}
        {check.contentType ? ` · ${check.contentType}` : ""}
      </p>
      {check.body !== null && check.body !== "" && (
        <pre className="max-h-64 overflow-auto rounded bg-white/70 p-2 text-xs whitespace-pre-wrap break-words text-foreground">
          {check.body}
          {check.cut ? "\n… (cut)" : ""}
        </pre>
      )}
    </div>
  );
}

export function CheckApiPanel({ serverId, baseUrl }: { serverId: string; baseUrl?: string }) {
  const options = useQuery(checkOperationsQuery(serverId));
  const [tool, setTool] = useState<string>("");
  const check = useMutation({ mutationFn: () => checkApi(serverId, { ...(tool ? { tool } : {}), ...(baseUrl ? { baseUrl } : {}) }) });
  const ready = options.data?.operations.filter((o) => o.ready) ?? [];

  return (
    <section aria-labelledby={`check-api-${serverId}`} className="space-y-3 rounded-md border p-4">
      <h3 id={`check-api-${serverId}`} className="font-medium">
        Check the API
      </h3>
      <p className="text-sm text-muted-foreground">
        Calls one read-only operation with the configured base URL and credentials, from the portal, so a wrong URL or key shows up before
        any client sees it.
      </p>
      {options.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(options.error, "Failed to load the API's operations")}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {ready.length > 0 && (
          <select
            aria-label="Operation to check"
            className="h-9 rounded-md border bg-transparent px-2 text-sm"
            value={tool}
            onChange={(e) => setTool(e.target.value)}
          >
            <option value="">
              {options.data?.defaultTool ? `${options.data.defaultTool} (first GET without arguments)` : "First GET without arguments"}
            </option>
            {ready.map((o) => (
              <option key={o.name} value={o.name}>
                {o.name} — GET {o.path}
              </option>
            ))}
          </select>
        )}
        <Button
          type="button"
          variant="outline"
          onClick={() => check.mutate()}
          disabled={check.isPending || (options.isSuccess && ready.length === 0)}
        >
          <PlugZap aria-hidden /> {check.isPending ? "Checking..." : "Check the API"}
        </Button>
      </div>
      {options.isSuccess && ready.length === 0 && (
        <p className="text-sm text-muted-foreground">No read-only (GET) operation without required arguments to check.</p>
      )}
      {check.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(check.error, "Failed to check the API")}
        </p>
      )}
      {check.data && <CheckResult check={check.data} />}
    </section>
  );
}
