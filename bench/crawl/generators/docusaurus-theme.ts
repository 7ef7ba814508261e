// The theme components docusaurus-plugin-openapi-docs' MDX pages use, rendered as
// docusaurus-theme-openapi-docs renders them on the server (its class names and layout: the method
// badge with the path written `:param`, collapsible parameter and schema lists, response tabs).
import { createElement as h, Fragment, type ReactNode } from "react";

type Json = Record<string, any>;
type Props = Json & { children?: ReactNode };
const MAX_DEPTH = 4;

const typeOf = (schema: Json): string => {
  if (!schema || typeof schema !== "object") return "";
  if (schema.type === "array") return `${typeOf(schema.items ?? {}) || "object"}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  return [type ?? (schema.properties ? "object" : ""), schema.format ? `<${schema.format}>` : ""].join("");
};

function container(name: string, schema: Json, required: boolean) {
  return h(
    "span",
    { className: "openapi-schema__container" },
    h("strong", { className: "openapi-schema__property" }, name),
    h("span", { className: "openapi-schema__name" }, typeOf(schema)),
    required
      ? h(
          Fragment,
          null,
          h("span", { className: "openapi-schema__divider" }),
          h("span", { className: "openapi-schema__required" }, "required"),
        )
      : null,
  );
}

/** One property of a schema: a line, or a collapsible block for objects and arrays of objects. */
function schemaItem(name: string, schema: Json, required: boolean, depth: number): ReactNode {
  const nested = schema?.type === "array" ? schema.items : schema;
  const description = schema?.description
    ? h("div", { className: "openapi-schema__description" }, h("p", null, String(schema.description)))
    : null;
  if (nested?.properties && depth < MAX_DEPTH) {
    return h(
      "div",
      { className: "openapi-schema__list-item", key: name },
      h(
        "details",
        { className: "openapi-markdown__details" },
        h("summary", null, container(name, schema, required)),
        h("div", { style: { marginLeft: "1rem" } }, description, properties(nested, depth + 1)),
      ),
    );
  }
  const enumValues = Array.isArray(schema?.enum)
    ? h(
        "div",
        null,
        h("strong", null, "Possible values: "),
        schema.enum.map((v: unknown) => h("code", { key: String(v) }, `${String(v)} `)),
      )
    : null;
  return h(
    "div",
    { className: "openapi-schema__list-item", key: name },
    h("div", null, container(name, schema ?? {}, required), enumValues, description),
  );
}

function properties(schema: Json, depth: number): ReactNode {
  const required = new Set<string>(schema.required ?? []);
  const all = [schema, ...(schema.allOf ?? [])];
  return all.flatMap((s: Json) =>
    Object.entries<Json>(s?.properties ?? {}).map(([name, prop]) => schemaItem(name, prop, required.has(name), depth)),
  );
}

const details = (heading: ReactNode, body: ReactNode, className = "openapi-markdown__details") =>
  h("details", { className, "data-collapsed": "false", open: true }, h("summary", null, heading), h("div", null, body));

function ParamsDetails({ parameters }: Props) {
  const list: Json[] = parameters ?? [];
  const groups = ["path", "query", "header", "cookie"]
    .map((where) => [where, list.filter((p) => p.in === where)] as const)
    .filter(([, ps]) => ps.length);
  return h(
    Fragment,
    null,
    groups.map(([where, ps]) =>
      h(
        "div",
        { key: where },
        details(
          h(
            "h3",
            { className: "openapi-markdown__details-summary-header-params" },
            `${where[0].toUpperCase()}${where.slice(1)} Parameters`,
          ),
          h(
            "ul",
            null,
            ps.map((p) =>
              h(
                "li",
                { className: "openapi-params__list-item", key: p.name },
                container(p.name, p.schema ?? {}, p.required === true),
                p.description ? h("div", null, h("p", null, String(p.description))) : null,
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

function mediaTabs(content: Json, render: (media: string, schema: Json) => ReactNode) {
  const types = Object.keys(content ?? {});
  if (!types.length) return null;
  return h(
    "div",
    { className: "tabs-container openapi-tabs__mime-container" },
    h(
      "ul",
      { role: "tablist", className: "tabs openapi-tabs__mime" },
      types.map((t, i) => h("li", { key: t, role: "tab", className: `tabs__item openapi-tabs__mime-item${i ? "" : " active"}` }, t)),
    ),
    h("div", { role: "tabpanel", className: "margin-top--md" }, render(types[0], content[types[0]]?.schema ?? {})),
  );
}

function RequestSchema({ title, body }: Props) {
  if (!body?.content) return null;
  return mediaTabs(body.content, (_media, schema) =>
    details(
      h(
        Fragment,
        null,
        h("h3", { className: "openapi-markdown__details-summary-header-body" }, title),
        body.required ? h("strong", { className: "openapi-schema__required" }, "required") : null,
      ),
      h("ul", { style: { marginLeft: "1rem" } }, schema.properties || schema.allOf ? properties(schema, 0) : h("li", null, typeOf(schema))),
      "openapi-markdown__details mime",
    ),
  );
}

function StatusCodes({ responses }: Props) {
  const codes = Object.keys(responses ?? {});
  if (!codes.length) return null;
  return h(
    "div",
    null,
    h("h2", { id: "responses", className: "openapi-tabs__heading" }, "Responses"),
    h(
      "div",
      { className: "openapi-tabs__container" },
      h(
        "ul",
        { role: "tablist", className: "openapi-tabs__response-list" },
        codes.map((c) => h("li", { key: c, role: "tab", className: `openapi-tabs__response-code-item response-${c}` }, c)),
      ),
      codes.map((code) =>
        h(
          "div",
          { key: code, role: "tabpanel" },
          h("div", null, h("p", null, String(responses[code]?.description ?? ""))),
          mediaTabs(responses[code]?.content, (_media, schema) =>
            details(
              h("strong", null, "Schema"),
              h("ul", { style: { marginLeft: "1rem" } }, properties(schema.type === "array" ? (schema.items ?? {}) : schema, 0)),
            ),
          ),
        ),
      ),
    ),
  );
}

function MethodEndpoint({ method, path }: Props) {
  // The theme writes path parameters as :name in the endpoint line.
  const shown = String(path ?? "").replace(/\{([^}/]+)\}/g, ":$1");
  return h(
    Fragment,
    null,
    h(
      "pre",
      { className: "openapi__method-endpoint" },
      h(
        "span",
        { className: `badge badge--${method === "get" ? "primary" : method === "delete" ? "danger" : "success"}` },
        String(method).toUpperCase(),
      ),
      " ",
      h("h2", { className: "openapi__method-endpoint-path" }, shown),
    ),
    h("div", { className: "openapi__divider" }),
  );
}

const Heading = ({ as, id, className, children }: Props) => h(as ?? "h2", { id, className }, children);
const Passthrough = ({ children }: Props) => h(Fragment, null, children);
const Tab = ({ children, label }: Props) => h("div", { role: "tabpanel", "aria-label": label }, children);
const Nothing = () => null;

/** The components an MDX page of the plugin names, by name. */
export const THEME_COMPONENTS = {
  Heading,
  MethodEndpoint,
  ParamsDetails,
  RequestSchema,
  StatusCodes,
  OperationTabs: Passthrough,
  SchemaTabs: Passthrough,
  DiscriminatorTabs: Passthrough,
  TabItem: Tab,
  Translate: Passthrough,
  Export: Nothing,
  ApiLogo: Nothing,
  SecuritySchemes: Nothing,
  Schema: ({ schema }: Props) => h("ul", null, properties(schema ?? {}, 0)),
  SchemaItem: ({ name, schema, required }: Props) => schemaItem(String(name ?? ""), schema ?? {}, required === true, 0),
};
