// The MCP gateway Worker (wrangler.gateway.toml) runs the portal's call path in a Worker of its own:
// its config must bind everything that path reads, with the portal's own ids, and the dev scripts
// must hand the same settings to both Workers (wrangler gives `--var` to the first one only).
import { build } from "esbuild";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { experimental_readRawConfig as readRawConfig } from "wrangler";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "./source-imports";
// @ts-expect-error a plain .mjs script without types
import { CRON_TRIGGERS, cronCommands, takeVars, WORKER_CONFIGS, workerConfigArgs } from "../../scripts/dev-workers.mjs";

type Raw = ReturnType<typeof readRawConfig>["rawConfig"];
const gateway: Raw = readRawConfig({ config: join(root, "wrangler.gateway.toml") }).rawConfig;
const portal: Raw = readRawConfig({ config: join(root, "wrangler.toml") }).rawConfig;

/** Settings the gateway may read that are not in its config: secrets and optional bindings the README names for both Workers. */
const SET_ON_BOTH = ["PUBLIC_URL", "SECRETS_KEY", "CLOUDFLARE_API_BASE", "DISPATCHER", "AI"];
/** Set on env by @cloudflare/workers-oauth-provider itself. */
const SET_BY_LIBRARY = ["OAUTH_PROVIDER"];

const bindingNames = (c: Raw) => [
  ...Object.keys(c.vars ?? {}),
  ...(c.d1_databases ?? []).map((d) => d.binding),
  ...(c.kv_namespaces ?? []).map((k) => k.binding),
  ...(c.durable_objects?.bindings ?? []).map((d) => d.name),
  ...(c.queues?.producers ?? []).map((q) => q.binding),
  ...(c.worker_loaders ?? []).map((l) => l.binding),
  ...(c.services ?? []).map((s) => s.binding),
];

describe("the gateway Worker's config", () => {
  it("binds every setting and binding its bundle reads", async () => {
    const out = await build({
      entryPoints: [join(root, "worker/gateway/worker.ts")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["module", "main"],
      // The generated servers' runtime is carried as text for their own isolates, whose env is not the gateway's.
      external: ["cloudflare:*", "node:*", "*/runtime-bundle"],
      // Comments out (a library's doc comment may show an env name); names kept.
      minifyWhitespace: true,
      logLevel: "silent",
    });
    const code = out.outputFiles[0].text;
    const read = new Set([...code.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1]));
    expect(read).toContain("LOADER");
    expect(read).toContain("USAGE_LEDGER");
    const bound = new Set([...bindingNames(gateway), ...SET_ON_BOTH, ...SET_BY_LIBRARY]);
    expect(
      [...read].filter((name) => !bound.has(name)),
      "read by the gateway's bundle but not bound in wrangler.gateway.toml",
    ).toEqual([]);
  });

  it("shares the portal's resources, ids and defaults", () => {
    for (const d of gateway.d1_databases ?? []) {
      expect(portal.d1_databases?.find((p) => p.binding === d.binding)).toMatchObject({
        database_name: d.database_name,
        database_id: d.database_id,
      });
    }
    for (const k of gateway.kv_namespaces ?? []) expect(portal.kv_namespaces?.find((p) => p.binding === k.binding)?.id).toBe(k.id);
    for (const q of gateway.queues?.producers ?? [])
      expect(portal.queues?.producers?.find((p) => p.binding === q.binding)?.queue).toBe(q.queue);
    for (const d of gateway.durable_objects?.bindings ?? []) {
      expect(d.script_name).toBe(portal.name);
      expect(portal.durable_objects?.bindings?.find((p) => p.name === d.name)?.class_name).toBe(d.class_name);
    }
    expect(gateway.services).toEqual([
      { binding: "PORTAL", service: portal.name },
      { binding: "PORTAL_SCHEDULED", service: portal.name, entrypoint: "PortalScheduled" },
    ]);
    for (const [name, value] of Object.entries(gateway.vars ?? {})) expect(portal.vars?.[name]).toBe(value);
    expect(gateway.compatibility_date).toBe(portal.compatibility_date);
    expect(gateway.compatibility_flags).toEqual(portal.compatibility_flags);
    expect(gateway.assets).toBeUndefined();
  });
});

describe("Cron Triggers", () => {
  it("are the portal's alone, and npm run dev prints a command for each", () => {
    expect(gateway.triggers).toBeUndefined();
    expect(Object.keys(CRON_TRIGGERS)).toEqual(portal.triggers?.crons);
    expect(cronCommands("http://127.0.0.1:8787")).toEqual([
      expect.stringMatching(
        /^ {2}curl "http:\/\/127\.0\.0\.1:8787\/cdn-cgi\/handler\/scheduled\?cron=0\+3\+\*\+\*\+\*" {3}# daily sweep: /,
      ),
      expect.stringMatching(
        /^ {2}curl "http:\/\/127\.0\.0\.1:8787\/cdn-cgi\/handler\/scheduled\?cron=5\+0\+1\+\*\+\*" {3}# monthly usage roll-over$/,
      ),
    ]);
  });
});

describe("settings for both Workers under wrangler dev", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolport-configs-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes --var settings out of wrangler's arguments, in each form wrangler accepts", () => {
    expect(
      takeVars([
        "--port",
        "9000",
        "--var",
        "A:1",
        "--ip",
        "127.0.0.1",
        "--var=B:x:y",
        "--var",
        "C:",
        "D:two words",
        "--persist-to",
        "/tmp/s",
      ]),
    ).toEqual({
      vars: { A: "1", B: "x:y", C: "", D: "two words" },
      rest: ["--port", "9000", "--ip", "127.0.0.1", "--persist-to", "/tmp/s"],
    });
    expect(() => takeVars(["--var", "NOVALUE"])).toThrow('--var expects NAME:VALUE, got "NOVALUE"');
  });

  it("uses the project's configs, gateway first, when there are no settings", async () => {
    expect(WORKER_CONFIGS[0]).toBe("wrangler.gateway.toml");
    expect(await workerConfigArgs()).toEqual(["-c", "wrangler.gateway.toml", "-c", "wrangler.toml"]);
  });

  it("writes the settings into copies of both configs, with paths that still lead to the project's files", async () => {
    const args: string[] = await workerConfigArgs({ ENVIRONMENT: "development", SUPERADMIN_EMAILS: "a@example.com" }, dir);
    expect(args.filter((_, i) => i % 2 === 0)).toEqual(["-c", "-c"]);
    const [gatewayCopy, portalCopy] = [args[1], args[3]].map((file) => JSON.parse(readFileSync(file, "utf8")));
    for (const [copy, original] of [
      [gatewayCopy, gateway],
      [portalCopy, portal],
    ] as const) {
      expect(copy.name).toBe(original.name);
      expect(copy.vars).toEqual({ ...original.vars, ENVIRONMENT: "development", SUPERADMIN_EMAILS: "a@example.com" });
      expect(isAbsolute(copy.main) && existsSync(copy.main)).toBe(true);
      expect(copy.kv_namespaces).toEqual(original.kv_namespaces);
      // wrangler dev watches these folders (read against the copy's folder) and runs the build command on a change.
      expect(copy.build.command).toBe(original.build?.command);
      expect(copy.build.watch_dir.map((path: string) => join(dir, path))).toEqual([join(root, "worker"), join(root, "durable-objects")]);
    }
    expect(portalCopy.assets.directory).toBe(join(root, "web/dist"));
    expect(portalCopy.d1_databases[0].migrations_dir).toBe(join(root, "migrations"));
    expect(portalCopy.assets.run_worker_first).toEqual(portal.assets?.run_worker_first);
  });
});
