// Usage & Billing: current plan, usage, per-server calls, available plans and billing history.
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { plansQuery, subscriptionQuery, type Subscription } from "@/api/billing";
import { errorMessage } from "@/api/client";
import { PageHeader } from "@/components/layout/page-header";
import { BillingHistoryCard } from "./billing-history-card";
import { CurrentPlanCard } from "./current-plan-card";
import { CHECKOUT_PLAN_KEY, PlansGrid } from "./plans-grid";
import { ServerCallsChart } from "./server-calls-chart";
import { UsageCard } from "./usage-card";

function State({ title, message, alert }: { title: string; message: string; alert?: boolean }) {
  return (
    <div role={alert ? "alert" : "status"} className="rounded-lg border p-6 text-center">
      <h2 className="font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{message}</p>
    </div>
  );
}

/** After a completed checkout the plan changes when the payment provider confirms it: the page rechecks meanwhile. */
const CONFIRMATION_POLL_MS = 3_000;
const CONFIRMATION_WAIT_MS = 30_000;

/**
 * The return from the payment provider's checkout (/usage?checkout=success|cancelled), dropped from the
 * URL once read. A completed checkout is told as it stands: the plan bought is in effect already, or it
 * changes once the payment is confirmed (rechecked meanwhile, and told when it does).
 */
function useCheckoutReturn(subscription: Subscription | null | undefined) {
  const { checkout } = useSearch({ from: "/_authed/usage" });
  const navigate = useNavigate();
  // The plan bought ("" when this tab did not start the checkout), while its confirmation is awaited.
  const [awaited, setAwaited] = useState<string | null>(null);
  const [told, setTold] = useState(false);
  useEffect(() => {
    if (!checkout) return;
    if (checkout === "success") {
      setAwaited(sessionStorage.getItem(CHECKOUT_PLAN_KEY) ?? "");
      sessionStorage.removeItem(CHECKOUT_PLAN_KEY);
    } else if (checkout === "cancelled") toast.info("Checkout cancelled. Your plan is unchanged.");
    void navigate({ to: "/usage", search: {}, replace: true });
  }, [checkout, navigate]);
  useEffect(() => {
    if (awaited === null || !subscription) return;
    if (awaited && subscription.plan.type === awaited) {
      toast.success(`Checkout completed. You are now on the ${subscription.plan.name} plan.`);
      setAwaited(null);
    } else if (!told) {
      toast.success("Checkout completed. Your plan changes as soon as the payment is confirmed.");
      setTold(true);
    }
  }, [awaited, subscription, told]);
  useEffect(() => {
    if (awaited === null) return;
    const timer = setTimeout(() => setAwaited(null), CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaited]);
  return awaited !== null;
}

export function UsagePage() {
  const [confirming, setConfirming] = useState(false);
  const subscription = useQuery({ ...subscriptionQuery, refetchInterval: confirming ? CONFIRMATION_POLL_MS : false });
  const awaiting = useCheckoutReturn(subscription.data);
  useEffect(() => setConfirming(awaiting), [awaiting]);
  const plans = useQuery(plansQuery);
  const header = <PageHeader title="Usage & Billing" subtitle="Your plan, this month's usage and billing." />;

  if (subscription.isPending || plans.isPending) {
    return (
      <>
        {header}
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading billing information...
        </p>
      </>
    );
  }
  if (subscription.isError || plans.isError) {
    const error = subscription.error ?? plans.error;
    return (
      <>
        {header}
        <State alert title="Error Loading Billing Information" message={errorMessage(error, "Unable to load billing data at this time.")} />
      </>
    );
  }
  if (!subscription.data) {
    return (
      <>
        {header}
        <State title="No Billing Information Available" message="Unable to load billing data at this time." />
      </>
    );
  }
  const sub = subscription.data;
  return (
    <>
      {header}
      <div className="space-y-6">
        <div className="grid gap-4 lg:grid-cols-2">
          <CurrentPlanCard subscription={sub} />
          <UsageCard subscription={sub} />
        </div>
        <ServerCallsChart />
        <PlansGrid plans={plans.data ?? []} currentType={sub.plan.type} />
        {sub.plan.type !== "free" && <BillingHistoryCard />}
      </div>
    </>
  );
}
