// Multipart bodies read in place: the parts of what FormData encoders send, as views of the body;
// every other shape left to the platform's FormData parser (null).
import { describe, expect, it } from "vitest";
import { boundaryOf, plainFormParts } from "../../worker/lib/multipart";

/** A form encoded as HTTP clients send it (this platform's FormData), and its content type. */
async function encoded(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  const res = new Response(form);
  return { type: res.headers.get("content-type")!, body: new Uint8Array(await res.arrayBuffer()) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A hand-written body with `boundary` from its parts' header lines and contents. */
const written = (boundary: string, parts: [string[], string][], tail = "--\r\n") =>
  new TextEncoder().encode(
    parts.map(([headers, content]) => `--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n${content}\r\n`).join("") + `--${boundary}${tail}`,
  );

describe("plainFormParts", () => {
  it("reads the file and fields FormData encodes, the file's bytes as sent", async () => {
    const description = '{ "openapi": "3.1.0", "info": { "title": "Caf\u00e9 \u2014 \ud83c\udf6b" } }\r\n--not-the-boundary\r\n';
    const { type, body } = await encoded([
      ["name", "My API \u2014 2"],
      ["file", new File([description], "api.json", { type: "application/json" })],
      ["empty", new File([], "")],
    ]);
    const parts = plainFormParts(body, boundaryOf(type)!);
    expect(parts?.map((p) => ({ name: p.name, filename: p.filename, content: text(p.body) }))).toEqual([
      { name: "name", filename: undefined, content: "My API \u2014 2" },
      { name: "file", filename: "api.json", content: description },
      // A part is a file when it names a file (as the spec's parser reads it): this encoder names none for "".
      { name: "empty", filename: undefined, content: "" },
    ]);
    expect(parts![1].body.buffer).toBe(body.buffer);
  });

  it("reads a quoted boundary, an empty form and the empty file of a form sent with no file chosen", () => {
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    expect(plainFormParts(written("a b:c", []), "a b:c")).toEqual([]);
    const noFile = written("a b:c", [
      [['Content-Disposition: form-data; name="file"; filename=""', "Content-Type: application/octet-stream"], ""],
    ]);
    expect(plainFormParts(noFile, "a b:c")).toEqual([{ name: "file", filename: "", body: new Uint8Array() }]);
    expect(boundaryOf("application/x-www-form-urlencoded")).toBeNull();
    expect(boundaryOf("multipart/form-data")).toBeNull();
  });

  it("leaves every other shape to FormData", () => {
    const b = "XyZ";
    const plain = (headers: string[]) => plainFormParts(written(b, [[headers, "content"]]), b);
    expect(plain(['Content-Disposition: form-data; name="file"; filename="a.json"', "Content-Type: application/json"])).toHaveLength(1);
    // Escaped or encoded names, extended parameters, other headers, repeated or missing dispositions.
    expect(plain(['Content-Disposition: form-data; name="file"; filename="a%22b.json"'])).toBeNull();
    expect(plain(['Content-Disposition: form-data; name="file"; filename="a\\"b.json"'])).toBeNull();
    expect(plain(["Content-Disposition: form-data; name=file"])).toBeNull();
    expect(plain(["Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''a.json"])).toBeNull();
    expect(plain(['Content-Disposition: form-data; name="f\u00e9"'])).toBeNull();
    expect(plain(['Content-Disposition: form-data; name="a"', "Content-Transfer-Encoding: base64"])).toBeNull();
    expect(plain(['Content-Disposition: form-data; name="a"', 'Content-Disposition: form-data; name="b"'])).toBeNull();
    expect(plain(['Content-Disposition: attachment; name="a"'])).toBeNull();
    expect(plain(['Content-Disposition: form-data; filename="a.json"'])).toBeNull();
    expect(plain([])).toBeNull();
    // A preamble, a missing closing delimiter, padding after a delimiter, bare line feeds.
    const one: [string[], string][] = [[['Content-Disposition: form-data; name="a"'], "x"]];
    expect(plainFormParts(new Uint8Array([13, 10, ...written(b, one)]), b)).toBeNull();
    expect(plainFormParts(written(b, one, ""), b)).toBeNull();
    expect(plainFormParts(written(b, one).slice(0, -8), b)).toBeNull();
    expect(
      plainFormParts(new TextEncoder().encode(`--${b} \r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${b}--`), b),
    ).toBeNull();
    expect(plainFormParts(new TextEncoder().encode(`--${b}\nContent-Disposition: form-data; name="a"\n\nx\n--${b}--`), b)).toBeNull();
  });
});
