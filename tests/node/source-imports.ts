// The import graph of the Worker, its Durable Objects and the SPA, read with TypeScript's parser:
// every module's imports, resolved to files of the repository or named as packages.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const FOLDERS = ["worker", "durable-objects", "web/src"];

/** One import of a module: what it names, and whether it is erased at run time (`import type`, type-only names). */
export type SourceImport = { specifier: string; typeOnly: boolean; dynamic: boolean };

/** The TypeScript and TSX files under the folders, as paths relative to the repository. */
export function sourceFiles(folders = FOLDERS): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

/** Whether every name an import or export clause brings in is marked `type`. */
function onlyTypes(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import "x"` runs the module
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      !clause.name &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((e) => e.isTypeOnly)
    );
  }
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

const parsed = new Map<string, SourceImport[]>();

/** The imports of one file of the repository: static imports, re-exports and `import("…")` calls (each file parsed once a run). */
export function importsOf(file: string): SourceImport[] {
  if (!parsed.has(file)) parsed.set(file, importsOfText(readFileSync(join(root, file), "utf8"), file));
  return parsed.get(file)!;
}

/** The imports of a module's source text (`file` names it, and says whether it is TSX). */
export function importsOfText(text: string, file: string): SourceImport[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: SourceImport[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: onlyTypes(node), dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: true });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// `.d.ts` last: a generated module (worker/deploy/runtime-bundle.js, built before tests) is described by its committed declaration.
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx", ".d.ts"];

/** The repository file a relative or `@/` (web/src) specifier names, or null when it names a package or nothing. */
export function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? join(root, "web/src", specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(root, dirname(from), specifier)
      : null;
  if (!base) return null;
  const bare = base.split("?")[0].replace(/\.js$/, "");
  for (const ext of EXTENSIONS) {
    const path = bare + ext;
    if (existsSync(path) && statSync(path).isFile()) return relative(root, path);
  }
  return null;
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null for a local, built-in or runtime module. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("@/")) return null;
  if (/^(?:node|cloudflare|virtual):/.test(specifier)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
