// How outcomes read on the call-log page: labels, classes and their chart colors.
import type { CallOutcome, OutcomeClass } from "@/api/calls";
import type { ChartConfig } from "@/components/ui/chart";

export const OUTCOME_LABELS: Record<CallOutcome, string> = {
  ok: "OK",
  invalid_arguments: "Invalid arguments",
  unknown_tool: "Unknown tool",
  upstream_4xx: "API 4xx",
  upstream_5xx: "API 5xx",
  timeout: "Time-out",
  failed: "Request failed",
  paused: "Paused",
  over_limit: "Over limit",
  unauthorized: "Unauthorized",
};

export const CLASS_LABELS: Record<OutcomeClass, string> = {
  ok: "OK",
  model: "Model's mistake",
  api: "API error",
  timeout: "Time-out",
  refused: "Refused",
};

/** Calls over time, one stacked series per outcome class. */
export const classChartConfig = {
  ok: { label: CLASS_LABELS.ok, color: "oklch(0.65 0.15 150)" },
  model: { label: CLASS_LABELS.model, color: "oklch(0.77 0.16 75)" },
  api: { label: CLASS_LABELS.api, color: "oklch(0.6 0.21 27)" },
  timeout: { label: CLASS_LABELS.timeout, color: "oklch(0.55 0.2 300)" },
  refused: { label: CLASS_LABELS.refused, color: "oklch(0.6 0.02 260)" },
} satisfies ChartConfig;

/** Badge colors of each class (text and background with enough contrast). */
export const CLASS_BADGE: Record<OutcomeClass, string> = {
  ok: "border-green-300 bg-green-50 text-green-800",
  model: "border-amber-300 bg-amber-50 text-amber-900",
  api: "border-red-300 bg-red-50 text-red-800",
  timeout: "border-purple-300 bg-purple-50 text-purple-800",
  refused: "border-slate-300 bg-slate-100 text-slate-800",
};

/** Options of the outcome filter: the classes first, then each outcome. */
export const OUTCOME_FILTERS: { value: string; label: string }[] = [
  ...(Object.keys(CLASS_LABELS) as OutcomeClass[]).map((c) => ({ value: c, label: `${CLASS_LABELS[c]} (all)` })),
  ...(Object.keys(OUTCOME_LABELS) as CallOutcome[])
    .filter((o) => o !== "ok" && o !== "timeout")
    .map((o) => ({ value: o, label: OUTCOME_LABELS[o] })),
];

export const formatMs = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? "—" : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
export const formatPercent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;
export const formatBytes = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined
    ? "—"
    : bytes >= 1_000_000
      ? `${(bytes / 1_000_000).toFixed(1)} MB`
      : bytes >= 1000
        ? `${(bytes / 1000).toFixed(1)} KB`
        : `${bytes} B`;
export const callerLabel = (caller: { kind: string; name: string | null }) =>
  caller.kind === "public"
    ? "Public"
    : caller.kind === "anonymous"
      ? "No valid credential"
      : caller.kind === "try_it"
        ? (caller.name ?? "Try it")
        : `${caller.name ?? "Deleted"} (${caller.kind === "oauth" ? "OAuth app" : "token"})`;
