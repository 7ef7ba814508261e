// Charts in the shadcn look on Recharts: a container that turns a config into --color-{key} CSS
// variables and sizes the chart, and tooltip and legend contents that read labels from the config.
import * as React from "react";
import * as Recharts from "recharts";

import { cn } from "@/lib/utils";

/** Each data key's label and color (any CSS color, e.g. var(--chart-1)). */
export type ChartConfig = Record<string, { label?: React.ReactNode; color?: string }>;

const ChartContext = React.createContext<ChartConfig | null>(null);

function useChartConfig() {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error("Chart parts must be used within a <ChartContainer />");
  return config;
}

function ChartContainer({
  config,
  className,
  style,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & { config: ChartConfig; children: React.ReactElement }) {
  const colors = Object.fromEntries(Object.entries(config).flatMap(([key, item]) => (item.color ? [[`--color-${key}`, item.color]] : [])));
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        className={cn(
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/60 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden",
          className,
        )}
        style={{ ...colors, ...style } as React.CSSProperties}
        {...props}
      >
        <Recharts.ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
          {children}
        </Recharts.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

const ChartTooltip = Recharts.Tooltip;

type TooltipItem = { dataKey?: string | number | unknown; name?: string | number; value?: unknown; color?: string };

/** The tooltip: the label, then one line per series with its color, label and value. */
function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter,
  className,
}: {
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: unknown;
  labelFormatter?: (label: unknown) => React.ReactNode;
  className?: string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  return (
    <div
      className={cn(
        "grid min-w-[8rem] gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl",
        className,
      )}
    >
      {label !== undefined && <div className="font-medium">{labelFormatter ? labelFormatter(label) : String(label)}</div>}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? "value");
        return (
          <div key={key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-[2px]" style={{ backgroundColor: item.color }} aria-hidden />
            <span className="flex-1 text-muted-foreground">{config[key]?.label ?? item.name}</span>
            <span className="font-mono font-medium tabular-nums text-foreground">
              {typeof item.value === "number" ? item.value.toLocaleString("en-US") : String(item.value ?? "")}
            </span>
          </div>
        );
      })}
    </div>
  );
}

const ChartLegend = Recharts.Legend;

/** The legend: each series' color and label. */
function ChartLegendContent({
  payload,
  className,
}: {
  payload?: readonly { dataKey?: unknown; value?: unknown; color?: string }[];
  className?: string;
}) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <div className={cn("flex flex-wrap items-center justify-center gap-x-4 gap-y-1 pt-3", className)}>
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.value ?? "");
        return (
          <div key={key} className="flex items-center gap-1.5">
            <span className="size-2 shrink-0 rounded-[2px]" style={{ backgroundColor: item.color }} aria-hidden />
            {config[key]?.label ?? String(item.value ?? key)}
          </div>
        );
      })}
    </div>
  );
}

export { ChartContainer, ChartTooltip, ChartTooltipContent, ChartLegend, ChartLegendContent };
