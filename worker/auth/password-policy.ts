// Which new passwords built-in accounts may use: not blank, not one of the most common passwords,
// not the email, and not a few characters repeated. Lengths (8 to 128) are better-auth's own check.
import { PASSWORD_BLANK_MESSAGE } from "../lib/messages";
import { COMMON_PASSWORD_LINES } from "./common-passwords";

export const PASSWORD_REFUSALS = {
  blank: PASSWORD_BLANK_MESSAGE,
  common: "This password is one of the most commonly used passwords. Please choose a less common one.",
  email: "Password cannot be your email address.",
  repetitive: "Password needs at least 5 different characters.",
} as const;

const MIN_DISTINCT_CHARACTERS = 5;

let common: Set<string> | undefined;
// Built on first use, so an isolate that never signs anyone up never pays for it.
const commonPasswords = () => (common ??= new Set(COMMON_PASSWORD_LINES.flatMap((line) => line.split(" "))));

/** Why a new password is refused, or null when it may be used (checked on sign-up and password changes). */
export function passwordRefusal(password: string, email?: string): string | null {
  const normalized = password.trim().toLowerCase();
  if (!normalized) return PASSWORD_REFUSALS.blank;
  if (commonPasswords().has(normalized)) return PASSWORD_REFUSALS.common;
  const address = email?.trim().toLowerCase();
  if (address && (normalized === address || normalized === address.split("@")[0])) return PASSWORD_REFUSALS.email;
  if (new Set(normalized).size < MIN_DISTINCT_CHARACTERS) return PASSWORD_REFUSALS.repetitive;
  return null;
}
