// The inputSchema a tool lists: the server fills static arguments in itself, so they are not asked for.
import type { JsonSchemaObject } from "../openapi/types";

/** The inputSchema a client sees: static arguments are filled in by the server, so they are removed. */
export function listedSchema(schema: JsonSchemaObject, staticValues: Record<string, string>): JsonSchemaObject {
  const names = Object.keys(staticValues);
  if (names.length === 0) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => !names.includes(k)));
  const required = (schema.required ?? []).filter((k) => !names.includes(k));
  return { ...schema, properties, ...(schema.required ? { required } : {}) };
}
