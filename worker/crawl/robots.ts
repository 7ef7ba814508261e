// robots.txt: the rules for our user agent (or *), and the sitemaps it names.
import type { Bindings } from "../env";
import { safeFetchText } from "../lib/safe-fetch";

export const CRAWLER_AGENT = "toolport";

type Rule = { allow: boolean; pattern: { test(path: string): boolean }; length: number };
export type Robots = { rules: Rule[]; sitemaps: string[]; crawlDelayMs: number | null };

// A rule path as a prefix matcher: `*` matches any run, a final `$` anchors the end. Each `*` part is
// found leftmost in turn (enough for a wildcard pattern), so no rule can make a path backtrack.
const toPattern = (path: string) => {
  const anchored = path.endsWith("$");
  const parts = (anchored ? path.slice(0, -1) : path).split("*");
  const last = parts.length - 1;
  const test = (target: string) => {
    if (!target.startsWith(parts[0])) return false;
    if (last === 0) return !anchored || target.length === parts[0].length;
    let at = parts[0].length;
    for (let i = 1; i < last; i++) {
      const found = target.indexOf(parts[i], at);
      if (found === -1) return false;
      at = found + parts[i].length;
    }
    return anchored ? target.length - parts[last].length >= at && target.endsWith(parts[last]) : target.indexOf(parts[last], at) !== -1;
  };
  return { test };
};

/** Parses robots.txt; the group for our agent wins over the `*` group. */
export function parseRobots(text: string): Robots {
  const groups = new Map<string, { rules: Rule[]; delay: number | null }>();
  const sitemaps: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const raw of text.split(/\r?\n/).slice(0, 2000)) {
    const line = raw.replace(/#.*/, "").trim();
    const match = line.match(/^([a-z-]+)\s*:\s*((?:\S.*)?)$/i);
    if (!match) continue;
    const [, key, value] = [match[0], match[1].toLowerCase(), match[2].trim()];
    if (key === "sitemap") sitemaps.push(value);
    else if (key === "user-agent") {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value.toLowerCase());
      for (const agent of agents) if (!groups.has(agent)) groups.set(agent, { rules: [], delay: null });
    } else if (key === "allow" || key === "disallow" || key === "crawl-delay") {
      inRules = true;
      for (const agent of agents) {
        const group = groups.get(agent)!;
        if (key === "crawl-delay") group.delay = Number(value) * 1000 || null;
        else if (value) group.rules.push({ allow: key === "allow", pattern: toPattern(value), length: value.length });
      }
    }
  }
  const group = groups.get(CRAWLER_AGENT) ?? groups.get("*");
  return { rules: group?.rules ?? [], sitemaps, crawlDelayMs: group?.delay ?? null };
}

/** Whether robots allow the URL's path: the longest matching rule decides, allow on a tie. */
export function isAllowed(robots: Robots, url: URL): boolean {
  const path = url.pathname + url.search;
  let best: Rule | null = null;
  for (const rule of robots.rules) {
    if (rule.pattern.test(path) && (!best || rule.length > best.length || (rule.length === best.length && rule.allow))) best = rule;
  }
  return best?.allow ?? true;
}

/** Fetches an origin's robots.txt; a missing or unreadable one allows everything. */
export async function fetchRobots(env: Bindings, origin: string): Promise<Robots> {
  try {
    const res = await safeFetchText(`${origin}/robots.txt`, env, { timeoutMs: 10_000, maxBytes: 512 * 1024 });
    if (res.status >= 400) return { rules: [], sitemaps: [], crawlDelayMs: null };
    return parseRobots(res.text);
  } catch {
    return { rules: [], sitemaps: [], crawlDelayMs: null };
  }
}

/** Robots may ask for at most this pause between fetches; a longer Crawl-delay is cut to it. */
export const MAX_CRAWL_DELAY_MS = 10_000;

/**
 * The robots.txt files one crawl (or one map) reads: each origin's fetched once, at most `maxHosts`
 * origins (URLs of further origins are not allowed), shared by the listing of the pages and the
 * filtering of the selection.
 */
export class SiteRobots {
  private readonly byOrigin = new Map<string, Promise<Robots>>();

  constructor(
    private readonly env: Bindings,
    private readonly maxHosts = 10,
  ) {}

  /** The origin's rules (fetched on first use), or null past `maxHosts` origins. */
  of(origin: string): Promise<Robots> | null {
    if (!this.byOrigin.has(origin)) {
      if (this.byOrigin.size >= this.maxHosts) return null;
      this.byOrigin.set(origin, fetchRobots(this.env, origin));
    }
    return this.byOrigin.get(origin)!;
  }

  /** Whether robots allow the URL (false for an origin past `maxHosts`). */
  async allows(url: URL): Promise<boolean> {
    const robots = this.of(url.origin);
    return robots !== null && isAllowed(await robots, url);
  }

  /** Keeps the URLs robots allow, and answers the Crawl-delay of each host that names one. */
  async filter(urls: string[]): Promise<{ urls: string[]; crawlDelays: Record<string, number> }> {
    const kept: string[] = [];
    const crawlDelays: Record<string, number> = {};
    for (const raw of urls) {
      const url = new URL(raw);
      if (!(await this.allows(url))) continue;
      kept.push(raw);
      const { crawlDelayMs } = await this.of(url.origin)!;
      if (crawlDelayMs) crawlDelays[url.host] = Math.min(crawlDelayMs, MAX_CRAWL_DELAY_MS);
    }
    return { urls: kept, crawlDelays };
  }
}
