// A plan's features as a checklist.
import { Check } from "@/components/icons";
import type { Plan } from "@/api/billing";
import { formatNumber } from "@/lib/format";

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export function featureLines(plan: Plan): string[] {
  const f = plan.features;
  return [
    `Up to ${plural(f.maxServers, "server", "servers")}`,
    `${plural(f.maxToolsPerServer, "active tool", "active tools")} per server`,
    `${plural(f.maxToolCallsPerMonth, "tool call", "tool calls")} per month`,
    f.automatedCrawls ? "Automated re-crawls" : null,
    f.apiAccess ? "API access" : null,
    f.prioritySupport ? "Priority support" : null,
    f.customDomain ? "Custom domain" : null,
  ].filter((line): line is string => line !== null);
}

export function PlanFeatures({ plan }: { plan: Plan }) {
  return (
    <ul className="space-y-1.5 text-sm">
      {featureLines(plan).map((line) => (
        <li key={line} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
          {line}
        </li>
      ))}
    </ul>
  );
}
