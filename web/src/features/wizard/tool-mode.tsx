// The Tools step's choices of how tools reach a model (each directly, or three search tools for a large
// API) and how large one answer may be; both are saved at once and apply at the next deploy.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { saveToolSettings, toolModeQuery, type ToolMode, type ToolSettings } from "@/api/tools";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { DIRECT_LIST_ADVISED_BYTES, formatBytes, SEARCH_MODE_ADVISED_OVER } from "./tool-size";

const CHOICES: { mode: ToolMode; label: string; help: string }[] = [
  {
    mode: "direct",
    label: "Each tool directly",
    help: "Best for up to a few dozen tools: the client lists them and the model picks one without an extra step.",
  },
  {
    mode: "search",
    label: "Search mode (search_tools, describe_tool, call_tool)",
    help: "For large APIs (hundreds of operations): the model searches the active tools by words, reads one tool's arguments, then calls it. Only call_tool calls count toward usage.",
  },
];
/** The response budget in KB of 1,000 bytes, as the API bounds it (1,000 to 1,000,000 bytes). */
const MIN_KB = 1;
const MAX_KB = 1000;
/** The budget field: a whole number of KB within the API's bounds. */
export const budgetSchema = z.object({
  kb: z
    .string()
    .refine(
      (kb) => Number.isInteger(Number(kb)) && Number(kb) >= MIN_KB && Number(kb) <= MAX_KB,
      `Enter a whole number of KB from ${MIN_KB} to ${MAX_KB}.`,
    ),
});

function useToolSettings(serverId: string, failure: string) {
  const queryClient = useQueryClient();
  const query = toolModeQuery(serverId);
  const settings = useQuery(query);
  const save = useMutation({
    mutationFn: (change: Partial<ToolSettings>) => saveToolSettings(serverId, change),
    onSuccess: (data, change) =>
      queryClient.setQueryData(query.queryKey, (old) => ({
        ...(old ?? { toolMode: "direct", maxResponseBytes: 100_000 }),
        ...change,
        ...data,
      })),
    onError: (error) => toast.error(errorMessage(error, failure)),
  });
  return { settings, save };
}

type ListSize = { toolCount: number; bytes: number; tokens: number; measured: boolean };

/** Over SEARCH_MODE_ADVISED_OVER operations, or a list over DIRECT_LIST_ADVISED_BYTES, in direct mode: what the list weighs, and the switch to search mode. */
function SearchModeAdvice({ size, onUse, busy }: { size: ListSize; onUse: () => void; busy: boolean }) {
  const weight = `${size.measured ? "" : "at least "}${formatBytes(size.bytes)} (about ${size.tokens.toLocaleString("en-US")} tokens)`;
  return (
    <div
      role="note"
      aria-label="Search mode recommended"
      className="flex flex-wrap items-center gap-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900"
    >
      <p className="flex-1">
        <strong>Search mode recommended.</strong> This API has {size.toolCount.toLocaleString("en-US")} operations. In direct mode every
        client loads the active tools' list when it connects: {weight}, which crowds a model's context. Search mode lists three tools (about
        1.3 KB) and finds the right one for each task.
      </p>
      <Button type="button" size="sm" onClick={onUse} disabled={busy}>
        Use search mode
      </Button>
    </div>
  );
}

/** Two radio choices, saved at once; they apply at the next deploy. Large APIs and heavy lists are advised search mode. */
export function ToolModeChoice({ serverId, size }: { serverId: string; size?: ListSize }) {
  const { settings, save } = useToolSettings(serverId, "Failed to change the tool mode");
  const advise =
    !!size && (size.toolCount > SEARCH_MODE_ADVISED_OVER || size.bytes > DIRECT_LIST_ADVISED_BYTES) && settings.data?.toolMode === "direct";
  return (
    <div className="space-y-3">
      {advise && <SearchModeAdvice size={size} busy={save.isPending} onUse={() => save.mutate({ toolMode: "search" })} />}
      <fieldset className="space-y-1 rounded-md border p-3 text-sm" disabled={settings.isPending || save.isPending}>
        <legend className="px-1 font-medium">How the model reaches the tools</legend>
        {CHOICES.map((choice) => (
          <label key={choice.mode} className="flex items-start gap-2">
            <input
              type="radio"
              name="tool-mode"
              className="mt-1"
              checked={settings.data?.toolMode === choice.mode}
              onChange={() => save.mutate({ toolMode: choice.mode })}
            />
            <span>
              {choice.label}
              <span className="block text-xs text-muted-foreground">{choice.help}</span>
            </span>
          </label>
        ))}
        <p className="text-xs text-muted-foreground">Applies at the next deploy. Plan limits count active tools in both modes.</p>
      </fieldset>
      {settings.data && <ResponseBudget serverId={serverId} savedBytes={settings.data.maxResponseBytes} />}
    </div>
  );
}

/** The largest answer one tool call returns to the model; longer answers are cut with a note saying so. */
function ResponseBudget({ serverId, savedBytes }: { serverId: string; savedBytes: number }) {
  const { save } = useToolSettings(serverId, "Failed to save the response limit");
  const form = useForm<z.infer<typeof budgetSchema>>({
    resolver: zodResolver(budgetSchema),
    mode: "onChange",
    defaultValues: { kb: String(savedBytes / 1000) },
  });
  const kb = useWatch({ control: form.control, name: "kb" });
  const invalid = !!form.formState.errors.kb;
  const changed = !invalid && budgetSchema.safeParse({ kb }).success && Number(kb) * 1000 !== savedBytes;
  return (
    <form
      className="space-y-1 rounded-md border p-3 text-sm"
      noValidate
      onSubmit={form.handleSubmit(({ kb }) => {
        if (Number(kb) * 1000 !== savedBytes)
          save.mutate({ maxResponseBytes: Number(kb) * 1000 }, { onSuccess: () => toast.success("Response limit saved") });
      })}
    >
      <Field
        id={`budget-${serverId}`}
        label="Largest answer per call (KB)"
        className="space-y-1"
        error={form.formState.errors.kb?.message}
        hint={
          invalid
            ? undefined
            : "Longer answers are cut, with a note telling the model how to page for more. 100 KB is about 25,000 tokens. Applies at the next deploy."
        }
      >
        {(control) => (
          <div className="flex items-center gap-2">
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={MIN_KB}
              max={MAX_KB}
              step={1}
              className="w-28"
              {...form.register("kb")}
            />
            <Button type="submit" variant="outline" size="sm" disabled={!changed || save.isPending}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
