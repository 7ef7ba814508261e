// The local secrets of `npm run dev` (.dev.vars), generated on first run. `npm test` makes them before it
// starts its portals, so two starting at once do not each write their own.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const DEV_VARS = ".dev.vars";
const generated = {
  ENVIRONMENT: () => "development",
  BETTER_AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  SECRETS_KEY: () => randomBytes(32).toString("base64"),
};

/** Adds what .dev.vars lacks of the generated settings; keeps what it has. */
export function ensureDevVars() {
  const text = existsSync(DEV_VARS) ? readFileSync(DEV_VARS, "utf8") : "";
  const present = new Set(text.split("\n").map((line) => line.split("=")[0].trim()));
  const missing = Object.entries(generated).filter(([name]) => !present.has(name));
  if (missing.length === 0) return;
  const lines = missing.map(([name, make]) => `${name}=${make()}`);
  const prefix = text && !text.endsWith("\n") ? "\n" : "";
  writeFileSync(DEV_VARS, `${text}${prefix}${lines.join("\n")}\n`);
  console.log(`Generated ${missing.map(([n]) => n).join(", ")} in ${DEV_VARS}`);
}
