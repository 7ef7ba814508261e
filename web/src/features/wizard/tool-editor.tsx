// The Tools step's rename form: a tool's name and description as MCP clients will see them, checked
// as the API checks them; empty fields restore the imported name and description.
import { useState } from "react";
import { errorMessage } from "@/api/client";
import { MAX_TOOL_DESCRIPTION_CHARS, shownName, toolNameError, type Tool } from "@/api/tools";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

type Props = { tool: Tool; tools: Tool[]; onSave: (change: { name: string; description: string }) => Promise<unknown>; onClose: () => void };

/** Edits one tool's name and description; saves through `onSave` and shows the API's refusal inline. */
export function ToolEditor({ tool, tools, onSave, onClose }: Props) {
  const [name, setName] = useState(shownName(tool));
  const [description, setDescription] = useState(tool.customDescription ?? tool.description ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameError = toolNameError(name, tool, tools);
  const descriptionError = description.trim().length > MAX_TOOL_DESCRIPTION_CHARS ? `A tool description can be at most ${MAX_TOOL_DESCRIPTION_CHARS} characters long.` : null;
  const id = `tool-${tool.name}`;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (nameError || descriptionError) return;
    setSaving(true);
    setError(null);
    try {
      await onSave({ name: name.trim(), description: description.trim() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, "Failed to save the tool"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="space-y-2 rounded-md border p-2" onSubmit={save} aria-label={`Edit ${tool.name}`}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-name`}>Tool name</Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!nameError} placeholder={tool.name} />
        <p className="text-xs text-muted-foreground">Letters, digits, _ and -, up to 64 characters. Empty restores {tool.name}.</p>
        {nameError && <p role="alert" className="text-xs text-red-700">{nameError}</p>}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} value={description} onChange={(e) => setDescription(e.target.value)} aria-invalid={!!descriptionError} rows={3} />
        <p className="text-xs text-muted-foreground">
          {description.trim().length}/{MAX_TOOL_DESCRIPTION_CHARS} characters. Models read this to choose the tool; empty restores the imported description.
        </p>
        {descriptionError && <p role="alert" className="text-xs text-red-700">{descriptionError}</p>}
      </div>
      {error && <p role="alert" className="text-xs text-red-700">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving || !!nameError || !!descriptionError}>{saving ? "Saving..." : "Save"}</Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
