// How big what a model is shown is: bytes of its JSON and approximate tokens, shared by the Model view
// and the Tools step's search-mode recommendation.

/** Bytes per token of the approximation: about 4 for English text and JSON in current models' tokenizers. */
export const BYTES_PER_TOKEN = 4;

const encoder = new TextEncoder();

/** UTF-8 bytes of a string, or of a value's JSON. */
export const byteLength = (value: unknown) => encoder.encode(typeof value === "string" ? value : JSON.stringify(value)).length;

export const approxTokens = (bytes: number) => Math.ceil(bytes / BYTES_PER_TOKEN);
