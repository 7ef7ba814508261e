// One form field: a label, its control, a hint and an error, tied together for assistive technology.
import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

/** What a field's control takes so its label, hint and error belong to it. */
export type FieldControl = { id: string; "aria-invalid": boolean; "aria-describedby"?: string };

type Props = {
  /** The control's id: the label points at it; the hint is `{id}-help`, the error `{id}-error`. */
  id: string;
  label: ReactNode;
  /** Shown under the control and announced when it appears; the control is marked invalid meanwhile. */
  error?: string;
  hint?: ReactNode;
  /** Replaces the default vertical spacing. */
  className?: string;
  /** Renders the control (an input, a select, or a row with one) from the props that tie it to the field. */
  children: (control: FieldControl) => ReactNode;
};

/** A labelled control with its hint and error, the one way forms of the portal lay out a field. */
export function Field({ id, label, error, hint, className = "space-y-2", children }: Props) {
  const hintId = hint ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": !!error, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
