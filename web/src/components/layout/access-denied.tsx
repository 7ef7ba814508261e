// Shown to non-superusers on /superadmin.
import { useRouter } from "@tanstack/react-router";
import { ShieldAlert } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/lib/page-title";
import { goBack } from "./go-back";

export function AccessDenied() {
  const router = useRouter();
  usePageTitle("Access Denied");
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <ShieldAlert className="size-10 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold">Access Denied</h1>
      <p className="text-muted-foreground">This page is restricted to superadministrators.</p>
      <Button variant="outline" onClick={() => goBack(router)}>
        Go Back
      </Button>
    </div>
  );
}
