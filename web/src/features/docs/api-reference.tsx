// The API reference, rendered from /api/openapi.json: operations by tag with parameters, bodies and answers.
import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { api } from "@/api/client";
import { C, H1, H2, Lead } from "./prose";

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
/** The parts of an OpenAPI 3.1 document this page reads (the route declares only "a JSON object"). */
type OpenApi = {
  info: { description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const openApiQuery = {
  queryKey: ["openapi"],
  queryFn: async (): Promise<OpenApi> => {
    const res = await api["openapi.json"].$get();
    if (!res.ok) throw new Error(`The API description answered HTTP ${res.status}`);
    return (await res.json()) as unknown as OpenApi;
  },
  staleTime: Infinity,
};

const METHOD_COLOURS: Record<string, string> = {
  get: "bg-blue-600",
  post: "bg-green-700",
  patch: "bg-amber-700",
  delete: "bg-red-600",
};

const anchorOf = (operationId: string) => `op-${operationId}`;

function SchemaView({ schema }: { schema: Schema }) {
  return <pre className="mt-1 max-h-72 overflow-auto rounded-md border bg-muted/40 p-2 text-xs">{JSON.stringify(schema, null, 2)}</pre>;
}

function OperationCard({ method, path, op }: { method: string; path: string; op: Operation }) {
  return (
    <section
      id={anchorOf(op.operationId)}
      className="my-4 scroll-mt-20 rounded-lg border bg-background p-4"
      aria-labelledby={`${anchorOf(op.operationId)}-title`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge className={`${METHOD_COLOURS[method] ?? "bg-gray-600"} font-mono text-white uppercase`}>{method}</Badge>
        <code className="font-mono text-sm break-all">{path}</code>
        {op.security?.length === 0 && <Badge variant="outline">no session needed</Badge>}
      </div>
      <h3 id={`${anchorOf(op.operationId)}-title`} className="mt-2 font-medium">
        {op.summary}
      </h3>
      <p className="text-xs text-muted-foreground">
        operationId <C>{op.operationId}</C>
      </p>
      {op.description && <p className="mt-2 text-sm">{op.description}</p>}
      {op.parameters && (
        <div className="mt-3">
          <h4 className="text-sm font-medium">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <C>{p.name}</C>{" "}
                <span className="text-muted-foreground">
                  ({p.in}
                  {p.required ? ", required" : ""})
                </span>{" "}
                {p.description}
              </li>
            ))}
          </ul>
        </div>
      )}
      {op.requestBody &&
        Object.entries(op.requestBody.content).map(([type, { schema }]) => (
          <details key={type} className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium">Request body ({type})</summary>
            <SchemaView schema={schema} />
          </details>
        ))}
      <div className="mt-3">
        <h4 className="text-sm font-medium">Answers</h4>
        <ul className="mt-1 space-y-1 text-sm">
          {Object.entries(op.responses).map(([status, response]) => {
            const schema = response.content && Object.values(response.content)[0]?.schema;
            return (
              <li key={status}>
                <details>
                  <summary className="cursor-pointer">
                    <span
                      className={`font-mono ${status.startsWith("2") || status.startsWith("1") || status.startsWith("3") ? "text-green-700" : "text-red-700"}`}
                    >
                      {status}
                    </span>{" "}
                    {response.description}
                  </summary>
                  {schema && <SchemaView schema={schema} />}
                </details>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function ApiReference() {
  const doc = useQuery(openApiQuery);
  return (
    <>
      <H1>API reference</H1>
      <Lead>
        Toolport's own API, rendered from{" "}
        <a className="font-medium text-primary underline underline-offset-4" href="/api/openapi.json">
          /api/openapi.json
        </a>
        . Import that description into Toolport to turn Toolport itself into an MCP server.
      </Lead>
      {doc.isPending && (
        <div role="status" aria-label="Loading the API description" className="flex justify-center py-12">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
        </div>
      )}
      {doc.isError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>Could not load the API description: {doc.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => doc.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {doc.data && <Operations doc={doc.data} />}
    </>
  );
}

function Operations({ doc }: { doc: OpenApi }) {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <>
      <p className="text-sm">{doc.info.description}</p>
      {doc.tags.map(({ name }) => (
        <div key={name}>
          <H2>{name}</H2>
          {operations
            .filter(({ op }) => op.tags.includes(name))
            .map(({ path, method, op }) => (
              <OperationCard key={`${method} ${path}`} method={method} path={path} op={op} />
            ))}
        </div>
      ))}
      <H2>Schemas</H2>
      {Object.entries(doc.components.schemas).map(([name, schema]) => (
        <details key={name} id={`schema-${name}`} className="my-2 rounded-lg border bg-background p-3 text-sm">
          <summary className="cursor-pointer font-medium">{name}</summary>
          <SchemaView schema={schema} />
        </details>
      ))}
    </>
  );
}
