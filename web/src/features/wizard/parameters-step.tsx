// Parameters step: auto-detected and chosen static parameters with values (a field array of the
// wizard's draft form), and the dynamic ones (first 10, then '... and N more parameters'), each with
// Make Static / Make Dynamic. A static value's input follows its argument's schema: a select for an
// enum or a boolean, a number field for numbers.
import { useFieldArray, useFormContext, type UseFormRegisterReturn } from "react-hook-form";
import type { ParameterCandidate } from "@/api/auth-config";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ValueKind } from "../../../../worker/lib/static-values";
import type { AuthDraft } from "./auth-draft";

export const DYNAMIC_SHOWN = 10;

type Props = { dynamic: ParameterCandidate[]; kinds: ReadonlyMap<string, ValueKind> };

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

/** The value's input, typed by what the argument takes. */
function StaticValueInput({ name, kind, field }: { name: string; kind: ValueKind; field: UseFormRegisterReturn }) {
  const label = `Value for ${name}`;
  const options = kind.kind === "enum" ? kind.options : kind.kind === "boolean" ? ["true", "false"] : null;
  if (options) {
    return (
      <select aria-label={label} className={selectClass} {...field}>
        <option value="">Choose a value…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  const numeric = kind.kind === "integer" || kind.kind === "number";
  return (
    <Input
      aria-label={label}
      placeholder={label}
      maxLength={2000}
      {...(numeric ? { type: "number", step: kind.kind === "integer" ? 1 : "any" } : {})}
      {...field}
    />
  );
}

const percent = (c: number) => `${Math.round(c * 100)}%`;

export function ParametersStep({ dynamic, kinds }: Props) {
  const { control, register } = useFormContext<AuthDraft>();
  const { fields: staticParams, append, remove } = useFieldArray({ control, name: "staticParams" });
  return (
    <div className="space-y-6">
      <section className="space-y-2" aria-labelledby="static-params">
        <h3 id="static-params" className="font-medium">
          Static parameters
        </h3>
        <p className="text-sm text-muted-foreground">
          Fixed for this server and filled in on every call, so MCP clients never have to send them.
        </p>
        {staticParams.length === 0 ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
            No static parameters. Make a parameter static below to fix its value.
          </p>
        ) : (
          <ul className="space-y-2">
            {staticParams.map((p, i) => (
              <li key={p.id} className="space-y-2 rounded-md border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <code className="font-medium">{p.name}</code>
                  <Badge variant="outline">{p.type}</Badge>
                  {p.confidence > 0 && <Badge variant="secondary">{percent(p.confidence)} confidence</Badge>}
                  <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={() => remove(i)}>
                    Make Dynamic
                  </Button>
                </div>
                <p className="text-xs text-muted-foreground">{p.reason}</p>
                <StaticValueInput name={p.name} kind={kinds.get(p.name) ?? { kind: "text" }} field={register(`staticParams.${i}.value`)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-2" aria-labelledby="dynamic-params">
        <h3 id="dynamic-params" className="font-medium">
          Dynamic parameters
        </h3>
        <p className="text-sm text-muted-foreground">MCP clients provide these on each call.</p>
        {dynamic.length === 0 ? (
          <p className="text-sm text-muted-foreground">No dynamic parameters.</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {dynamic.slice(0, DYNAMIC_SHOWN).map((p) => (
              <li key={p.name} className="flex flex-wrap items-center gap-2 p-2 text-sm">
                <code>{p.name}</code>
                <Badge variant="outline">{p.type}</Badge>
                <span className="text-xs text-muted-foreground">{p.reason}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  onClick={() => append({ ...p, value: "" })}
                  aria-label={`Make ${p.name} static`}
                >
                  Make Static
                </Button>
              </li>
            ))}
          </ul>
        )}
        {dynamic.length > DYNAMIC_SHOWN && (
          <p className="text-sm text-muted-foreground">... and {dynamic.length - DYNAMIC_SHOWN} more parameters</p>
        )}
      </section>
    </div>
  );
}
