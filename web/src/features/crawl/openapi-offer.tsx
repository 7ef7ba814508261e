// The site's own OpenAPI description, offered before the page list as the exact source: use it
// (the server is created from that URL) or crawl the pages anyway.
import { ExternalLink, FileCode2, Loader2 } from "@/components/icons";
import type { OpenApiOffer as Offer } from "@/api/crawl";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

type Props = {
  offer: Offer;
  pages: number;
  pending: boolean;
  error: string | null;
  onUse: () => void;
  onCrawl: () => void;
  onCancel: () => void;
};

export const OFFER_TITLE = "This site publishes an OpenAPI description";

export function OpenApiOffer({ offer, pages, pending, error, onUse, onCrawl, onCancel }: Props) {
  const operations = `${offer.operationCount} operation${offer.operationCount === 1 ? "" : "s"}`;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{OFFER_TITLE}</DialogTitle>
        <DialogDescription>Its description is the exact source for your tools: no crawling or extraction needed.</DialogDescription>
      </DialogHeader>
      <div className="flex items-start gap-3 rounded-md border p-4">
        <FileCode2 className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium">{offer.title}</p>
          <p className="text-sm text-muted-foreground">{operations}</p>
          <a
            href={offer.url}
            target="_blank"
            rel="noreferrer"
            className="flex items-center gap-1 text-sm break-all text-muted-foreground hover:text-foreground"
            title={offer.url}
          >
            <span className="min-w-0">{offer.url}</span>
            <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          </a>
        </div>
      </div>
      {error && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={onCrawl}
          disabled={pending || pages === 0}
          title={pages === 0 ? "No pages were found to crawl" : undefined}
        >
          Crawl {pages} page{pages === 1 ? "" : "s"} anyway
        </Button>
        <Button type="button" onClick={onUse} disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {pending ? "Creating server..." : "Use this description"}
        </Button>
      </DialogFooter>
    </>
  );
}
