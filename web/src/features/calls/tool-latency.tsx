// Latency and errors per tool: p50 and p95 as bars, and a table with calls and error rate.
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import type { CallStats } from "@/api/calls";
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from "@/components/ui/chart";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { formatMs, formatPercent } from "./outcomes";

const latencyConfig = {
  p50Ms: { label: "p50 (ms)", color: "oklch(0.62 0.14 240)" },
  p95Ms: { label: "p95 (ms)", color: "oklch(0.45 0.16 265)" },
} satisfies ChartConfig;

/** At most this many tools are charted (the busiest); the table lists them all. */
const CHARTED = 12;

export function ToolLatency({ stats, onTool }: { stats: CallStats; onTool: (tool: string) => void }) {
  const charted = stats.tools.slice(0, CHARTED);
  return (
    <div className="space-y-4">
      <ChartContainer
        config={latencyConfig}
        className="aspect-auto w-full"
        style={{ height: Math.max(140, charted.length * 36 + 60) }}
        role="img"
        aria-label="p50 and p95 latency per tool"
      >
        <BarChart data={charted} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid horizontal={false} />
          <XAxis type="number" tickLine={false} axisLine={false} unit=" ms" />
          <YAxis
            type="category"
            dataKey="tool"
            tickLine={false}
            axisLine={false}
            width={110}
            tickFormatter={(t: string) => (t.length > 16 ? `${t.slice(0, 15)}…` : t)}
          />
          <ChartTooltip content={<ChartTooltipContent />} />
          <ChartLegend content={<ChartLegendContent />} />
          <Bar dataKey="p50Ms" fill="var(--color-p50Ms)" radius={3} isAnimationActive={false} />
          <Bar dataKey="p95Ms" fill="var(--color-p95Ms)" radius={3} isAnimationActive={false} />
        </BarChart>
      </ChartContainer>
      <div className="overflow-x-auto">
        <Table aria-label="Latency and errors per tool">
          <TableHeader>
            <TableRow>
              <TableHead>Tool</TableHead>
              <TableHead className="text-right">Calls</TableHead>
              <TableHead className="text-right">p50</TableHead>
              <TableHead className="text-right">p95</TableHead>
              <TableHead className="text-right">Error rate</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {stats.tools.map((t) => (
              <TableRow key={t.tool}>
                <TableCell className="max-w-48 truncate font-mono text-xs">
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline"
                    onClick={() => onTool(t.tool)}
                    title={`Show the calls of ${t.tool}`}
                  >
                    {t.tool}
                  </button>
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(t.calls)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMs(t.p50Ms)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMs(t.p95Ms)}</TableCell>
                <TableCell className={`text-right tabular-nums ${t.errorRate > 0.1 ? "font-medium text-red-700" : ""}`}>
                  {formatPercent(t.errorRate)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
