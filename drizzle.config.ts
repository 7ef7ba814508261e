// drizzle-kit reads the schema and writes SQL migrations that `wrangler d1 migrations apply` runs.
// `npm run db:generate` fetches drizzle-kit when it runs (neither `npm run dev` nor `npm test` needs it),
// so this file imports nothing from it.
export default {
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
};
