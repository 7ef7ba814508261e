// The plans as the seed migration inserts them and later migrations change them, so the docs (readable
// signed out) show the real limits.
/// <reference types="vite/client" />
import seedSql from "../../../../migrations/0001_seed_plans.sql?raw";
import toolLimitsSql from "../../../../migrations/0016_plan_tool_limits.sql?raw";

export type SeedPlan = {
  type: string;
  name: string;
  price: number;
  description: string;
  maxServers: number;
  maxToolsPerServer: number;
  maxToolCallsPerMonth: number;
  automatedCrawls: boolean;
  popular: boolean;
};

/** Parses the INSERT's value rows: ('id', 'type', 'Name', price, 'description', limits…, flags…, sort). */
export function parseSeedPlans(sql: string): SeedPlan[] {
  const rows = [
    ...sql.matchAll(
      /\(\s*'([^']*)',\s*'([^']*)',\s*'([^']*)',\s*(\d+),\s*'([^']*)',\s*(\d+),\s*(\d+),\s*(\d+),\s*([01]),\s*[01],\s*[01],\s*[01],\s*([01]),\s*(\d+)\s*\)/g,
    ),
  ];
  return rows
    .map((m) => ({
      type: m[2],
      name: m[3],
      price: Number(m[4]),
      description: m[5],
      maxServers: Number(m[6]),
      maxToolsPerServer: Number(m[7]),
      maxToolCallsPerMonth: Number(m[8]),
      automatedCrawls: m[9] === "1",
      popular: m[10] === "1",
      sortOrder: Number(m[11]),
    }))
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map(({ sortOrder: _, ...plan }) => plan);
}

/** The plan columns a later migration may set, and the SeedPlan field each one is. */
const COLUMNS: Record<string, "maxServers" | "maxToolsPerServer" | "maxToolCallsPerMonth"> = {
  max_servers: "maxServers",
  max_tools_per_server: "maxToolsPerServer",
  max_tool_calls_per_month: "maxToolCallsPerMonth",
};

/** Applies a migration's `UPDATE plans SET <limit> = N WHERE id = 'plan_<type>'` statements to the seeded plans. */
export function applyPlanUpdates(plans: SeedPlan[], sql: string): SeedPlan[] {
  const updates = [...sql.matchAll(/UPDATE `plans` SET `(\w+)` = (\d+) WHERE `id` = 'plan_(\w+)'/g)];
  return plans.map((plan) => {
    const next = { ...plan };
    for (const [, column, value, type] of updates) if (type === plan.type && COLUMNS[column]) next[COLUMNS[column]] = Number(value);
    return next;
  });
}

export const SEED_PLANS = applyPlanUpdates(parseSeedPlans(seedSql), toolLimitsSql);
