// The fixed top bar: menu toggle, logo, docs button, the notification bell and the avatar menu.
import { Link } from "@tanstack/react-router";
import { BookOpen, LogOut, Menu, Server, Wallet } from "@/components/icons";
import { logout, type User } from "@/api/auth";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { initials } from "@/lib/format";
import { Logo } from "./logo";
import { NotificationBell } from "./notification-bell";

type Props = { user: User; menuOpen: boolean; onToggleMenu: () => void };

export function TopBar({ user, menuOpen, onToggleMenu }: Props) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-3 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Toggle navigation"
        aria-expanded={menuOpen}
        aria-controls="mobile-navigation"
        onClick={onToggleMenu}
      >
        <Menu />
      </Button>
      <Link to="/" className="rounded-md" aria-label="Toolport home">
        <Logo />
      </Link>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href="/docs" target="_blank" rel="noreferrer" aria-label="Docs (opens in a new tab)">
            <BookOpen />
            <span className="hidden sm:inline">Docs</span>
          </a>
        </Button>
        <NotificationBell />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
              <Avatar>
                {user.picture ? <AvatarImage src={user.picture} alt="" /> : null}
                <AvatarFallback className="bg-primary text-xs text-primary-foreground">{initials(user.name, user.email)}</AvatarFallback>
              </Avatar>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuLabel>
              <div className="truncate font-medium">{user.name}</div>
              <div className="truncate text-xs font-normal text-muted-foreground">{user.email}</div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/servers">
                <Server /> Servers
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/usage">
                <Wallet /> Usage &amp; Billing
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={logout}>
              <LogOut /> Logout
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
