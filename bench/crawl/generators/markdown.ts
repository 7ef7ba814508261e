// Markdown generators rendered with marked into an MkDocs Material page: openapi-to-md (TypeScript
// signatures per parameter group), openapi-markdown and swagger-markdown (a table per operation;
// swagger-markdown reads Swagger 2.0 only).
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { marked } from "marked";
import { convertMarkdown } from "openapi-to-md";
import { mkdocsShell } from "../shells";
import { type Generator, type Json } from "./types";

const run = promisify(execFile);
const BIN = join(import.meta.dirname, "..", "..", "node_modules", ".bin"); // bench/node_modules

/** Runs a generator's command line over the description written to a temporary file; answers the Markdown it wrote. */
export async function runCli(
  doc: Json,
  command: (input: string, output: string) => [string, string[]],
  outputName = "out.md",
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "toolport-bench-gen-"));
  try {
    const input = join(dir, "openapi.json");
    const output = join(dir, outputName);
    await writeFile(input, JSON.stringify(doc));
    const [bin, args] = command(input, output);
    const { stderr } = await run(join(BIN, bin), args, { cwd: dir, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
    // Some of these tools print their crash and still exit 0: the missing output file tells.
    return await readFile(output, "utf8").catch(() => {
      throw new Error(
        `${bin} wrote nothing: ${
          stderr
            .split("\n")
            .find((l) => /error/i.test(l))
            ?.trim() ?? stderr.slice(0, 200)
        }`,
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const page = (doc: Json, markdown: string) => {
  const nav = [
    { href: "/", text: "API Reference" },
    { href: "/changelog/", text: "Changelog" },
  ];
  return [{ path: "index.html", body: mkdocsShell(doc.info?.title ?? "API Reference", marked.parse(markdown, { async: false }), nav) }];
};

export const openapiToMd: Generator = async (doc) => page(doc, (await convertMarkdown(JSON.stringify(doc), false)) ?? "");
export const openapiMarkdown: Generator = async (doc) => page(doc, await runCli(doc, (i, o) => ["openapi-markdown", ["-i", i, "-o", o]]));
export const swaggerMarkdown: Generator = async (doc) => page(doc, await runCli(doc, (i, o) => ["swagger-markdown", ["-i", i, "-o", o]]));
