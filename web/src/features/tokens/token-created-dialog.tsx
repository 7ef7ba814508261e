// Shows a new access token (or portal API key) once, with a copy button and the warning.
import { Copy } from "@/components/icons";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

type Props = { token: string | null; onClose: () => void; kind?: "token" | "key" };

export function TokenCreatedDialog({ token, onClose, kind = "token" }: Props) {
  const noun = kind === "key" ? "API key" : "access token";
  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      toast.success(kind === "key" ? "API key copied to clipboard" : "Token copied to clipboard");
    } catch {
      // No clipboard access (e.g. a page not served over https): the token is still on screen.
      toast.error(`Could not copy the ${kind}. Select it and copy it by hand.`);
    }
  };
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Shown once: only Done, Close or Escape dismiss it, never a stray click beside it. */}
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Your new {noun}</DialogTitle>
          <DialogDescription className="font-medium text-amber-700">
            Save this {kind} now. You won&apos;t be able to see it again!
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <code aria-label={`New ${noun}`} className="min-w-0 flex-1 rounded-md border bg-muted p-2 text-xs break-all">
            {token}
          </code>
          <Button variant="outline" size="icon" onClick={copy} aria-label={`Copy ${kind}`}>
            <Copy />
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
