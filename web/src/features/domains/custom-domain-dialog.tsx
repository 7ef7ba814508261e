// A server's custom domain: add a hostname (Growth), the DNS records to create, status with a re-check, remove.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Globe, RefreshCw } from "@/components/icons";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { subscriptionQuery } from "@/api/billing";
import { addCustomDomain, checkCustomDomain, customDomainQuery, removeCustomDomain, type CustomDomain } from "@/api/domains";
import type { Server } from "@/api/servers";
import { Field } from "@/components/field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { CopyButton } from "@/features/deploy/copy-buttons";

const STATUS: Record<CustomDomain["status"], { label: string; className: string }> = {
  pending: { label: "Pending DNS", className: "border-amber-300 bg-amber-50 text-amber-800" },
  active: { label: "Active", className: "border-green-300 bg-green-50 text-green-800" },
  failed: { label: "Failed", className: "border-red-300 bg-red-50 text-red-800" },
};

/** The card's globe button and the dialog it opens. */
export function CustomDomainButton({ server }: { server: Server }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Custom domain for ${server.name}`}>
          <Globe />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Custom domain</DialogTitle>
          <DialogDescription>Serve {server.name} at a hostname of your own, such as mcp.example.com.</DialogDescription>
        </DialogHeader>
        {open && <CustomDomainPanel serverId={server.id} />}
      </DialogContent>
    </Dialog>
  );
}

function CustomDomainPanel({ serverId }: { serverId: string }) {
  const domain = useQuery(customDomainQuery(serverId));
  const subscription = useQuery(subscriptionQuery);
  if (domain.isPending || subscription.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading custom domain...
      </p>
    );
  if (domain.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(domain.error, "Failed to load the custom domain")}
      </p>
    );
  if (domain.data) return <DomainDetails serverId={serverId} domain={domain.data} />;
  if (!subscription.data?.plan.features.customDomain) {
    return (
      <div className="space-y-3 text-sm">
        <p>Custom domains are part of the Growth plan. Upgrade to give this server its own hostname.</p>
        <Button asChild>
          <Link to="/usage">Upgrade Plan</Link>
        </Button>
      </div>
    );
  }
  return <AddDomainForm serverId={serverId} />;
}

/** The hostname field: the API checks the name itself and says why it refuses one. */
const domainSchema = z.object({ hostname: z.string().trim().min(1).max(253) });

function AddDomainForm({ serverId }: { serverId: string }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof domainSchema>>({ resolver: zodResolver(domainSchema), defaultValues: { hostname: "" } });
  const hostname = useWatch({ control: form.control, name: "hostname" });
  const add = useMutation({
    mutationFn: (name: string) => addCustomDomain(serverId, name),
    onSuccess: (data) => {
      queryClient.setQueryData(customDomainQuery(serverId).queryKey, data);
      toast.success(`${data.hostname} added`);
    },
  });
  return (
    <form className="space-y-3" noValidate onSubmit={form.handleSubmit((values) => add.mutate(values.hostname))}>
      <Field
        id={`domain-${serverId}`}
        label="Hostname"
        className="space-y-1.5"
        error={add.isError ? errorMessage(add.error, "Failed to add the custom domain") : undefined}
      >
        {(control) => (
          <Input {...control} {...form.register("hostname")} placeholder="mcp.example.com" maxLength={253} autoComplete="off" />
        )}
      </Field>
      <Button type="submit" disabled={!hostname.trim() || add.isPending}>
        {add.isPending ? "Adding..." : "Add Domain"}
      </Button>
    </form>
  );
}

function DomainDetails({ serverId, domain }: { serverId: string; domain: CustomDomain }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = customDomainQuery(serverId).queryKey;
  const check = useMutation({
    mutationFn: () => checkCustomDomain(serverId),
    onSuccess: (data) => queryClient.setQueryData(key, data),
    onError: (error) => toast.error(errorMessage(error, "Failed to check the custom domain")),
  });
  const remove = useMutation({
    mutationFn: () => removeCustomDomain(serverId),
    onSuccess: () => {
      queryClient.setQueryData(key, null);
      toast.success(`${domain.hostname} removed`);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to remove the custom domain")),
  });
  const status = STATUS[domain.status];
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium [overflow-wrap:anywhere]">{domain.hostname}</span>
        <Badge variant="outline" className={status.className}>
          {status.label}
        </Badge>
        <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => check.mutate()} disabled={check.isPending}>
          <RefreshCw className={check.isPending ? "animate-spin" : undefined} /> {check.isPending ? "Checking..." : "Check Status"}
        </Button>
      </div>
      {domain.failureReason && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
          {domain.failureReason}
        </p>
      )}
      {domain.notServedReason && (
        <p role="note" className="rounded-md border border-orange-300 bg-orange-50 p-3 text-orange-800">
          {domain.notServedReason}
        </p>
      )}
      {domain.status !== "active" && (
        <p className="text-muted-foreground">
          Create these records at your DNS provider, then check the status. It can take a few minutes after the records exist.
        </p>
      )}
      <ul aria-label="DNS records" className="space-y-2">
        {domain.dnsRecords.map((record) => (
          <li key={`${record.type}-${record.name}`} className="rounded-md border p-3">
            <p className="mb-1 text-xs text-muted-foreground">{record.purpose}</p>
            <div className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1">
              <span className="font-mono text-xs font-semibold">{record.type}</span>
              <code className="min-w-0 text-xs break-all">{record.name}</code>
              <CopyButton text={record.name} what={`${record.type} name`} />
              <span className="text-xs text-muted-foreground">Value</span>
              <code className="min-w-0 text-xs break-all">{record.value}</code>
              <CopyButton text={record.value} what={`${record.type} value`} />
            </div>
          </li>
        ))}
      </ul>
      <div className="space-y-1">
        <p className="font-medium">MCP endpoint</p>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 rounded-md border bg-muted px-2 py-1.5 text-xs break-all">{domain.mcpUrl}</code>
          <CopyButton text={domain.mcpUrl} what="MCP endpoint" />
        </div>
      </div>
      {confirming ? (
        <div role="group" aria-label="Confirm removal" className="flex flex-wrap items-center gap-2 rounded-md border p-3">
          <span className="flex-1">
            Remove {domain.hostname}? Clients using it stop reaching this server; its portal address keeps working.
          </span>
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" size="sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {remove.isPending ? "Removing..." : "Remove Domain"}
          </Button>
        </div>
      ) : (
        <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      )}
    </div>
  );
}
