// Usage This Month: servers and tool calls against the plan's limits.
import type { Subscription } from "@/api/billing";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { UsageBar } from "./usage-bar";

export function UsageCard({ subscription }: { subscription: Subscription }) {
  const { usage, plan } = subscription;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage This Month</CardTitle>
        <CardDescription>Usage resets on the 1st of each month.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <UsageBar label="Servers" used={usage.serversUsed} limit={plan.features.maxServers} allowance />
        <UsageBar label="Tool calls" used={usage.toolCallsThisMonth} limit={plan.features.maxToolCallsPerMonth} />
      </CardContent>
    </Card>
  );
}
