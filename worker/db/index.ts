// Drizzle on D1, typed with the whole schema.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export const getDb = (d1: D1Database) => drizzle(d1, { schema });
export type Database = ReturnType<typeof getDb>;
export { schema };
