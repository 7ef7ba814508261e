// Available Plans: Most Popular on sprout, Contact Support on free; only sprout and growth can be chosen (upgrade or downgrade).
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatPrice, startCheckout, type Plan, type PlanType } from "@/api/billing";
import { errorMessage } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { PlanFeatures } from "./plan-features";

const UPGRADEABLE: PlanType[] = ["sprout", "growth"];

/** The plan a checkout was started for, read back on the return (the Usage page says when it is in effect). */
export const CHECKOUT_PLAN_KEY = "toolport.checkout.plan";

export function PlansGrid({ plans, currentType }: { plans: Plan[]; currentType: PlanType }) {
  const checkout = useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }, planType) => {
      sessionStorage.setItem(CHECKOUT_PLAN_KEY, planType);
      window.location.assign(url);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to start checkout")),
  });
  // A move to a cheaper plan (growth to sprout) is not an upgrade.
  const currentPrice = plans.find((p) => p.type === currentType)?.price ?? 0;
  return (
    <section aria-labelledby="plans-heading" className="space-y-3">
      <h2 id="plans-heading" className="text-lg font-semibold">
        Available Plans
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const current = plan.type === currentType;
          const change = plan.price < currentPrice ? "Downgrade" : "Upgrade";
          return (
            <Card key={plan.id} className={plan.type === "sprout" ? "border-primary" : undefined}>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <h3>{plan.name}</h3>
                  {plan.type === "sprout" && <Badge>Most Popular</Badge>}
                </CardTitle>
                {plan.description && <CardDescription>{plan.description}</CardDescription>}
                <p className="text-2xl font-semibold">
                  {formatPrice(plan.price)}
                  <span className="text-sm font-normal text-muted-foreground"> / month</span>
                </p>
              </CardHeader>
              <CardContent>
                <PlanFeatures plan={plan} />
              </CardContent>
              <CardFooter className="mt-auto">
                {plan.type === "free" ? (
                  <Button variant="outline" className="w-full" asChild>
                    <a href="mailto:support@toolport.dev">Contact Support</a>
                  </Button>
                ) : current ? (
                  <Button variant="outline" className="w-full" disabled>
                    Current Plan
                  </Button>
                ) : UPGRADEABLE.includes(plan.type) ? (
                  <Button
                    className="w-full"
                    disabled={checkout.isPending}
                    onClick={() => checkout.mutate(plan.type)}
                    aria-label={`${change} to ${plan.name}`}
                  >
                    {change}
                  </Button>
                ) : null}
              </CardFooter>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
