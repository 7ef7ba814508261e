// Any unknown path: 'Page Not Found' with Go Home and Go Back.
import { useRouter } from "@tanstack/react-router";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/lib/page-title";
import { goBack } from "./go-back";

export function NotFoundPage() {
  const router = useRouter();
  usePageTitle("Page Not Found");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <div className="flex gap-2">
        <Button onClick={() => router.navigate({ to: "/" })}>Go Home</Button>
        <Button variant="outline" onClick={() => goBack(router)}>
          Go Back
        </Button>
      </div>
    </main>
  );
}
