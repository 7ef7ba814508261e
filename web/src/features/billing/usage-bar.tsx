// A labelled usage meter. Consumption (tool calls) is green up to 60 %, yellow above 60 %, red above
// 80 %; an allowance (servers) fills in the primary colour, since using every slot of a plan is normal.
import { formatNumber } from "@/lib/format";

/** The bar colour for a share of the limit, in percent. */
export const usageColor = (percent: number) => (percent > 80 ? "bg-red-500" : percent > 60 ? "bg-yellow-500" : "bg-green-500");

export function UsageBar({ label, used, limit, allowance = false }: { label: string; used: number; limit: number; allowance?: boolean }) {
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {formatNumber(used)} / {formatNumber(limit)}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={`h-full rounded-full ${allowance ? "bg-primary" : usageColor(percent)}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
