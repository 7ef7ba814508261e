// Drizzle on D1, typed with the whole schema.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const create = (d1: D1Database) => drizzle(d1, { schema });
export type Database = ReturnType<typeof create>;

// Building the instance reads the whole schema's relations, which costs more than the gateway's own
// work on a request: one instance per D1 binding object, made once.
const instances = new WeakMap<D1Database, Database>();

export function getDb(d1: D1Database): Database {
  let db = instances.get(d1);
  if (!db) {
    db = create(d1);
    instances.set(d1, db);
  }
  return db;
}
export { schema };
