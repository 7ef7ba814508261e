// Imports one description under Node with the V8 heap capped (node --max-old-space-size=N): the same
// import code and the same V8 engine as inside workerd, where a Worker's isolate has 128 MB.
import { readFileSync } from "node:fs";
import { importDescription } from "../../worker/openapi/import";

const [file, name] = process.argv.slice(2);
const text = readFileSync(file!, "utf8");
const result = await importDescription({ text, filename: name ?? file! }, { ENVIRONMENT: "development" });
JSON.stringify(result.tools);
console.log(JSON.stringify({ tools: result.tools.length }));
