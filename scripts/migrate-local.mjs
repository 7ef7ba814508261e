// The local database's migrations, for `npm run dev`, the throw-away portals of the checks and the
// restart test. `wrangler d1 migrations apply --local` starts a local runtime once per migration file
// (about 1.5 s each); a new database instead gets every file in one `wrangler d1 execute`, with the
// same bookkeeping rows wrangler writes, so a later `migrations apply` finds them applied.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCommand } from "./spawn.mjs";

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

/** Runs `wrangler <args>` (quietly unless it fails) and resolves with its exit code. */
async function wrangler(args, env) {
  const { code, output } = await runCommand("wrangler", args, { quiet: true, env });
  if (code !== 0) process.stderr.write(output);
  return code;
}

/**
 * Brings the local database under `persistTo` (wrangler's default state when undefined) up to the
 * migrations in `migrations/`; resolves with wrangler's exit code (0 when there was nothing to do).
 * A stamp beside the database holds the hash of the files applied last, so an unchanged start skips wrangler.
 */
export async function migrateLocal(persistTo, env = process.env) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  const d1 = join(persistTo ?? join(".wrangler", "state"), "v3", "d1");
  const stamp = join(d1, "toolport-migrations.sha256");
  const files = migrationFiles();
  if (files.length === 0) return 0;
  const texts = files.map((f) => readFileSync(join(MIGRATIONS_DIR, f), "utf8"));
  const hash = createHash("sha256")
    .update(JSON.stringify(files.map((f, i) => [f, texts[i]])))
    .digest("hex");
  const database = join(d1, "miniflare-D1DatabaseObject");
  const hasDatabase = existsSync(database) && readdirSync(database).some((f) => f.endsWith(".sqlite"));
  if (hasDatabase && existsSync(stamp) && readFileSync(stamp, "utf8") === hash) return 0;
  let code;
  if (hasDatabase) {
    code = await wrangler(["d1", "migrations", "apply", "DB", "--local", ...persist], env);
  } else {
    const dir = mkdtempSync(join(tmpdir(), "toolport-migrations-"));
    const sql = [
      BOOKKEEPING,
      ...files.map((f, i) => `${texts[i]}\nINSERT INTO d1_migrations (name) VALUES ('${f.replaceAll("'", "''")}');`),
    ];
    writeFileSync(join(dir, "all.sql"), sql.join("\n"));
    code = await wrangler(["d1", "execute", "DB", "--local", "--yes", "--file", join(dir, "all.sql"), ...persist], env);
    rmSync(dir, { recursive: true, force: true });
  }
  if (code === 0) {
    mkdirSync(d1, { recursive: true });
    writeFileSync(stamp, hash);
  }
  return code;
}
