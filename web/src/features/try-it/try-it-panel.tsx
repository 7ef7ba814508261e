// Try it: pick one of the server's tools (search by name), fill its arguments, run it through the
// server's MCP endpoint as yourself; the answer is the one a client gets, with its timing. A passthrough
// server forwards the caller's own API credential: Try it asks for it, for that call only.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/api/client";
import { modelViewQuery, runTool, type ModelView } from "@/api/try-it";
import { Field } from "@/components/field";
import { Input } from "@/components/ui/input";
import { ToolForm } from "./tool-form";
import { TryItResult } from "./try-it-result";

type Listed = ModelView["direct"]["listing"][number] & { name: string; description?: string; inputSchema: Record<string, unknown> };
const SHOWN_MATCHES = 50;

function ToolPicker({ tools, selected, onSelect }: { tools: Listed[]; selected: string | null; onSelect: (name: string) => void }) {
  const [query, setQuery] = useState("");
  const words = query.trim().toLowerCase();
  const matches = tools.filter((t) => t.name.toLowerCase().includes(words));
  return (
    <div className="space-y-2">
      <Input
        aria-label="Search tools by name"
        placeholder="Search tools by name"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul aria-label="Tools" className="max-h-72 space-y-1 overflow-auto">
        {matches.slice(0, SHOWN_MATCHES).map((t) => (
          <li key={t.name}>
            <button
              type="button"
              aria-pressed={t.name === selected}
              onClick={() => onSelect(t.name)}
              className={`w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent ${t.name === selected ? "bg-accent font-medium" : ""}`}
            >
              <span className="font-mono">{t.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {matches.length === 0 && <p className="text-sm text-muted-foreground">No tool matches "{query}".</p>}
      {matches.length > SHOWN_MATCHES && (
        <p className="text-xs text-muted-foreground">{matches.length - SHOWN_MATCHES} more: type more of the name.</p>
      )}
    </div>
  );
}

/** The caller's own API credential of a passthrough server, sent with the call and never kept. */
function UpstreamCredential({ authType, value, onChange }: { authType: string; value: string; onChange: (value: string) => void }) {
  const apiKey = authType === "apiKey";
  return (
    <Field
      id="try-it-upstream"
      label="Your API credential"
      className="space-y-1 rounded-md border p-3 text-sm"
      hint="This server forwards each caller's own credential to the API. It is sent with this call only, as a client would send it, and never stored."
    >
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete="off"
          maxLength={4000}
          placeholder={apiKey ? "Your API key" : authType === "basic" ? "Basic <base64 of username:password>" : "Bearer <your API token>"}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function TryItPanel({ serverId, passthroughAuthType = null }: { serverId: string; passthroughAuthType?: string | null }) {
  const view = useQuery(modelViewQuery(serverId));
  const [selected, setSelected] = useState<string | null>(null);
  const [credential, setCredential] = useState("");
  const forwards = !!passthroughAuthType && passthroughAuthType !== "none";
  const run = useMutation({
    mutationFn: (args: { tool: string; arguments: Record<string, unknown> }) =>
      runTool(serverId, { ...args, ...(forwards && credential.trim() ? { upstreamCredential: credential.trim() } : {}) }),
  });

  if (view.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading tools...
      </p>
    );
  if (view.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(view.error, "Failed to load the tools")}
      </p>
    );
  const tools = view.data.direct.listing as Listed[];
  const tool = tools.find((t) => t.name === selected) ?? null;

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Runs a tool through this server's MCP endpoint as you: the answer is exactly what an MCP client gets, the call appears in the call
        log as "Try it" and counts like any call that reaches the API.
        {view.data.mode === "search" && " This server is in search mode: the tool is called through call_tool, as a model would."}
      </p>
      {view.data.source === "draft" && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Deploy the server first: Try it calls its MCP endpoint.
        </p>
      )}
      {forwards && <UpstreamCredential authType={passthroughAuthType!} value={credential} onChange={setCredential} />}
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <ToolPicker
          tools={tools}
          selected={selected}
          onSelect={(name) => {
            setSelected(name);
            run.reset();
          }}
        />
        <div className="min-w-0 space-y-4">
          {tool ? (
            <>
              <div>
                <h3 className="font-mono font-medium">{tool.name}</h3>
                {tool.description && <p className="line-clamp-3 text-sm text-muted-foreground">{tool.description}</p>}
              </div>
              <ToolForm
                key={tool.name}
                schema={tool.inputSchema}
                running={run.isPending}
                onRun={(args) => run.mutate({ tool: tool.name, arguments: args })}
              />
              {run.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {errorMessage(run.error, "Failed to run the tool")}
                </p>
              )}
              {run.data && <TryItResult answer={run.data} />}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Pick a tool to try.</p>
          )}
        </div>
      </div>
    </div>
  );
}
