// Whether a static parameter's value suits the argument it fills: one of its enum values, a whole
// number, a number, or true/false. Shared by the portal's save check and the wizard's inputs.

/** The parts of an argument's JSON Schema that decide which values it takes. */
export type ValueSchema = { type?: unknown; enum?: unknown };

export type ValueKind =
  | { kind: "enum"; options: string[] }
  | { kind: "integer" }
  | { kind: "number" }
  | { kind: "boolean" }
  | { kind: "text" };

const ENUM_SHOWN = 10;

const typeOf = (schema: ValueSchema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type);

/** The kind of value one schema takes (enum first: it is the narrowest). */
export function valueKindOf(schema: ValueSchema): ValueKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return { kind: "enum", options: schema.enum.filter((v) => v !== null && typeof v !== "object").map(String) };
  }
  const type = typeOf(schema);
  return type === "integer" || type === "number" || type === "boolean" ? { kind: type } : { kind: "text" };
}

/** The kind of value every one of the schemas takes: an argument of the same name in several tools gets the same value. */
export function commonValueKind(schemas: ValueSchema[]): ValueKind {
  const kinds = schemas.map(valueKindOf);
  const enums = kinds.filter((k) => k.kind === "enum");
  if (enums.length)
    return { kind: "enum", options: enums.reduce((common, k) => common.filter((o) => k.options.includes(o)), enums[0].options) };
  for (const kind of ["integer", "number", "boolean"] as const) if (kinds.some((k) => k.kind === kind)) return { kind };
  return { kind: "text" };
}

const isWholeNumber = (value: string) => /^-?\d{1,16}$/.test(value);

/** Why `value` cannot fill `name`, or null when it can. */
export function staticValueProblem(name: string, value: string, kind: ValueKind): string | null {
  const v = value.trim();
  switch (kind.kind) {
    case "enum": {
      if (kind.options.includes(v)) return null;
      if (!kind.options.length) return `Static parameter "${name}" takes different values in different tools: make it dynamic`;
      const shown = kind.options.slice(0, ENUM_SHOWN).join(", ");
      return `Static parameter "${name}" must be one of: ${shown}${kind.options.length > ENUM_SHOWN ? ", …" : ""}`;
    }
    case "integer":
      return isWholeNumber(v) ? null : `Static parameter "${name}" must be a whole number`;
    case "number":
      return v !== "" && Number.isFinite(Number(v)) ? null : `Static parameter "${name}" must be a number`;
    case "boolean":
      return v === "true" || v === "false" ? null : `Static parameter "${name}" must be true or false`;
    default:
      return null;
  }
}
