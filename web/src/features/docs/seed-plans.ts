// The plans as the seed migration inserts them, so the docs (readable signed out) show the real limits.
/// <reference types="vite/client" />
import seedSql from "../../../../migrations/0001_seed_plans.sql?raw";

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
  const rows = [...sql.matchAll(/\(\s*'([^']*)',\s*'([^']*)',\s*'([^']*)',\s*(\d+),\s*'([^']*)',\s*(\d+),\s*(\d+),\s*(\d+),\s*([01]),\s*[01],\s*[01],\s*[01],\s*([01]),\s*(\d+)\s*\)/g)];
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

export const SEED_PLANS = parseSeedPlans(seedSql);
