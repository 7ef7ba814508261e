// Deploy step crawl management: restart a crawl (polled every 3 s) and the automated re-crawl toggle
// with its weekly/monthly frequency, a small form saved on each change; a free plan gets the upgrade modal.
// A server imported from a description URL gets the same schedule as automated updates from that URL,
// without crawl actions; one imported from a file has nothing to schedule, so the section is not shown.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Loader2, RefreshCw } from "@/components/icons";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { ApiError, errorMessage } from "@/api/client";
import { getCrawlStatus, poll, RECRAWL_POLL } from "@/api/crawl";
import { CRAWL_FREQUENCIES, restartCrawl, serversQuery, setAutomatedCrawl, type CrawlFrequency, type Server } from "@/api/servers";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { AutomatedRuns } from "@/features/servers/automated-runs";
import { formatDateTime } from "@/lib/format";

const automatedCrawlSchema = z.object({ enabled: z.boolean(), frequency: z.enum(CRAWL_FREQUENCIES) });
type AutomatedCrawl = z.infer<typeof automatedCrawlSchema>;
const FREQUENCY_LABELS: Record<CrawlFrequency, string> = { weekly: "Weekly", monthly: "Monthly" };

/** Whether the server's source can be crawled again or fetched on a schedule. */
export const hasRefreshableSource = (server: Server) => !!server.originalCrawlUrl || !!server.sourceUrl;

export function CrawlManagement({ server }: { server: Server }) {
  const fromCrawl = !!server.originalCrawlUrl;
  return (
    <section className="space-y-3 rounded-md border p-4" aria-labelledby="crawl-management">
      <h3 id="crawl-management" className="font-medium">
        {fromCrawl ? "Crawl management" : "Updates from the description URL"}
      </h3>
      <p className="text-sm break-all text-muted-foreground">
        {fromCrawl ? `Documentation: ${server.originalCrawlUrl}` : `Description: ${server.sourceUrl}`}
      </p>
      {fromCrawl && <p className="text-sm text-muted-foreground">Last crawled: {formatDateTime(server.lastCrawledAt)}</p>}
      {server.lastCrawlError && (
        <p className="rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-800">
          Last {fromCrawl ? "re-crawl" : "update"}: {server.lastCrawlError}
        </p>
      )}
      {fromCrawl && <RestartCrawl server={server} />}
      <AutomatedSchedule server={server} fromCrawl={fromCrawl} />
      <AutomatedRuns serverId={server.id} embedded />
    </section>
  );
}

/** 'Restart Crawl': crawls the documentation again and follows it until the tools are refreshed. */
function RestartCrawl({ server }: { server: Server }) {
  const queryClient = useQueryClient();
  const [recrawl, setRecrawl] = useState<{ completed: number; total: number; refreshing?: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["servers"] });

  const restart = async () => {
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { crawlId, urlCount } = await restartCrawl(server.id);
      toast.success(`Crawl restarted successfully! Processing ${urlCount} pages.`);
      setRecrawl({ completed: 0, total: urlCount });
      await poll(() => getCrawlStatus(crawlId), {
        ...RECRAWL_POLL,
        signal: controller.signal,
        timeoutMessage: "Crawl timed out. Please try again.",
        onValue: (s) => {
          setRecrawl({ completed: s.completed, total: s.total, refreshing: s.status === "completed" });
          // Re-crawls use the spec's short forms when there is nothing more to say.
          if (s.status === "failed" || s.status === "cancelled")
            throw new Error(s.error ? `Crawl failed: ${s.error}` : "Crawl failed. Please try again.");
          if (s.status !== "completed") return false;
          // The crawl is over; the tools are refreshed (or kept, with the reason) right after it.
          if (s.refresh?.status === "failed") throw new Error(s.refresh.error || "The tools could not be refreshed from the re-crawl");
          return s.refresh?.status !== "pending";
        },
      });
      toast.success("Crawl completed successfully! Tools have been refreshed with the latest documentation.");
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) toast.error(errorMessage(error, "Failed to restart crawl"));
    } finally {
      if (!controller.signal.aborted) {
        setRecrawl(null);
        await refresh();
      }
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" size="sm" onClick={restart} disabled={!!recrawl}>
        {recrawl ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />} Restart Crawl
      </Button>
      {recrawl && (
        <span role="status" className="text-sm text-muted-foreground">
          {recrawl.refreshing ? "Refreshing the tools…" : `${recrawl.completed} of ${recrawl.total} pages`}
        </span>
      )}
    </div>
  );
}

/** The automated re-crawl (or re-fetch) switch and its frequency, saved on each change; a free plan is offered the upgrade. */
function AutomatedSchedule({ server, fromCrawl }: { server: Server; fromCrawl: boolean }) {
  const queryClient = useQueryClient();
  // The form holds what is saved: a change shows once the API has taken it.
  const form = useForm<AutomatedCrawl>({
    defaultValues: {
      enabled: !!server.automatedCrawlEnabled,
      frequency: server.automatedCrawlFrequency === "monthly" ? "monthly" : "weekly",
    },
  });
  const [enabled, frequency] = useWatch({ control: form.control, name: ["enabled", "frequency"] });
  const [saving, setSaving] = useState(false);
  const [upgrade, setUpgrade] = useState(false);

  const save = async (nextEnabled: boolean, nextFrequency: CrawlFrequency, frequencyChange: boolean) => {
    setSaving(true);
    try {
      const next = automatedCrawlSchema.parse({ enabled: nextEnabled, frequency: nextFrequency });
      await setAutomatedCrawl(server.id, next.enabled, next.frequency);
      form.reset(next);
      const noun = fromCrawl ? "crawl" : "update";
      toast.success(
        frequencyChange
          ? `Automated ${noun} frequency updated to ${nextFrequency}`
          : nextEnabled
            ? `Automated ${nextFrequency} ${noun}s enabled`
            : `Automated ${noun}s disabled`,
      );
      await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
    } catch (error) {
      if (error instanceof ApiError && error.body?.requiresUpgrade) setUpgrade(true);
      else
        toast.error(
          errorMessage(
            error,
            frequencyChange
              ? `Failed to update ${fromCrawl ? "crawl" : "update"} frequency`
              : `Failed to update automated ${fromCrawl ? "crawl" : "update"} settings`,
          ),
        );
    } finally {
      setSaving(false);
    }
  };

  const changeFrequency = (value: CrawlFrequency) => {
    if (enabled) save(true, value, true);
    else form.setValue("frequency", value);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Switch id="automated-crawl" checked={enabled} disabled={saving} onCheckedChange={(v) => save(v, frequency, false)} />
      <Label htmlFor="automated-crawl">{fromCrawl ? "Automated crawls" : "Automated updates from the URL"}</Label>
      <select
        aria-label={fromCrawl ? "Crawl frequency" : "Update frequency"}
        className="h-8 rounded-md border bg-transparent px-2 text-sm"
        value={frequency}
        disabled={saving}
        onChange={(e) => changeFrequency(e.target.value as CrawlFrequency)}
      >
        {CRAWL_FREQUENCIES.map((value) => (
          <option key={value} value={value}>
            {FREQUENCY_LABELS[value]}
          </option>
        ))}
      </select>
      <UpgradeDialog open={upgrade} onOpenChange={setUpgrade} />
    </div>
  );
}

/** Automated crawls need a paid plan: the way to the plans, or later. */
function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upgrade Required</DialogTitle>
          <DialogDescription>
            Automated crawls are available on paid plans. Upgrade your plan to keep your tools in step with your documentation.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          <Button type="button" onClick={() => navigate({ to: "/usage" })}>
            Upgrade Plan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
