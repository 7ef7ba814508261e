// Linear string helpers for page text, used where a regular expression would scan a long input repeatedly.

/** `text` without the characters of `chars` at its end. */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

/** `text` without the characters of `chars` at its start. */
export function trimStart(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start])) start++;
  return text.slice(start);
}

/** `text` without a trailing word of `words` (case-insensitive) and the spaces before it. */
export function dropLastWord(text: string, words: string[]): string {
  const space = text.lastIndexOf(" ");
  const last = text.slice(space + 1).toLowerCase();
  return words.includes(last) ? text.slice(0, Math.max(space, 0)).trimEnd() : text;
}

/** The names inside `{…}` in a path template, in order. */
export function placeholdersOf(template: string): string[] {
  const names: string[] = [];
  for (let i = template.indexOf("{"); i >= 0; i = template.indexOf("{", i + 1)) {
    const end = template.indexOf("}", i);
    if (end < 0) break;
    names.push(template.slice(i + 1, end));
    i = end;
  }
  return names;
}

/** A path template with every `{name}` written `{}`. */
export function blankPlaceholders(template: string): string {
  let out = "";
  let i = 0;
  for (let open = template.indexOf("{"); open >= 0; open = template.indexOf("{", i)) {
    const end = template.indexOf("}", open);
    if (end < 0) break;
    out += `${template.slice(i, open)}{}`;
    i = end + 1;
  }
  return out + template.slice(i);
}
