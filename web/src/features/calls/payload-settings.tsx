// Payload recording for one server: off by default; on, each call's arguments and result are kept,
// redacted (credentials, tokens, the fields named here) and capped; records are kept per the plan.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { callLogSettingsQuery, saveCallLogSettings, type CallLogSettings } from "@/api/calls";
import { errorMessage } from "@/api/client";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

const fieldsOf = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean),
  ),
];

/** The names as the API takes them: at most 50, each at most 100 characters. */
export const sensitiveFieldsForm = z.object({
  fields: z
    .string()
    .refine((text) => fieldsOf(text).length <= 50, "At most 50 field names")
    .refine((text) => fieldsOf(text).every((f) => f.length <= 100), "A field name has at most 100 characters"),
});

export function PayloadSettings({ serverId }: { serverId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery(callLogSettingsQuery(serverId));
  const form = useForm<z.infer<typeof sensitiveFieldsForm>>({ resolver: zodResolver(sensitiveFieldsForm), defaultValues: { fields: "" } });
  const saved = settings.data?.sensitiveFields.join(", ");
  useEffect(() => {
    if (saved !== undefined) form.reset({ fields: saved });
  }, [saved, form]);
  const save = useMutation({
    mutationFn: (body: Partial<Pick<CallLogSettings, "recordPayloads" | "sensitiveFields">>) => saveCallLogSettings(serverId, body),
    onSuccess: (data) => queryClient.setQueryData(callLogSettingsQuery(serverId).queryKey, data),
    onError: (error) => toast.error(errorMessage(error, "Failed to update call log settings")),
  });

  if (settings.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading settings...
      </p>
    );
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(settings.error, "Failed to load call log settings")}
      </p>
    );
  const data = settings.data;
  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor="record-payloads">Record payloads</Label>
          <p className="text-sm text-muted-foreground">
            Keep each call's arguments and result, with credentials, tokens and the fields below redacted, cut at a few KB.
          </p>
        </div>
        <Switch
          id="record-payloads"
          checked={data.recordPayloads}
          disabled={save.isPending}
          onCheckedChange={(on) =>
            save.mutate(
              { recordPayloads: on },
              { onSuccess: () => toast.success(on ? "Payloads are recorded from the next call" : "Payloads are no longer recorded") },
            )
          }
        />
      </div>
      <form
        className="grid gap-1.5"
        noValidate
        onSubmit={form.handleSubmit(({ fields }) =>
          save.mutate({ sensitiveFields: fieldsOf(fields) }, { onSuccess: () => toast.success("Sensitive fields saved") }),
        )}
      >
        <Field
          id="sensitive-fields"
          label="Sensitive fields"
          className="grid gap-1.5"
          error={form.formState.errors.fields?.message}
          hint="Comma-separated field names, redacted wherever they appear, besides credential-like names (token, secret, password, key…)."
        >
          {(control) => (
            <div className="flex gap-2">
              <Input {...control} maxLength={6000} placeholder="e.g. ssn, email, card_number" {...form.register("fields")} />
              <Button type="submit" variant="outline" disabled={save.isPending}>
                Save
              </Button>
            </div>
          )}
        </Field>
      </form>
      <p className="text-sm text-muted-foreground">Call records are kept for {data.retentionDays} days on your plan.</p>
    </div>
  );
}
