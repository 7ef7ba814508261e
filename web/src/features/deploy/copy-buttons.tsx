// Copy and open buttons for a URL or a block of text.
import { Copy, ExternalLink } from "@/components/icons";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Copies text to the clipboard and confirms with a toast. */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to clipboard`);
  } catch {
    toast.error(`Could not copy the ${what.toLowerCase()}: copy it by hand`);
  }
}

export function CopyButton({ text, what }: { text: string; what: string }) {
  return (
    <Button type="button" variant="outline" size="icon" aria-label={`Copy ${what}`} onClick={() => copyText(text, what)}>
      <Copy />
    </Button>
  );
}

/** A labelled URL with copy and open (new tab) buttons. */
export function UrlRow({ label, url }: { label: string; url: string }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md border bg-muted px-2 py-1.5 text-xs break-all">{url}</code>
        <CopyButton text={url} what={label} />
        <Button asChild variant="outline" size="icon">
          <a href={url} target="_blank" rel="noreferrer" aria-label={`Open ${label}`}>
            <ExternalLink />
          </a>
        </Button>
      </div>
    </div>
  );
}
