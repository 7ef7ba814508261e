// A server card's access-token control: which active tokens may call this server.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "@/components/icons";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import type { Server } from "@/api/servers";
import { assignTokenServers, isUsable, tokensQuery, type TokenInfo } from "@/api/tokens";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** `tokens` is undefined while they load. */
type Props = { server: Server; tokens: TokenInfo[] | undefined; loadFailed?: boolean };

export function TokenAccessControl({ server, tokens, loadFailed = false }: Props) {
  const queryClient = useQueryClient();
  const usable = (tokens ?? []).filter(isUsable);
  const assigned = usable.filter((t) => t.serverAssignments.some((a) => a.serverId === server.id));
  const toggle = useMutation({
    mutationFn: (token: TokenInfo) => {
      const ids = token.serverAssignments.map((a) => a.serverId);
      const next = ids.includes(server.id) ? ids.filter((id) => id !== server.id) : [...ids, server.id];
      return assignTokenServers(token.id, next);
    },
    onSuccess: () => toast.success("Server assignments updated successfully"),
    onError: (error) => toast.error(errorMessage(error, "Failed to update assignments")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }),
  });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Access tokens for ${server.name}: ${assigned.length} assigned`}>
          <KeyRound /> {assigned.length}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-48 w-64">
        <DropdownMenuLabel>Access tokens</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {loadFailed ? (
          <p role="alert" className="px-2 py-1.5 text-sm text-destructive">
            Failed to load tokens
          </p>
        ) : !tokens ? (
          <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
            Loading tokens...
          </p>
        ) : usable.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">No active tokens. Generate one under Access Tokens.</p>
        ) : (
          usable.map((token) => (
            <DropdownMenuCheckboxItem
              key={token.id}
              checked={assigned.includes(token)}
              disabled={toggle.isPending}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={() => toggle.mutate(token)}
            >
              {token.name || "Unnamed Token"}
            </DropdownMenuCheckboxItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
