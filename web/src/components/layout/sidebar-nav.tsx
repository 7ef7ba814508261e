// Sidebar links: Servers and Access Tokens; Account (billing, API keys); Administration (superusers only); version footer.
import { Link, useRouterState } from "@tanstack/react-router";
import { KeyRound, Server, ShieldCheck, SquareTerminal, Wallet, type IconComponent } from "@/components/icons";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

type NavLinkProps = {
  to: "/servers" | "/tokens" | "/usage" | "/api-keys" | "/superadmin";
  icon: IconComponent;
  children: ReactNode;
  alsoActiveAt?: string;
};

function NavLink({ to, icon: Icon, children, alsoActiveAt }: NavLinkProps) {
  const active = useRouterState({ select: (s) => s.location.pathname === alsoActiveAt });
  return (
    <Link
      to={to}
      className={cn(
        "flex items-center gap-2 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        active && "bg-accent font-medium text-foreground",
      )}
      aria-current={active ? "page" : undefined}
      activeProps={{ className: "bg-accent font-medium text-foreground", "aria-current": "page" }}
    >
      <Icon className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = `nav-group-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div role="group" aria-labelledby={id} className="mt-4 space-y-1">
      <p id={id} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </p>
      {children}
    </div>
  );
}

export function SidebarNav({ superUser }: { superUser: boolean }) {
  return (
    <nav aria-label="Main" className="flex h-full flex-col p-3">
      <div className="space-y-1">
        {/* "/" shows the servers list too. */}
        <NavLink to="/servers" icon={Server} alsoActiveAt="/">
          Servers
        </NavLink>
        <NavLink to="/tokens" icon={KeyRound}>
          Access Tokens
        </NavLink>
      </div>
      <Group label="Account">
        <NavLink to="/usage" icon={Wallet}>
          Usage &amp; Billing
        </NavLink>
        <NavLink to="/api-keys" icon={SquareTerminal}>
          API Keys
        </NavLink>
      </Group>
      {superUser && (
        <Group label="Administration">
          <NavLink to="/superadmin" icon={ShieldCheck}>
            Superadmin
          </NavLink>
        </Group>
      )}
      <p className="mt-auto px-3 pt-4 text-xs text-muted-foreground">Version 1.0.0</p>
    </nav>
  );
}
