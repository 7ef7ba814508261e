// The local database's migrations, for `npm run dev`, the throw-away portals of the checks and the
// restart test. `wrangler d1 migrations apply --local` starts wrangler and a local runtime once per
// migration file (about 1.5 s each); here one local runtime (Miniflare, as `wrangler d1 execute --local`
// opens it, so the database is the file `wrangler dev` reads) applies every file not yet applied, each
// with the bookkeeping row wrangler writes, so a later `wrangler d1 migrations apply` finds them applied.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const MIGRATIONS_DIR = "migrations";
/** wrangler's own table of applied migrations (its default name), created as wrangler creates it. */
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

const migrationFiles = () =>
  existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith(".sql"))
        .sort()
    : [];

/** The local database's id as wrangler names it: wrangler.toml's DB binding's preview id, else its id. */
function databaseId() {
  const config = readFileSync("wrangler.toml", "utf8");
  const id = (key) => config.match(new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, "m"))?.[1];
  return id("preview_database_id") ?? id("database_id") ?? "DB";
}

/** Applies the migrations in `files` that the database under `root` lacks; resolves with their names. */
async function applyMissing(root, files, texts) {
  const local = new Miniflare(
    convertV4MiniflareOptions({ modules: true, script: "", resourcePersistencePath: root, d1Databases: { DB: databaseId() } }),
  );
  try {
    const db = await local.getD1Database("DB");
    await db.prepare(BOOKKEEPING).run();
    const { results } = await db.prepare("SELECT name FROM d1_migrations").all();
    const applied = new Set(results.map((row) => row.name));
    const missing = files.filter((f) => !applied.has(f));
    // One statement per file (SQLite runs each of its statements), with its row, in one transaction.
    for (const f of missing)
      await db.batch([db.prepare(texts[files.indexOf(f)]), db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(f)]);
    return missing;
  } finally {
    await local.dispose();
  }
}

/**
 * Brings the local database under `persistTo` (wrangler's default state when undefined) up to the
 * migrations in `migrations/`; resolves with 0, or 1 when one failed (its error printed).
 * A stamp beside the database holds the hash of the files applied last, so an unchanged start skips the runtime.
 */
export async function migrateLocal(persistTo) {
  const root = join(persistTo ?? join(".wrangler", "state"), "v3");
  const stamp = join(root, "d1", "toolport-migrations.sha256");
  const files = migrationFiles();
  if (files.length === 0) return 0;
  const texts = files.map((f) => readFileSync(join(MIGRATIONS_DIR, f), "utf8"));
  const hash = createHash("sha256")
    .update(JSON.stringify(files.map((f, i) => [f, texts[i]])))
    .digest("hex");
  const database = join(root, "d1", "miniflare-D1DatabaseObject");
  const hasDatabase = existsSync(database) && readdirSync(database).some((f) => f.endsWith(".sqlite"));
  if (hasDatabase && existsSync(stamp) && readFileSync(stamp, "utf8") === hash) return 0;
  try {
    await applyMissing(root, files, texts);
  } catch (err) {
    console.error(`The local database's migrations failed: ${err.message}`);
    return 1;
  }
  mkdirSync(join(root, "d1"), { recursive: true });
  writeFileSync(stamp, hash);
  return 0;
}
