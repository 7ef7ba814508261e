// Page selection: a searchable, scrolling list of the mapped pages with checkboxes,
// Select/Deselect All (or Filtered), open links, and 'Start Crawl (N pages)'; before it, the site's
// own OpenAPI description when the map found one.
import { ExternalLink, Search } from "@/components/icons";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { OpenApiOffer } from "./openapi-offer";
import type { Discovery } from "./use-crawl-flow";

type Props = { open: boolean; links: string[]; discovery?: Discovery; onCancel: () => void; onStart: (urls: string[]) => void };

export function PageSelectionDialog({ open, links, discovery, onCancel, onStart }: Props) {
  const [crawlAnyway, setCrawlAnyway] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(links));
  const [search, setSearch] = useState("");
  const filtered = useMemo(() => links.filter((l) => l.toLowerCase().includes(search.trim().toLowerCase())), [links, search]);
  const searching = search.trim() !== "";
  const allSelected = filtered.length > 0 && filtered.every((l) => selected.has(l));

  const toggleAll = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const l of filtered) {
        if (allSelected) next.delete(l);
        else next.add(l);
      }
      return next;
    });
  const toggle = (link: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(link)) next.delete(link);
      else next.add(link);
      return next;
    });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !discovery?.pending && onCancel()}>
      <DialogContent className="sm:max-w-2xl">
        {discovery?.openapi && !crawlAnyway ? (
          <OpenApiOffer
            offer={discovery.openapi}
            pages={links.length}
            pending={discovery.pending}
            error={discovery.error}
            onUse={discovery.onUse}
            onCrawl={() => setCrawlAnyway(true)}
            onCancel={onCancel}
          />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Select pages to crawl</DialogTitle>
              <DialogDescription>
                Found {links.length} pages. {selected.size} selected.
                {discovery?.source === "llms.txt" &&
                  " Listed by the site's llms.txt; Markdown versions are crawled where the site offers them."}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-2 sm:flex-row">
              <div className="relative flex-1">
                <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
                <Input
                  className="pl-8"
                  placeholder="Search pages..."
                  aria-label="Search pages"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
              </div>
              <Button type="button" variant="outline" onClick={toggleAll} disabled={filtered.length === 0}>
                {allSelected ? (searching ? "Deselect Filtered" : "Deselect All") : searching ? "Select Filtered" : "Select All"}
              </Button>
            </div>
            <ul className="max-h-80 space-y-1 overflow-y-auto rounded-md border p-2" aria-label="Pages">
              {filtered.length === 0 && <li className="p-2 text-sm text-muted-foreground">No pages match your search.</li>}
              {filtered.map((link, i) => (
                <li key={link} className="flex items-center gap-2 rounded px-1 py-1 hover:bg-muted/50">
                  <Checkbox id={`page-${i}`} checked={selected.has(link)} onCheckedChange={() => toggle(link)} />
                  <label htmlFor={`page-${i}`} className="min-w-0 flex-1 cursor-pointer truncate text-sm" title={link}>
                    {link}
                  </label>
                  <a
                    href={link}
                    target="_blank"
                    rel="noreferrer"
                    className="text-muted-foreground hover:text-foreground"
                    aria-label={`Open ${link}`}
                  >
                    <ExternalLink className="size-4" aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="button" disabled={selected.size === 0} onClick={() => onStart(links.filter((l) => selected.has(l)))}>
                Start Crawl ({selected.size} pages)
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
