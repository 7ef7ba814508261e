// The Tools step's choice of how tools reach a model: each tool directly, or three search tools for a large API.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { setToolMode, toolModeQuery, type ToolMode } from "@/api/tools";

const CHOICES: { mode: ToolMode; label: string; help: string }[] = [
  { mode: "direct", label: "Each tool directly", help: "Best for up to a few dozen tools: the client lists them and the model picks one without an extra step." },
  {
    mode: "search",
    label: "Search mode (search_tools, describe_tool, call_tool)",
    help: "For large APIs (hundreds of operations): the model searches the active tools by words, reads one tool's arguments, then calls it. Only call_tool calls count toward usage.",
  },
];

/** Two radio choices, saved at once; they apply at the next deploy. */
export function ToolModeChoice({ serverId }: { serverId: string }) {
  const queryClient = useQueryClient();
  const query = toolModeQuery(serverId);
  const mode = useQuery(query);
  const save = useMutation({
    mutationFn: (value: ToolMode) => setToolMode(serverId, value),
    onSuccess: (_, value) => queryClient.setQueryData(query.queryKey, value),
    onError: (error) => toast.error(errorMessage(error, "Failed to change the tool mode")),
  });
  return (
    <fieldset className="space-y-1 rounded-md border p-3 text-sm" disabled={mode.isPending || save.isPending}>
      <legend className="px-1 font-medium">How the model reaches the tools</legend>
      {CHOICES.map((choice) => (
        <label key={choice.mode} className="flex items-start gap-2">
          <input type="radio" name="tool-mode" className="mt-1" checked={mode.data === choice.mode} onChange={() => save.mutate(choice.mode)} />
          <span>
            {choice.label}
            <span className="block text-xs text-muted-foreground">{choice.help}</span>
          </span>
        </label>
      ))}
      <p className="text-xs text-muted-foreground">Applies at the next deploy. Plan limits count active tools in both modes.</p>
    </fieldset>
  );
}
