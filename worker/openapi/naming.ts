// Tool and argument names: only [a-zA-Z0-9_-], at most 64 characters, unique, and the same for
// the same description on every import (no randomness, document order only).
export const MAX_NAME_LENGTH = 64;
export const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A short, stable hash (FNV-1a, base 36) used to keep shortened names unique and stable. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).padStart(7, "0");
}

/** Letters with accents lose them; everything outside [a-zA-Z0-9_-] becomes "_". */
export function sanitizeName(raw: string): string {
  return raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/_{2,}/g, "_")
    .replace(/^[_-]+|(?<![_-])[_-]+$/g, "");
}

/** Fits a name into 64 characters, keeping its start and a hash of the whole. */
export function shorten(name: string, max = MAX_NAME_LENGTH): string {
  if (name.length <= max) return name;
  const hash = shortHash(name);
  return `${name.slice(0, max - hash.length - 1).replace(/(?<![_-])[_-]+$/, "")}_${hash}`;
}

/** Base name of an operation: its operationId when it has usable characters, else method and path. */
export function operationBaseName(operationId: unknown, method: string, path: string): { name: string; fromId: boolean } {
  if (typeof operationId === "string") {
    const fromId = sanitizeName(operationId);
    if (/[a-zA-Z0-9]/.test(fromId)) return { name: fromId, fromId: true };
  }
  const fromPath = sanitizeName(`${method}_${path.replace(/[{}]/g, "")}`.replace(/\//g, "_"));
  return { name: fromPath || method, fromId: false };
}

/** Hands out names unique within one scope, adding _2, _3 … on a clash. */
export class NameRegistry {
  private readonly used = new Set<string>();
  constructor(private readonly caseInsensitive = false) {}

  private norm = (n: string) => (this.caseInsensitive ? n.toLowerCase() : n);

  has = (name: string) => this.used.has(this.norm(name));

  take(wanted: string): string {
    let name = shorten(wanted);
    for (let i = 2; this.has(name); i++) {
      const suffix = `_${i}`;
      name = `${shorten(wanted, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
    }
    this.used.add(this.norm(name));
    return name;
  }
}
