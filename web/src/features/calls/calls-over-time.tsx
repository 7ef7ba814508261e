// Calls over time: one stacked bar per time bucket, split by outcome class.
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import type { CallStats } from "@/api/calls";
import { ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from "@/components/ui/chart";
import { classChartConfig } from "./outcomes";

const bucketLabel = (iso: string, bucketMs: number) => {
  const date = new Date(iso);
  return bucketMs >= 86_400_000
    ? date.toLocaleDateString(undefined, { month: "short", day: "numeric" })
    : date.toLocaleString(
        undefined,
        bucketMs >= 6 * 3_600_000 ? { month: "short", day: "numeric", hour: "2-digit" } : { hour: "2-digit", minute: "2-digit" },
      );
};

export function CallsOverTime({ stats }: { stats: CallStats }) {
  const data = stats.buckets.map((b) => ({ ...b, label: bucketLabel(b.at, stats.bucketMs) }));
  return (
    <ChartContainer
      config={classChartConfig}
      className="aspect-auto h-64 w-full"
      role="img"
      aria-label={`Calls over time, ${stats.totals.calls} in this window`}
    >
      <BarChart data={data} margin={{ left: -16, right: 8, top: 8 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={24} tickMargin={8} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
        <ChartTooltip cursor={{ fillOpacity: 0.4 }} content={<ChartTooltipContent />} />
        <ChartLegend content={<ChartLegendContent />} />
        {Object.keys(classChartConfig).map((key) => (
          <Bar key={key} dataKey={key} stackId="calls" fill={`var(--color-${key})`} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartContainer>
  );
}
