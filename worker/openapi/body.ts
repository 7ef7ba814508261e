// Request bodies: which media type a tool sends, and whether its properties become top-level arguments.
import type { BodyKind } from "./types";
import type { JsonSchema } from "./schema";
import { isObject } from "./json-value";

/** Picks the media type a tool sends, in order of preference: JSON, form, multipart, text, binary. */
export function chooseMediaType(content: Record<string, unknown>): { contentType: string; kind: BodyKind; supported: boolean } | null {
  const types = Object.keys(content);
  if (!types.length) return null;
  const base = (t: string) => t.split(";")[0].trim().toLowerCase();
  const find = (test: (t: string) => boolean) => types.find((t) => test(base(t)));
  const json = find((t) => t === "application/json") ?? find((t) => /[/+]json$/.test(t));
  if (json) return { contentType: base(json), kind: "json", supported: true };
  const form = find((t) => t === "application/x-www-form-urlencoded");
  if (form) return { contentType: base(form), kind: "form", supported: true };
  const multipart = find((t) => t.startsWith("multipart/"));
  if (multipart) return { contentType: base(multipart), kind: "multipart", supported: true };
  const text = find((t) => t.startsWith("text/"));
  if (text) return { contentType: base(text), kind: "text", supported: true };
  const wildcard = find((t) => t === "*/*" || t === "application/*");
  if (wildcard) return { contentType: "application/json", kind: "json", supported: true };
  const xml = find((t) => /[/+]xml$/.test(t));
  if (xml) return { contentType: base(xml), kind: "text", supported: false };
  return { contentType: base(types[0]), kind: "binary", supported: true };
}

/** An object schema's properties and required names, merging `allOf` parts; null when not a plain object. */
export function objectShape(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } | null {
  if (schema.oneOf || schema.anyOf || schema.not) return null;
  const type = schema.type;
  if (type !== undefined && type !== "object") return null;
  const properties: Record<string, JsonSchema> = {
    ...(isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {}),
  };
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf as JsonSchema[]) {
      const shape = objectShape(part);
      if (!shape) return null;
      for (const [k, v] of Object.entries(shape.properties)) properties[k] ??= v;
      for (const r of shape.required) required.add(r);
    }
  }
  if (!Object.keys(properties).length) return null;
  return { properties, required: [...required].filter((r) => r in properties) };
}

/** Whether a (converted) property schema carries a file: base64 content. */
export const isBinarySchema = (schema: JsonSchema) =>
  schema.contentEncoding === "base64" ||
  (schema.type === "array" && isObject(schema.items) && (schema.items as JsonSchema).contentEncoding === "base64");
