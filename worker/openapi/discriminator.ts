// A discriminator's mapping made visible: each `oneOf`/`anyOf` branch gets the value(s) of the
// discriminator property that select it as `const` (or `enum`), so a model can tell the branches apart.
import { refName } from "./refs";
import { isObject, type JsonObject } from "./json-value";

type Schema = Record<string, unknown>;

/** The discriminator values that select the raw branch `branch` (explicit mapping first, else its schema name). */
function valuesFor(branch: unknown, mapping: Record<string, unknown>): unknown[] {
  if (!isObject(branch) || typeof branch.$ref !== "string") return [];
  const ref = branch.$ref;
  const name = refName(ref);
  const mapped = Object.entries(mapping)
    .filter(
      ([, target]) => typeof target === "string" && (target === ref || (target.includes("/") ? refName(target) === name : target === name)),
    )
    .map(([value]) => value);
  // Without a mapping entry, OpenAPI says the value is the schema's name.
  return mapped.length ? mapped : [name];
}

/** The converted branch, with the discriminator property fixed to `values`. */
function withValues(branch: Schema, property: string, values: unknown[]): Schema {
  const fixed = values.length === 1 ? { const: values[0] } : { enum: values };
  const properties = isObject(branch.properties) ? branch.properties : null;
  if (properties && !branch.allOf && !branch.oneOf && !branch.anyOf) {
    const required = Array.isArray(branch.required) ? branch.required : [];
    return {
      ...branch,
      properties: { ...properties, [property]: { ...(isObject(properties[property]) ? properties[property] : {}), ...fixed } },
      required: required.includes(property) ? required : [...required, property],
    };
  }
  return { allOf: [branch], properties: { [property]: fixed }, required: [property] };
}

/** Rewrites the converted `oneOf`/`anyOf` of `out` after the raw schema's discriminator. */
export function applyDiscriminator(raw: JsonObject, out: Schema) {
  const { discriminator } = raw;
  if (!isObject(discriminator)) return;
  const property = discriminator.propertyName;
  if (typeof property !== "string" || !property) return;
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  for (const key of ["oneOf", "anyOf"] as const) {
    const rawBranches = raw[key];
    const converted = out[key];
    if (!Array.isArray(rawBranches) || !Array.isArray(converted) || rawBranches.length !== converted.length) continue;
    out[key] = converted.map((branch, i) => {
      const values = valuesFor(rawBranches[i], mapping);
      return values.length && isObject(branch) ? withValues(branch, property, values) : branch;
    });
  }
}
