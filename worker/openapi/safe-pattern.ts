// Which `pattern`s of a description may be checked against tool arguments. The generated server runs
// them on what callers send, so a pattern that can backtrack exponentially (a repeated group that
// itself repeats or alternates, or a backreference) would let any caller burn the server's CPU. The
// check is conservative: a refused pattern only goes unchecked by the server (the API still checks it).

/** Patterns longer than this are not checked by the server. */
const MAX_PATTERN_CHARS = 1000;

/** Whether `source` at `i` starts a quantifier that repeats more than once (`*`, `+`, `{n,}`, `{n,m}` with m > 1). */
function repeatsAt(source: string, i: number): boolean {
  const c = source[i];
  if (c === "*" || c === "+") return true;
  if (c !== "{") return false;
  const end = source.indexOf("}", i);
  if (end < 0 || end - i > 20) return false;
  const [low, high] = source.slice(i + 1, end).split(",");
  if (!/^\d+$/.test(low ?? "")) return false;
  if (high === undefined) return Number(low) > 1;
  return high === "" || Number(high) > 1;
}

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
      if (group?.risky && repeatsAt(source, i + 1)) return false;
      if (group?.risky && groups.length) groups[groups.length - 1].risky = true;
    } else if (repeatsAt(source, i) && groups.length) groups[groups.length - 1].risky = true;
  }
  return true;
}
