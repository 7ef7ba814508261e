// The Tools step's rename form: a tool's name and description as MCP clients will see them, checked
// as the API checks them while typing; empty fields restore the imported name and description.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { MAX_TOOL_DESCRIPTION_CHARS, shownName, TOOL_DESCRIPTION_MESSAGE, toolNameError, type Tool } from "@/api/tools";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

/** The rename form's rules: a name MCP clients accept and no other tool of the server uses, a bounded description. */
export function toolEditSchema(tool: Tool, tools: Tool[]) {
  return z.object({
    name: z.string().superRefine((name, ctx) => {
      const message = toolNameError(name, tool, tools);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
    description: z.string().refine((d) => d.trim().length <= MAX_TOOL_DESCRIPTION_CHARS, TOOL_DESCRIPTION_MESSAGE),
  });
}
type Values = z.infer<ReturnType<typeof toolEditSchema>>;

type Props = {
  tool: Tool;
  tools: Tool[];
  onSave: (change: { name: string; description: string }) => Promise<unknown>;
  onClose: () => void;
};

/** Edits one tool's name and description; saves through `onSave` and shows the API's refusal inline. */
export function ToolEditor({ tool, tools, onSave, onClose }: Props) {
  const form = useForm<Values>({
    resolver: zodResolver(toolEditSchema(tool, tools)),
    mode: "onChange",
    defaultValues: { name: shownName(tool), description: tool.customDescription ?? tool.description ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: "description" });
  const id = `tool-${tool.name}`;

  const save = form.handleSubmit(async (values) => {
    try {
      await onSave({ name: values.name.trim(), description: values.description.trim() });
      onClose();
    } catch (err) {
      form.setError("root", { message: errorMessage(err, "Failed to save the tool") });
    }
  });

  return (
    <form className="space-y-2 rounded-md border p-2" onSubmit={save} aria-label={`Edit ${tool.name}`} noValidate>
      <Field
        id={`${id}-name`}
        label="Tool name"
        className="space-y-1"
        error={errors.name?.message}
        hint={`Letters, digits, _ and -, up to 64 characters. Empty restores ${tool.name}.`}
      >
        {(control) => <Input {...control} {...form.register("name")} placeholder={tool.name} maxLength={200} />}
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        className="space-y-1"
        error={errors.description?.message}
        hint={`${description.trim().length}/${MAX_TOOL_DESCRIPTION_CHARS} characters. Models read this to choose the tool; empty restores the imported description.`}
      >
        {(control) => <Textarea {...control} {...form.register("description")} rows={3} />}
      </Field>
      {errors.root && (
        <p role="alert" className="text-xs text-red-700">
          {errors.root.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting || !!errors.name || !!errors.description}>
          {isSubmitting ? "Saving..." : "Save"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
