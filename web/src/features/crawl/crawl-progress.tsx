// The crawl progress panel: message, 'x of y pages', percent bar, Cancel, page statuses;
// then the spec-generation messages and the extraction progress.
import { CheckCircle2, Circle, ExternalLink, Loader2, XCircle } from "@/components/icons";
import type { CrawlStatus } from "@/api/crawl";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { CrawlPhase } from "./use-crawl-flow";

const ICONS = {
  completed: <CheckCircle2 className="size-4 text-green-600" aria-hidden />,
  failed: <XCircle className="size-4 text-red-600" aria-hidden />,
  processing: <Loader2 className="size-4 animate-spin text-blue-600" aria-hidden />,
  pending: <Circle className="size-4 text-muted-foreground" aria-hidden />,
};

type Props = { phase: CrawlPhase; status: CrawlStatus | null; messages: string[]; progress: number; onCancel: () => void };

export function CrawlProgress({ phase, status, messages, progress, onCancel }: Props) {
  if (phase === "mapping") {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md border bg-muted/40 p-4 text-sm">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Mapping documentation pages...
      </p>
    );
  }
  if (phase === "generating" || phase === "creating") {
    return (
      <div role="status" className="space-y-3 rounded-md border bg-blue-50 p-4 text-sm text-blue-900">
        {messages.map((m) => (
          <p key={m} className="flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {m}
          </p>
        ))}
        <ProgressBar value={progress} label="Specification generation progress" />
      </div>
    );
  }
  const total = status?.total ?? 0;
  const done = status?.completed ?? 0;
  const percent = total ? Math.round((done / total) * 100) : 0;
  const current = status?.currentProcessing?.currentUrl;
  return (
    <section aria-label="Crawl progress" className="space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {current ? `Crawling ${current}` : "Crawling documentation pages..."}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div className="flex justify-between text-sm text-muted-foreground">
        <span>
          {done} of {total} pages
        </span>
        <span>{percent}%</span>
      </div>
      <ProgressBar value={percent} label="Crawl progress" />
      <ul className="max-h-60 space-y-1 overflow-y-auto text-sm" aria-label="Crawled pages">
        {(status?.pageDetails ?? []).map((page) => (
          <li key={page.url} className="flex items-center gap-2">
            {ICONS[page.status as keyof typeof ICONS] ?? ICONS.pending}
            <span className="min-w-0 flex-1 truncate" title={page.url}>
              {page.title || page.url}
            </span>
            <span className="sr-only">{page.status}</span>
            {page.status === "completed" && (
              <a
                href={page.url}
                target="_blank"
                rel="noreferrer"
                aria-label={`Open ${page.url}`}
                className="text-muted-foreground hover:text-foreground"
              >
                <ExternalLink className="size-4" aria-hidden />
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
