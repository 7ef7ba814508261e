// Which `pattern`s of a description may be checked against tool arguments. The generated server runs
// them on what callers send, so a pattern that can backtrack exponentially (a group repeated a varying
// number of times that itself varies in length or alternates, or a backreference) would let any
// caller burn the server's CPU. Fixed counts (`{4}`) do not vary. The
// check is conservative: a refused pattern only goes unchecked by the server (the API still checks it).

/** Patterns longer than this are not checked by the server. */
const MAX_PATTERN_CHARS = 1000;

/** The bounds of the quantifier at `source[i]`, or null when none starts there (`?` repeats at most once). */
function quantifierAt(source: string, i: number): { min: number; max: number } | null {
  const c = source[i];
  if (c === "*") return { min: 0, max: Infinity };
  if (c === "+") return { min: 1, max: Infinity };
  if (c !== "{") return null;
  const end = source.indexOf("}", i);
  if (end < 0 || end - i > 20) return null;
  const [low, high] = source.slice(i + 1, end).split(",");
  if (!/^\d+$/.test(low ?? "")) return null;
  if (high === undefined) return { min: Number(low), max: Number(low) };
  if (high !== "" && !/^\d+$/.test(high)) return null;
  return { min: Number(low), max: high === "" ? Infinity : Number(high) };
}

/** A repetition whose count is not fixed: what lets a group match one text in many ways. */
const varies = (q: { min: number; max: number } | null) => q !== null && q.max > q.min;

/** True when a pattern is safe for the server to run on caller input: no nested repetition, no backreference. */
export function isLinearPattern(source: string): boolean {
  if (source.length > MAX_PATTERN_CHARS) return false;
  // Per open group: whether it holds a repetition or an alternation.
  const groups: { risky: boolean }[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if ((next >= "1" && next <= "9") || next === "k") return false;
      i++;
      continue;
    }
    if (c === "[") {
      // A character class: skip to its unescaped end.
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
      continue;
    }
    if (c === "(") groups.push({ risky: false });
    else if (c === "|") {
      if (groups.length) groups[groups.length - 1].risky = true;
    } else if (c === ")") {
      const group = groups.pop();
      if (group?.risky && varies(quantifierAt(source, i + 1))) return false;
      if (group?.risky && groups.length) groups[groups.length - 1].risky = true;
    } else if (varies(quantifierAt(source, i)) && groups.length) groups[groups.length - 1].risky = true;
  }
  return true;
}
