// What a page's reading yields: endpoint drafts and the page-wide hints, shared by every reader.
import type { Schema } from "./json-schema";
import type { FoundParam } from "./params";

export type Draft = {
  method: string;
  /** Path as written: relative (/notes/{id}) or absolute (https://api.example.com/v1/notes). */
  rawPath: string;
  summary?: string;
  description?: string;
  params: FoundParam[];
  requestExample?: Schema;
  responseExample?: Schema;
  source: string;
  /** How the route was found: 0 a summary table or list, 1 a request example only, 2 a signature. */
  strength: number;
  /** The route was read from a request example (a code block) rather than written as the endpoint's definition. */
  example?: boolean;
  /** A table's or list's route that only names a section, whose own request lines state the routes (`/files/view` over `GET /files/view/md5/(md5)`). */
  namesSection?: boolean;
  /** Read from a list of endpoints that names no methods: a GET unless the pages give the path a method elsewhere. */
  methodless?: boolean;
  /** The example is the first request under a heading of its own that names what it does ("List Available Models"): it documents that route. */
  titled?: boolean;
  /** Other routes its line states with it (`HEAD|GET /x`, "`GET /a`, `GET /b`: …"): each an operation with the same parameters. */
  also?: { method: string; rawPath: string }[];
  /** Another route whose parameters the pages say this one takes too ("all parameters that work for the /api endpoint are supported … as well"). */
  sharesParamsOf?: string;
};
export type Hints = {
  baseUrls: string[];
  exampleUrls: string[];
  auth: Set<string>;
  apiKeyHeaders: Set<string>;
  apiKeyQuery: Set<string>;
  /** Fields of the objects the pages describe ("The User object"), by lowercase name. */
  objects?: Record<string, FoundParam[]>;
  /** Path templates written without a method (`<topic>/json`): examples that are their instances take their placeholders. */
  templates?: string[];
  /** URLs on an instance's address (`http://localhost:3000/api/v1/user/keys/1`) in the pages' code: the API shown where a user runs it. */
  instanceUrls?: string[];
  /** Whole URLs written in code spans of prose lines ("send a request to `https://host/api/v2/entries/en/hello`"). */
  proseUrls?: string[];
  /** Paths a prose sentence names together without a method ("top and new stories are at `/v0/top` and `/v0/new`"). */
  mentions?: string[][];
  /** Paths the pages say are aliases of another ("`/publish` (or its aliases `/send` and `/trigger`)"): alias → path. */
  aliases?: Record<string, string>;
  /** Values the pages say stand for a parameter ("your topic is `mywebhook`"): value → name. */
  values?: Record<string, string>;
};
export type Page = { url: string; title?: string | null; markdown: string };
