// Reads a JSON description from a byte stream without holding it whole: the top-level members are
// handed over one by one (parsed, or skipped unparsed), and the members of `paths` one path item at
// a time, so a 100 MB description is never one string nor one object tree in the isolate.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

export type StreamVisitor = {
  /** Whether to parse the top-level member `key` (paths is never parsed whole). */
  wantMember(key: string): boolean;
  /** A top-level member asked for, parsed. */
  onMember?(key: string, value: unknown): void | Promise<void>;
  /** One member of `paths`, parsed; null when `wantPathItems` is false (only counted). */
  onPathItem?(path: string, item: unknown): void | Promise<void>;
  /** Whether path items are parsed (false: only their keys are read, e.g. to count them). */
  wantPathItems: boolean;
};

/** Bytes gathered across chunks for one key or value. */
class Capture {
  private parts: Uint8Array[] = [];
  private start = -1;
  size = 0;

  begin(position: number) {
    this.parts = [];
    this.size = 0;
    this.start = position;
  }
  get active() {
    return this.start >= 0;
  }
  /** The chunk ends while capturing: keep its captured part (copied, so the chunk can be freed). */
  spill(chunk: Uint8Array) {
    if (this.start < 0) return;
    const part = chunk.slice(this.start);
    this.parts.push(part);
    this.size += part.byteLength;
    this.start = 0;
  }
  /** The captured bytes up to `end` (exclusive) in the current chunk, decoded as text. */
  end(chunk: Uint8Array, end: number, decoder: TextDecoder): string {
    const last = chunk.subarray(this.start, end);
    this.start = -1;
    if (this.parts.length === 0) return decoder.decode(last);
    const all = new Uint8Array(this.size + last.byteLength);
    let offset = 0;
    for (const part of this.parts) {
      all.set(part, offset);
      offset += part.byteLength;
    }
    all.set(last, offset);
    this.parts = [];
    return decoder.decode(all);
  }
}

type Level = "key" | "colon" | "value";

/** Thrown for text that is not one JSON object; the message says where. */
export class JsonStreamError extends Error {}

/**
 * Walks the JSON object in `stream`, calling `visitor` for the top-level members it wants and for each
 * path item. Only the structure of the root object and of `paths` is followed; everything else is
 * skipped byte by byte or captured for JSON.parse.
 */
export async function walkDescription(
  stream: ReadableStream<Uint8Array>,
  visitor: StreamVisitor,
): Promise<{ bytes: number; pathItems: number }> {
  const decoder = new TextDecoder();
  const capture = new Capture();
  const reader = stream.getReader();
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  // Root object (depth 1) and paths object (depth 2) states.
  let rootState: Level = "key";
  let rootKey = "";
  let capturingRoot = false;
  let inPaths = false;
  let pathState: Level = "key";
  let pathKey = "";
  let capturingPath = false;
  let keyLevel = 0;
  let bytes = 0;
  let pathItems = 0;

  const parse = (text: string, what: string) => {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new JsonStreamError(`Invalid JSON in ${what}: ${(err as Error).message}`);
    }
  };

  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    const n = chunk.byteLength;
    for (let i = 0; i < n; i++) {
      const b = chunk[i];
      if (!started && b !== OPEN_OBJECT) {
        // Before the root object only whitespace and a byte order mark may come.
        if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0xef || b === 0xbb || b === 0xbf) continue;
        throw new JsonStreamError("The description is not a JSON object");
      }
      if (inString) {
        // Skip ahead to the next quote or backslash: most bytes of a description are inside strings.
        if (escaped) {
          escaped = false;
          continue;
        }
        if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (keyLevel !== 0) {
            const key = parse(capture.end(chunk, i + 1, decoder), "a member name") as string;
            if (keyLevel === 1) {
              rootKey = key;
              rootState = "colon";
            } else {
              pathKey = key;
              pathState = "colon";
            }
            keyLevel = 0;
          }
        }
        continue;
      }
      switch (b) {
        case QUOTE:
          inString = true;
          if (depth === 1 && rootState === "key") {
            keyLevel = 1;
            capture.begin(i);
          } else if (inPaths && depth === 2 && pathState === "key") {
            keyLevel = 2;
            capture.begin(i);
          }
          break;
        case COLON:
          if (depth === 1 && rootState === "colon") {
            rootState = "value";
            if (rootKey === "paths") inPaths = true;
            else if (visitor.wantMember(rootKey)) {
              capturingRoot = true;
              capture.begin(i + 1);
            }
          } else if (inPaths && depth === 2 && pathState === "colon") {
            pathState = "value";
            pathItems++;
            if (visitor.wantPathItems) {
              capturingPath = true;
              capture.begin(i + 1);
            } else await visitor.onPathItem?.(pathKey, null);
          }
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          if (depth === 0) {
            if (started) throw new JsonStreamError("The description has more than one JSON value");
            started = true;
          }
          depth++;
          break;
        case COMMA:
        case CLOSE_OBJECT:
        case CLOSE_ARRAY: {
          const closing = b !== COMMA;
          // The member at this level ends here (before the comma or the closing brace).
          const level = closing ? depth - 1 : depth;
          if (closing) {
            // Closing the level's own container happens after its last member ended.
            if (depth === 2 && inPaths && capturingPath) {
              capturingPath = false;
              await visitor.onPathItem?.(pathKey, parse(capture.end(chunk, i, decoder), `the path item ${pathKey}`));
            }
            if (depth === 1 && capturingRoot) {
              capturingRoot = false;
              await visitor.onMember?.(rootKey, parse(capture.end(chunk, i, decoder), `the member ${rootKey}`));
            }
            depth--;
            if (depth === 1 && inPaths) {
              // The paths object itself closed: its value ends at the next comma or brace.
              pathState = "key";
            }
            if (depth < 0) throw new JsonStreamError("Unbalanced brackets in the description");
            break;
          }
          if (level === 2 && inPaths) {
            if (capturingPath) {
              capturingPath = false;
              await visitor.onPathItem?.(pathKey, parse(capture.end(chunk, i, decoder), `the path item ${pathKey}`));
            }
            pathState = "key";
          } else if (level === 1) {
            if (capturingRoot) {
              capturingRoot = false;
              await visitor.onMember?.(rootKey, parse(capture.end(chunk, i, decoder), `the member ${rootKey}`));
            }
            inPaths = false;
            rootState = "key";
          }
          break;
        }
      }
    }
    capture.spill(chunk);
    bytes += n;
  }
  if (!started || depth !== 0 || inString) throw new JsonStreamError("The description ends before its JSON is complete");
  return { bytes, pathItems };
}
