// The server page's Edit details: name and description at any time; the endpoint's slug before the
// first deployment only (clients and their sign-ins use it from then on), checked before it is sent.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { DEPLOYED_SLUG_MESSAGE, SLUG_MESSAGE, SLUG_PATTERN } from "@/api/messages";
import { updateServer, type Server } from "@/api/servers";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

const schema = z.object({
  name: z.string().trim().min(1, "A server's name cannot be empty.").max(200, "At most 200 characters."),
  description: z.string().max(2000, "At most 2000 characters."),
  slug: z.string().trim().regex(SLUG_PATTERN, SLUG_MESSAGE),
});
type Values = z.input<typeof schema>;

type Props = { server: Server; open: boolean; onOpenChange: (open: boolean) => void };

export function EditDetailsDialog({ server, open, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  // A server that was deployed once keeps its endpoint.
  const fixedSlug = !!server.deployment;
  const defaults = { name: server.name, description: server.description ?? "", slug: server.slug };
  const form = useForm<Values>({ resolver: zodResolver(schema), values: defaults });
  const save = useMutation({
    mutationFn: (v: z.output<typeof schema>) =>
      updateServer(server.id, {
        ...(v.name !== server.name ? { name: v.name } : {}),
        ...(v.description !== (server.description ?? "") ? { description: v.description } : {}),
        ...(!fixedSlug && v.slug !== server.slug ? { slug: v.slug } : {}),
      }),
    onSuccess: async () => {
      toast.success("Server details saved");
      await queryClient.invalidateQueries({ queryKey: ["servers"] });
      onOpenChange(false);
    },
  });
  const { errors, isDirty } = form.formState;
  const slug = useWatch({ control: form.control, name: "slug" });
  const close = (next: boolean) => {
    if (!next) save.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((v) => save.mutate(schema.parse(v)))} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit details</DialogTitle>
            <DialogDescription>
              The name and description show in the portal; MCP clients see the name too, after the next deploy.
            </DialogDescription>
          </DialogHeader>
          <Field id="server-name" label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} maxLength={200} {...form.register("name")} />}
          </Field>
          <Field id="server-description" label="Description" error={errors.description?.message}>
            {(control) => <Textarea {...control} maxLength={2000} {...form.register("description")} />}
          </Field>
          <Field
            id="server-slug"
            label="Endpoint slug"
            error={errors.slug?.message}
            hint={
              fixedSlug
                ? DEPLOYED_SLUG_MESSAGE
                : `MCP clients will call /s/${slug.trim() || "…"}/mcp. It can change until the first deployment.`
            }
          >
            {(control) => <Input {...control} maxLength={48} disabled={fixedSlug} className="font-mono" {...form.register("slug")} />}
          </Field>
          {save.isError && (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {errorMessage(save.error, "Failed to save the server")}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || !isDirty}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
