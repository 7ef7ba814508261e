// Shows a new token once, with a copy button and the warning.
import { Copy } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

type Props = { token: string | null; onClose: () => void };

export function TokenCreatedDialog({ token, onClose }: Props) {
  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      toast.success("Token copied to clipboard");
    } catch {
      // No clipboard access (e.g. a page not served over https): the token is still on screen.
      toast.error("Could not copy the token. Select it and copy it by hand.");
    }
  };
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Shown once: only Done, Close or Escape dismiss it, never a stray click beside it. */}
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Your new access token</DialogTitle>
          <DialogDescription className="font-medium text-amber-700">
            Save this token now. You won&apos;t be able to see it again!
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <code aria-label="New access token" className="min-w-0 flex-1 rounded-md border bg-muted p-2 text-xs break-all">
            {token}
          </code>
          <Button variant="outline" size="icon" onClick={copy} aria-label="Copy token">
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
