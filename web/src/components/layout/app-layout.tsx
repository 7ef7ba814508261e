// The signed-in layout: fixed top bar, sidebar (a drawer on small screens) and the page.
import { Outlet, useRouteContext, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { SidebarNav } from "./sidebar-nav";
import { TopBar } from "./top-bar";

export function AppLayout() {
  const { user } = useRouteContext({ from: "/_authed" });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className="min-h-screen bg-muted/30">
      <TopBar user={user} onToggleMenu={() => setDrawerOpen((open) => !open)} menuOpen={drawerOpen} />
      <aside className="fixed top-14 bottom-0 left-0 hidden w-60 border-r bg-background md:block" aria-label="Sidebar">
        <SidebarNav superUser={user.superUser} />
      </aside>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent side="left" className="w-64 p-0" id="mobile-navigation">
          <SheetHeader className="border-b">
            <SheetTitle>Toolport</SheetTitle>
            <SheetDescription className="sr-only">Navigation</SheetDescription>
          </SheetHeader>
          <SidebarNav superUser={user.superUser} />
        </SheetContent>
      </Sheet>
      <main className="px-4 pt-20 pb-10 sm:px-6 md:ml-60 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
