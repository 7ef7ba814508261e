// Parsed descriptions are read as `unknown` and narrowed where they are read: one test for a JSON object.

/** A JSON object as parsed: its members are still unknown. */
export type JsonObject = Record<string, unknown>;

/** Whether a parsed value is a JSON object (not null, not an array). */
export const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a parsed value is one of the given strings. */
export const isOneOf = <T extends string>(values: readonly T[], v: unknown): v is T => (values as readonly unknown[]).includes(v);

/** A parsed value when it is a string, else undefined. */
export const asString = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** `value[key]` when `value` is a JSON object, else undefined (`value?.[key]` for parsed JSON). */
export const memberOf = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);

/** Whether a parsed value is an object or a list (`typeof` "object"): a list reads as an object keyed by index. */
export const isObjectLike = (v: unknown): v is JsonObject => typeof v === "object" && v !== null;
