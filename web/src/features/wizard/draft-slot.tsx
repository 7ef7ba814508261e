// At Source: when the plan's last server slot is held by a draft, offer to discard it so this attempt can go on.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { subscriptionQuery } from "@/api/billing";
import { errorMessage } from "@/api/client";
import { deleteServer, isDraft, serversQuery } from "@/api/servers";
import { Button } from "@/components/ui/button";

export function DraftSlot() {
  const queryClient = useQueryClient();
  const servers = useQuery(serversQuery);
  const subscription = useQuery(subscriptionQuery);
  const discard = useMutation({
    mutationFn: deleteServer,
    onSuccess: async () => {
      toast.success("Server deleted successfully");
      await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to delete server")),
  });
  const max = subscription.data?.plan.features.maxServers;
  const draft = servers.data?.find(isDraft);
  if (!draft || max === undefined || servers.data!.length < max) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="min-w-0 flex-1">
        Your plan allows {max} server{max === 1 ? "" : "s"}, and the draft{" "}
        <span className="font-medium [overflow-wrap:anywhere]">"{draft.name}"</span> holds the last one. Discard it to add this server.
      </p>
      <Button type="button" size="sm" variant="outline" onClick={() => discard.mutate(draft.id)} disabled={discard.isPending}>
        {discard.isPending ? "Discarding..." : "Discard draft"}
      </Button>
    </div>
  );
}
