// A code sample with its file name and a copy button; samples come from docs/examples via ?raw.
import { Check, Copy } from "@/components/icons";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function CodeBlock({ code, title }: { code: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(code);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <figure className="my-4 overflow-hidden rounded-lg border bg-muted/40">
      <figcaption className="flex items-center justify-between border-b px-3 py-1.5 text-xs text-muted-foreground">
        <span className="font-mono">{title}</span>
        <Button variant="ghost" size="sm" onClick={copy} aria-label={`Copy ${title}`}>
          {copied ? <Check /> : <Copy />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </figcaption>
      <pre className="overflow-x-auto p-3 text-xs leading-relaxed">
        <code>{code.trimEnd()}</code>
      </pre>
    </figure>
  );
}
