// An RJSF validator over @cfworker/json-schema: the portal's CSP (script-src 'self') forbids the code
// generation Ajv relies on, and this validator interprets schemas instead (the generated servers use it too).
import { Validator, type Schema } from "@cfworker/json-schema";
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from "@rjsf/utils";

type Unit = { keyword: string; keywordLocation: string; instanceLocation: string; error: string };

/** Keywords that only say a sub-schema failed: the sub-schema's own error says how. */
const SUMMARY_KEYWORDS = new Set([
  "properties",
  "items",
  "prefixItems",
  "additionalItems",
  "allOf",
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "dependentSchemas",
  "if",
  "then",
  "else",
  "unevaluatedItems",
]);

/** "#/pet/tags/0" → ".pet.tags.0" (RJSF's property path). */
function propertyPath(pointer: string) {
  const parts = pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((p) => p !== "");
  return parts.map((p) => `.${decodeURIComponent(p).replaceAll("~1", "/").replaceAll("~0", "~")}`).join("");
}

/** The quoted name in cfworker's `Instance does not have required property "x".` */
function quotedName(message: string) {
  const start = message.indexOf('"');
  const end = message.lastIndexOf('"');
  return start >= 0 && end > start ? message.slice(start + 1, end) : "";
}

/** A cfworker error as RJSF reads it: a required property is reported at the property itself. */
function toRjsfError(unit: Unit): RJSFValidationError {
  const base = propertyPath(unit.instanceLocation);
  if (unit.keyword === "required") {
    const name = quotedName(unit.error);
    const property = `${base}.${name}`;
    return {
      name: "required",
      property,
      message: "is a required property",
      params: { missingProperty: name },
      schemaPath: unit.keywordLocation,
      stack: `${property} is a required property`,
    };
  }
  const message = unit.error.replace(/^Instance /, "").replace(/\.$/, "");
  return { name: unit.keyword, property: base, message, params: {}, schemaPath: unit.keywordLocation, stack: `${base || "."} ${message}` };
}

const cache = new Map<string, Validator>();
function validatorFor(schema: RJSFSchema): Validator {
  const key = JSON.stringify(schema);
  let validator = cache.get(key);
  if (!validator) {
    if (cache.size > 50) cache.clear();
    validator = new Validator(schema as Schema, "2020-12", false);
    cache.set(key, validator);
  }
  return validator;
}

/** The RJSF validator of the portal's schema forms. */
export class CfWorkerRjsfValidator implements ValidatorType {
  rawValidation<Result = Unit>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      return { errors: validatorFor(schema).validate(formData ?? {}).errors as Result[] };
    } catch (error) {
      return { validationError: error as Error };
    }
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const raw = this.rawValidation<Unit>(schema, formData);
    let errors: RJSFValidationError[] = raw.validationError
      ? [{ name: "schema", message: raw.validationError.message, stack: `schema ${raw.validationError.message}` }]
      : (raw.errors ?? []).filter((u) => !SUMMARY_KEYWORDS.has(u.keyword)).map(toRjsfError);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const data: ValidationData<unknown> = { errors, errorSchema: toErrorSchema(errors) };
    if (!customValidate) return data;
    const custom = customValidate(formData, createErrorHandler(formData), uiSchema);
    return validationDataMerge(data, unwrapErrorHandler(custom));
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      // Refs inside an option point into the root schema: its definitions go along.
      const withRoot = {
        ...schema,
        ...(rootSchema.$defs ? { $defs: rootSchema.$defs } : {}),
        ...(rootSchema.definitions ? { definitions: rootSchema.definitions } : {}),
      };
      return validatorFor(withRoot).validate(formData).valid;
    } catch {
      return false;
    }
  }
}

export const schemaValidator = new CfWorkerRjsfValidator();
