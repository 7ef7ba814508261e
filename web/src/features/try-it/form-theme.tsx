// The schema form's look in the portal: RJSF's buttons as the portal's (its icons, shadcn
// Button), no submit button of its own (the panel has Run), errors beside their fields; the rest of
// RJSF's markup is styled by .schema-form rules in index.css.
import type { IconButtonProps, RJSFSchema, TemplatesType, UiSchema } from "@rjsf/utils";
import { ArrowDown, ArrowUp, Copy, Plus, X } from "@/components/icons";
import type { ComponentType } from "react";
import { Button } from "@/components/ui/button";

function iconButton(Icon: ComponentType<{ "aria-hidden"?: boolean }>, title: string, destructive = false) {
  return function IconButton({
    uiSchema: _ui,
    registry: _registry,
    iconType: _type,
    icon: _icon,
    className: _class,
    ...props
  }: IconButtonProps) {
    return (
      <Button
        type="button"
        variant="outline"
        size="icon"
        className={destructive ? "size-8 text-red-700" : "size-8"}
        title={title}
        aria-label={title}
        {...props}
      >
        <Icon aria-hidden />
      </Button>
    );
  };
}

function AddButton({ uiSchema: _ui, registry: _registry, iconType: _type, icon: _icon, className: _class, ...props }: IconButtonProps) {
  return (
    <Button type="button" variant="outline" size="sm" {...props}>
      <Plus aria-hidden /> Add item
    </Button>
  );
}

/** Templates handed to the schema form. */
export const formTemplates: Partial<TemplatesType> = {
  ButtonTemplates: {
    AddButton,
    RemoveButton: iconButton(X, "Remove", true),
    MoveUpButton: iconButton(ArrowUp, "Move up"),
    MoveDownButton: iconButton(ArrowDown, "Move down"),
    CopyButton: iconButton(Copy, "Copy"),
    ClearButton: iconButton(X, "Clear"),
    SubmitButton: () => null,
  },
  // Each field shows its own errors; a list above the form would repeat them.
  ErrorListTemplate: () => null,
};

/** A uiSchema that puts required fields first in every object (nested ones too), the rest in schema order. */
export function requiredFirst(schema: RJSFSchema | boolean, depth = 0): UiSchema {
  if (depth > 12 || typeof schema !== "object" || schema === null) return {};
  const ui: UiSchema = {};
  if (schema.properties) {
    const required = (schema.required ?? []).filter((name) => name in schema.properties!);
    ui["ui:order"] = [...required, "*"];
    for (const [name, property] of Object.entries(schema.properties)) {
      const nested = requiredFirst(property, depth + 1);
      if (Object.keys(nested).length > 0) ui[name] = nested;
    }
  }
  if (schema.items && typeof schema.items === "object" && !Array.isArray(schema.items)) {
    const nested = requiredFirst(schema.items, depth + 1);
    if (Object.keys(nested).length > 0) ui.items = nested;
  }
  return ui;
}
