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

const parse = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new JsonStreamError(`Invalid JSON in ${what}: ${(err as Error).message}`);
  }
};

/** Whitespace and byte order mark bytes, the only ones allowed before the root object. */
const isLeadingByte = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0xef || b === 0xbb || b === 0xbf;

/**
 * The walk's state over the bytes of one description. Each byte outside strings goes to the method of
 * its part of the walk; one that ends a member handed to the visitor answers the visitor's promise, which
 * is awaited before the next byte.
 */
class DescriptionWalk {
  private readonly decoder = new TextDecoder();
  private readonly capture = new Capture();
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;
  // Root object (depth 1) and paths object (depth 2) states.
  private rootState: Level = "key";
  private rootKey = "";
  private capturingRoot = false;
  private inPaths = false;
  private pathState: Level = "key";
  private pathKey = "";
  private capturingPath = false;
  /** 1 or 2 while reading a member name of the root or of `paths`, else 0. */
  private keyLevel = 0;
  bytes = 0;
  pathItems = 0;

  constructor(private readonly visitor: StreamVisitor) {}

  /** Reads one chunk of the stream, awaiting the visitor wherever a member it is handed ends. */
  async read(chunk: Uint8Array) {
    const n = chunk.byteLength;
    for (let i = 0; i < n; i++) {
      const b = chunk[i];
      if (this.inString) {
        // Only a backslash or the closing quote matter: most bytes of a description are inside strings.
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.closeString(chunk, i);
        continue;
      }
      const handed = this.structural(b, chunk, i);
      if (handed) await handed;
    }
    this.capture.spill(chunk);
    this.bytes += n;
  }

  /** A byte outside strings; answers the visitor's promise when the byte ended a member it is handed. */
  private structural(b: number, chunk: Uint8Array, i: number): void | Promise<void> {
    if (!this.started && b !== OPEN_OBJECT) {
      // Before the root object only whitespace and a byte order mark may come.
      if (isLeadingByte(b)) return;
      throw new JsonStreamError("The description is not a JSON object");
    }
    switch (b) {
      case QUOTE:
        return this.openString(i);
      case COLON:
        return this.colon(i);
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        return this.open();
      case COMMA:
        return this.comma(chunk, i);
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        return this.close(chunk, i);
    }
  }

  private closeString(chunk: Uint8Array, i: number) {
    this.inString = false;
    if (this.keyLevel !== 0) this.endKey(chunk, i);
  }

  /** The closing quote of a member name of the root or of `paths`. */
  private endKey(chunk: Uint8Array, i: number) {
    const key = parse(this.capture.end(chunk, i + 1, this.decoder), "a member name") as string;
    if (this.keyLevel === 1) {
      this.rootKey = key;
      this.rootState = "colon";
    } else {
      this.pathKey = key;
      this.pathState = "colon";
    }
    this.keyLevel = 0;
  }

  private openString(i: number) {
    this.inString = true;
    if (this.depth === 1 && this.rootState === "key") {
      this.keyLevel = 1;
      this.capture.begin(i);
    } else if (this.inPaths && this.depth === 2 && this.pathState === "key") {
      this.keyLevel = 2;
      this.capture.begin(i);
    }
  }

  /** After a member name: the value of a wanted root member or of a path item starts. */
  private colon(i: number) {
    if (this.depth === 1 && this.rootState === "colon") {
      this.rootState = "value";
      if (this.rootKey === "paths") this.inPaths = true;
      else if (this.visitor.wantMember(this.rootKey)) {
        this.capturingRoot = true;
        this.capture.begin(i + 1);
      }
    } else if (this.inPaths && this.depth === 2 && this.pathState === "colon") {
      this.pathState = "value";
      this.pathItems++;
      if (this.visitor.wantPathItems) {
        this.capturingPath = true;
        this.capture.begin(i + 1);
      } else return this.visitor.onPathItem?.(this.pathKey, null);
    }
  }

  private open() {
    if (this.depth === 0) {
      if (this.started) throw new JsonStreamError("The description has more than one JSON value");
      this.started = true;
    }
    this.depth++;
  }

  /** The path item being captured ends before byte `i`. */
  private endPathItem(chunk: Uint8Array, i: number) {
    this.capturingPath = false;
    return this.visitor.onPathItem?.(this.pathKey, parse(this.capture.end(chunk, i, this.decoder), `the path item ${this.pathKey}`));
  }

  /** The root member being captured ends before byte `i`. */
  private endRootMember(chunk: Uint8Array, i: number) {
    this.capturingRoot = false;
    return this.visitor.onMember?.(this.rootKey, parse(this.capture.end(chunk, i, this.decoder), `the member ${this.rootKey}`));
  }

  /** A comma: the member at this level ends here. */
  private comma(chunk: Uint8Array, i: number) {
    if (this.depth === 2 && this.inPaths) {
      const handed = this.capturingPath ? this.endPathItem(chunk, i) : undefined;
      this.pathState = "key";
      return handed;
    }
    if (this.depth === 1) {
      const handed = this.capturingRoot ? this.endRootMember(chunk, i) : undefined;
      this.inPaths = false;
      this.rootState = "key";
      return handed;
    }
  }

  /** A closing bracket: the level's last member ended, then the level's own container closes. */
  private close(chunk: Uint8Array, i: number) {
    let handed: void | Promise<void> = undefined;
    if (this.depth === 2 && this.inPaths && this.capturingPath) handed = this.endPathItem(chunk, i);
    if (this.depth === 1 && this.capturingRoot) handed = this.endRootMember(chunk, i);
    this.depth--;
    // The paths object itself closed: its value ends at the next comma or brace.
    if (this.depth === 1 && this.inPaths) this.pathState = "key";
    if (this.depth < 0) throw new JsonStreamError("Unbalanced brackets in the description");
    return handed;
  }

  /** The stream ends: the root object must be complete. */
  finish() {
    if (!this.started || this.depth !== 0 || this.inString) throw new JsonStreamError("The description ends before its JSON is complete");
    return { bytes: this.bytes, pathItems: this.pathItems };
  }
}

/**
 * Walks the JSON object in `stream`, calling `visitor` for the top-level members it wants and for each
 * path item. Only the structure of the root object and of `paths` is followed; everything else is
 * skipped byte by byte or captured for JSON.parse.
 */
export async function walkDescription(
  stream: ReadableStream<Uint8Array>,
  visitor: StreamVisitor,
): Promise<{ bytes: number; pathItems: number }> {
  const walk = new DescriptionWalk(visitor);
  const reader = stream.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    await walk.read(chunk);
  }
  return walk.finish();
}
