// The arguments of one tool: a form generated from its inputSchema (RJSF; required fields first,
// enums as selects, nested objects and arrays editable) or the raw JSON, and Run.
// The Form module itself: the package index also exports a test registry that imports Ajv (not installed, and refused by the CSP).
import Form from "@rjsf/core/lib/components/Form.js";
import type { RJSFSchema } from "@rjsf/utils";
import { Play } from "@/components/icons";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { formTemplates, requiredFirst } from "./form-theme";
import { schemaValidator } from "./schema-validator";

type Props = { schema: Record<string, unknown>; running: boolean; onRun: (args: Record<string, unknown>) => void };
type Tab = "form" | "json";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Parses the raw JSON tab: an object, or the reason it is not one. */
function parseArguments(text: string): { args: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text || "{}");
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
  return isObject(value) ? { args: value } : { error: "The arguments must be a JSON object" };
}

export function ToolForm({ schema, running, onRun }: Props) {
  const [tab, setTab] = useState<Tab>("form");
  const [data, setData] = useState<Record<string, unknown>>({});
  const [raw, setRaw] = useState("{}");
  const [rawError, setRawError] = useState<string | null>(null);
  const uiSchema = useMemo(() => requiredFirst(schema as RJSFSchema), [schema]);

  const show = (next: Tab) => {
    if (next === tab) return;
    if (next === "json") {
      setRaw(JSON.stringify(data, null, 2));
      setRawError(null);
    } else {
      const parsed = parseArguments(raw);
      if ("error" in parsed) return setRawError(parsed.error);
      setData(parsed.args);
    }
    setTab(next);
  };
  // The raw JSON goes as it is: a value the schema refuses is answered by the server, as a client's would be.
  const runRaw = () => {
    const parsed = parseArguments(raw);
    if ("error" in parsed) return setRawError(parsed.error);
    setRawError(null);
    onRun(parsed.args);
  };
  const runButton = (
    <Button type="submit" disabled={running}>
      <Play aria-hidden /> {running ? "Running..." : "Run"}
    </Button>
  );

  return (
    <div className="space-y-3">
      <Tabs value={tab} onValueChange={(value) => show(value as Tab)}>
        <TabsList aria-label="Arguments">
          <TabsTrigger value="form">Form</TabsTrigger>
          <TabsTrigger value="json">Raw JSON</TabsTrigger>
        </TabsList>
      </Tabs>
      {tab === "form" ? (
        <Form
          className="schema-form space-y-4"
          schema={schema as RJSFSchema}
          uiSchema={uiSchema}
          formData={data}
          validator={schemaValidator}
          templates={formTemplates}
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => setData(isObject(e.formData) ? e.formData : {})}
          onSubmit={(e) => onRun(isObject(e.formData) ? e.formData : {})}
        >
          {runButton}
        </Form>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            runRaw();
          }}
        >
          <Textarea
            aria-label="Arguments as JSON"
            className="min-h-40 font-mono text-xs"
            value={raw}
            onChange={(e) => setRaw(e.target.value)}
            spellCheck={false}
          />
          {rawError && (
            <p role="alert" className="text-sm text-red-700">
              {rawError}
            </p>
          )}
          <p className="text-xs text-muted-foreground">Sent exactly as written: the server checks the arguments as it checks a client's.</p>
          {runButton}
        </form>
      )}
    </div>
  );
}
