// Edit mode's description updates: the pending version's diff (breaking changes first) with Apply and
// Discard; pushing a new description (file or URL) or syncing the server's URL; the version history
// with Restore.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, History, RefreshCw, Upload } from "@/components/icons";
import { useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import type { Server } from "@/api/servers";
import { applyVersion, discardVersion, pushDescription, syncNow, versionsQuery, type DiffEntry, type SpecVersion } from "@/api/versions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/format";

const KIND_LABELS: Record<DiffEntry["kind"], string> = { added: "Added", removed: "Removed", renamed: "Renamed", changed: "Changed" };
const ORIGIN_LABELS: Record<SpecVersion["origin"], string> = {
  initial: "First description",
  file: "Uploaded file",
  url: "URL",
  sync: "Sync",
};
const STATUS_LABELS: Record<SpecVersion["status"], string> = {
  pending: "Pending",
  applied: "Current",
  superseded: "Earlier",
  discarded: "Discarded",
};
/** A new description's URL: Check URL waits until one is typed. */
const pushUrlSchema = z.object({ url: z.string().trim().min(1).max(2048) });

function useVersionActions(serverId: string) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ["servers"] })]);
  const apply = useMutation({
    mutationFn: (versionId: string) => applyVersion(serverId, versionId),
    onSuccess: async (result) => {
      const failed = result.deployment?.status === "failed";
      if (failed) toast.error(`Description applied, but the redeploy failed: ${result.deployment?.error ?? "unknown error"}`);
      else toast.success(result.deployment ? "Description applied and server redeployed" : "Description applied");
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to apply the description")),
  });
  const discard = useMutation({
    mutationFn: (versionId: string) => discardVersion(serverId, versionId),
    onSuccess: async () => {
      toast.success("Pending description discarded");
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to discard the description")),
  });
  return { apply, discard };
}

/** The pending version's changes, grouped: breaking first. */
export function PendingDiff({ serverId, version }: { serverId: string; version: SpecVersion }) {
  const { apply, discard } = useVersionActions(serverId);
  const entries = version.diff?.entries ?? [];
  const groups = [
    { title: "Breaking changes", items: entries.filter((e) => e.breaking) },
    { title: "Other changes", items: entries.filter((e) => !e.breaking) },
  ].filter((g) => g.items.length > 0);
  const busy = apply.isPending || discard.isPending;
  return (
    <section aria-labelledby="pending-update" className="space-y-3 rounded-md border border-blue-200 bg-blue-50/50 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="pending-update" className="font-medium">
          Update available
        </h3>
        {version.breaking && (
          <Badge variant="outline" className="border-orange-300 bg-orange-50 text-orange-800">
            <AlertTriangle aria-hidden /> Breaking
          </Badge>
        )}
        <span className="text-muted-foreground">
          {ORIGIN_LABELS[version.origin]} · {formatDateTime(version.createdAt)} · {version.toolCount} tools
        </span>
      </div>
      {version.diff?.authChanged && (
        <p className="text-orange-800">The description's authentication changed: check the Authentication step after applying.</p>
      )}
      {groups.length === 0 && !version.diff?.authChanged && <p className="text-muted-foreground">No tool changes.</p>}
      {groups.map((group) => (
        <div key={group.title} className="space-y-1">
          <h4 className="font-medium">{group.title}</h4>
          <ul aria-label={group.title} className="space-y-1">
            {group.items.map((entry) => (
              <li key={`${entry.kind}-${entry.tool}`} className="rounded border bg-background px-2 py-1">
                <span className="font-medium">{KIND_LABELS[entry.kind]}</span> <code className="text-xs">{entry.tool}</code>{" "}
                <span className="text-xs text-muted-foreground">
                  {entry.method} {entry.path}
                </span>
                {entry.changes.length > 0 && <span className="block text-xs text-muted-foreground">{entry.changes.join("; ")}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => apply.mutate(version.id)} disabled={busy}>
          {apply.isPending ? "Applying..." : "Apply"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => discard.mutate(version.id)} disabled={busy}>
          Discard
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Applying keeps each remaining tool's on/off switch, rename, description and static values, and redeploys a deployed server.
      </p>
    </section>
  );
}

/** The pending update, if any, at the top of the edit wizard. */
export function PendingUpdate({ server }: { server: Server }) {
  const versions = useQuery({ ...versionsQuery(server.id), enabled: !!server.pendingVersionId });
  const pending = versions.data?.find((v) => v.status === "pending");
  if (!server.pendingVersionId) return null;
  if (versions.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the pending update...
      </p>
    );
  if (versions.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(versions.error, "Failed to load the description versions")}
      </p>
    );
  return pending ? <PendingDiff serverId={server.id} version={pending} /> : null;
}

/** New description (file or URL), Sync now for URL servers, and the version history with Restore. */
export function DescriptionVersions({ server }: { server: Server }) {
  return (
    <section aria-labelledby="description-versions" className="space-y-3 rounded-md border p-4 text-sm">
      <h3 id="description-versions" className="flex items-center gap-2 font-medium">
        <History className="size-4" aria-hidden /> Description
      </h3>
      {server.sourceUrl && <SyncNow serverId={server.id} sourceUrl={server.sourceUrl} />}
      <NewDescription serverId={server.id} />
      <VersionHistory serverId={server.id} />
    </section>
  );
}

/** What follows a description read: the outcome said, the server's pending update shown. */
function useDescriptionRead() {
  const queryClient = useQueryClient();
  return async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: ["servers"] });
  };
}

/** 'Sync now': reads the description at the server's source URL again. */
function SyncNow({ serverId, sourceUrl }: { serverId: string; sourceUrl: string }) {
  const afterRead = useDescriptionRead();
  const sync = useMutation({
    mutationFn: () => syncNow(serverId),
    onSuccess: (result) =>
      afterRead(
        result.outcome === "unchanged"
          ? "The description has not changed"
          : result.outcome === "applied"
            ? "Description updated: the changes break no calls"
            : "Breaking changes found: review them under Update available",
      ),
    onError: (error) => toast.error(errorMessage(error, "Failed to sync the description")),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="min-w-0 break-all text-muted-foreground">From {sourceUrl}</span>
      <Button type="button" variant="outline" size="sm" onClick={() => sync.mutate()} disabled={sync.isPending}>
        <RefreshCw className={sync.isPending ? "animate-spin" : undefined} aria-hidden /> {sync.isPending ? "Syncing..." : "Sync now"}
      </Button>
    </div>
  );
}

/** A new description by URL or upload, read into a pending update to review. */
function NewDescription({ serverId }: { serverId: string }) {
  const afterRead = useDescriptionRead();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<z.input<typeof pushUrlSchema>>({ resolver: zodResolver(pushUrlSchema), defaultValues: { url: "" } });
  const url = useWatch({ control: form.control, name: "url" });
  const push = useMutation({
    mutationFn: (source: { file: File } | { url: string }) => pushDescription(serverId, source),
    onSuccess: () => afterRead("New description read: review its changes under Update available"),
  });
  return (
    <>
      <form
        className="flex flex-col gap-2 sm:flex-row"
        noValidate
        onSubmit={form.handleSubmit((values) => push.mutate({ url: values.url.trim() }))}
      >
        <Input
          aria-label="New description URL"
          placeholder="https://api.example.com/openapi.json"
          maxLength={2048}
          {...form.register("url")}
        />
        <div className="flex gap-2">
          <Button type="submit" variant="outline" size="sm" disabled={!url.trim() || push.isPending}>
            Check URL
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={push.isPending}>
            <Upload aria-hidden /> Upload
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,.yaml,.yml"
            className="hidden"
            aria-label="New description file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) push.mutate({ file });
              e.target.value = "";
            }}
          />
        </div>
      </form>
      {push.isPending && (
        <p role="status" className="text-muted-foreground">
          Reading the description...
        </p>
      )}
      {push.isError && (
        <p role="alert" className="text-destructive">
          {errorMessage(push.error, "Failed to read the new description")}
        </p>
      )}
    </>
  );
}

/** The server's description versions; a superseded or discarded one can be restored. */
function VersionHistory({ serverId }: { serverId: string }) {
  const versions = useQuery(versionsQuery(serverId));
  const { apply } = useVersionActions(serverId);
  if (versions.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        Loading versions...
      </p>
    );
  if (versions.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(versions.error, "Failed to load the description versions")}
      </p>
    );
  if (versions.data.length === 0)
    return <p className="text-muted-foreground">No other versions yet: the history starts with the first new description.</p>;
  return (
    <ul aria-label="Description versions" className="divide-y rounded-md border">
      {versions.data.map((v) => (
        <li key={v.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
          <Badge variant="outline">{STATUS_LABELS[v.status]}</Badge>
          <span>{ORIGIN_LABELS[v.origin]}</span>
          <span className="text-muted-foreground">
            {formatDateTime(v.appliedAt ?? v.createdAt)} · {v.toolCount} tools
          </span>
          {(v.status === "superseded" || v.status === "discarded") && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="ml-auto"
              onClick={() => apply.mutate(v.id)}
              disabled={apply.isPending}
              aria-label={`Restore the version of ${formatDateTime(v.createdAt)}`}
            >
              Restore
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
