// Billing History (paid plans): invoices live in the payment provider's customer portal.
import { ExternalLink } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usePortal } from "./current-plan-card";

export function BillingHistoryCard() {
  const portal = usePortal();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing History</CardTitle>
        <CardDescription>Invoices and payment methods are kept in the customer portal.</CardDescription>
        <CardAction>
          <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
            View Billing History <ExternalLink />
          </Button>
        </CardAction>
      </CardHeader>
    </Card>
  );
}
