// bootprint-openapi: a static one-page HTML reference (a summary table per tag, then every operation
// with its parameter, body and response panels), as `bootprint openapi <description> <dir>` writes it.
import { sitemap } from "../shells";
import { runCli } from "./markdown";
import { type Generator } from "./types";

export const bootprintOpenapi: Generator = async (doc) => {
  const html = await runCli(
    doc,
    (input, output) => ["bootprint", ["openapi", input, output.slice(0, -"/index.html".length)]],
    "site/index.html",
  );
  return [
    { path: "index.html", body: html },
    { path: "sitemap.xml", body: sitemap([""]) },
  ];
};
