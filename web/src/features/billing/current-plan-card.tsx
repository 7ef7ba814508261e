// Current Plan: name, price per month, features; paid plans get Manage (or Reactivate) and a badge.
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatPrice, openPortal, type Subscription } from "@/api/billing";
import { errorMessage } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PlanFeatures } from "./plan-features";

/** Opens the payment provider's customer portal in a new tab. */
export function usePortal() {
  return useMutation({
    mutationFn: openPortal,
    onSuccess: ({ url }) => void window.open(url, "_blank", "noopener"),
    onError: (error) => toast.error(errorMessage(error, "Failed to open the billing portal")),
  });
}

export function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const { plan } = subscription;
  const paid = plan.type !== "free";
  const canceled = subscription.status === "canceled" || !!subscription.cancelAtPeriodEnd;
  const portal = usePortal();
  return (
    <Card>
      <CardHeader>
        <CardDescription>Current Plan</CardDescription>
        <CardTitle className="flex items-center gap-2 text-xl">
          {plan.name}
          {paid && (canceled ? <Badge variant="destructive">Canceled</Badge> : <Badge>Current</Badge>)}
        </CardTitle>
        <p className="text-2xl font-semibold">
          {formatPrice(plan.price)}
          <span className="text-sm font-normal text-muted-foreground"> / month</span>
        </p>
        {paid && (
          <CardAction>
            <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
              {canceled ? "Reactivate" : "Manage"}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <PlanFeatures plan={plan} />
      </CardContent>
    </Card>
  );
}
