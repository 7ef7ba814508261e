// Redocly's static HTML (`redocly build-docs`): Redoc pre-rendered on the server, the description
// embedded in the page's state for the browser to render the operations.
import { sitemap } from "../shells";
import { runCli } from "./markdown";
import { type Generator } from "./types";

export const redoclyBuildDocs: Generator = async (doc) => {
  const html = await runCli(doc, (i, o) => ["redocly", ["build-docs", i, "-o", o]], "index.html");
  return [
    { path: "index.html", body: html },
    { path: "sitemap.xml", body: sitemap([""]) },
  ];
};
