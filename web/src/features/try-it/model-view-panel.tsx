// Model view: the tools/list a model is shown, as clients receive it, with its size in bytes and
// approximate tokens per tool (largest first), beside the same for search mode.
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "@/components/icons";
import { errorMessage } from "@/api/client";
import { modelViewQuery, type ModelView } from "@/api/try-it";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";

type Measured = ModelView["direct"];

function Totals({ title, measured, current, note }: { title: string; measured: Measured; current: boolean; note: string }) {
  return (
    <section aria-label={`${title} totals`} className="space-y-1 rounded-md border p-4">
      <div className="flex items-center gap-2">
        <h3 className="font-medium">{title}</h3>
        {current && <Badge>This server's mode</Badge>}
      </div>
      <p className="text-2xl font-semibold tabular-nums" data-testid={`${title.toLowerCase().replace(" ", "-")}-bytes`}>
        {formatNumber(measured.bytes)} bytes
      </p>
      <p className="text-sm text-muted-foreground">
        about {formatNumber(measured.tokens)} tokens · {formatNumber(measured.toolCount)} tools listed
      </p>
      <p className="text-xs text-muted-foreground">{note}</p>
    </section>
  );
}

function ToolSizes({ measured, caption }: { measured: Measured; caption: string }) {
  const entries = new Map(measured.listing.map((t) => [String(t.name), t]));
  return (
    <Table aria-label={caption} className="caption-top">
      <caption className="mb-2 text-left font-medium">{caption}</caption>
      <thead className="text-left text-xs text-muted-foreground">
        <tr>
          <th className="py-1 font-normal">Tool</th>
          <th className="py-1 text-right font-normal">Bytes</th>
          <th className="py-1 text-right font-normal">≈ Tokens</th>
        </tr>
      </thead>
      <tbody>
        {measured.tools.map((t) => (
          <tr key={t.name} className="border-t align-top">
            <td className="py-1.5 pr-2">
              <details>
                <summary className="cursor-pointer font-mono">
                  {t.name}
                  {t.large && (
                    <Badge variant="outline" className="ml-2 border-amber-300 text-amber-800">
                      <TriangleAlert aria-hidden /> large
                    </Badge>
                  )}
                </summary>
                {t.largeBecause.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-xs text-amber-900">
                    {t.largeBecause.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                )}
                {entries.has(t.name) && (
                  <pre className="mt-2 max-h-72 overflow-auto rounded-md bg-muted p-2 text-xs">
                    {JSON.stringify(entries.get(t.name), null, 2)}
                  </pre>
                )}
              </details>
            </td>
            <td className="py-1.5 text-right tabular-nums">{formatNumber(t.bytes)}</td>
            <td className="py-1.5 text-right tabular-nums">{formatNumber(t.tokens)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function ModelViewPanel({ serverId }: { serverId: string }) {
  const view = useQuery(modelViewQuery(serverId));
  if (view.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the Model view...
      </p>
    );
  if (view.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(view.error, "Failed to load the Model view")}
      </p>
    );
  const { direct, search, mode, bytesPerToken, largeToolBytes, source } = view.data;
  const largest = search.describe[0];
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        What a model is shown when a client lists this server's tools: the tools/list answer exactly as clients receive it (
        {source === "deployment" ? "from the active deployment" : "as a deploy would list it now: not deployed yet"}). Tokens are
        approximate: bytes ÷ {bytesPerToken}, the usual ratio of English text and JSON in current models' tokenizers. Tools over{" "}
        {formatNumber(largeToolBytes)} bytes are flagged with what makes them large.
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <Totals
          title="Direct mode"
          measured={direct}
          current={mode === "direct"}
          note="Every tool listed with its full schema, in every conversation."
        />
        <Totals
          title="Search mode"
          measured={search}
          current={mode === "search"}
          note={`Three tools listed; a model reads one tool's schema with describe_tool when it needs it${largest ? ` (up to ${formatNumber(largest.bytes)} bytes, ${largest.name})` : ""}.`}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ToolSizes measured={direct} caption="Direct mode: each tool, largest first" />
        <ToolSizes measured={search} caption="Search mode: the three tools listed" />
      </div>
    </div>
  );
}
