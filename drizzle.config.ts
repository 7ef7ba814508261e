// drizzle-kit reads the schema and writes SQL migrations that `wrangler d1 migrations apply` runs.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
