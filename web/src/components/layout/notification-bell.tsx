// The top bar's bell: the organization's events with an unread count; opening one marks it read and goes to its page.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Bell } from "@/components/icons";
import { markNotificationsRead, notificationsQuery, type Notification } from "@/api/notifications";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { formatDateTime } from "@/lib/format";

export function NotificationBell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery(notificationsQuery);
  const unread = list.data?.unread ?? 0;
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
    // A link may carry a query (a server page's tab): `href` keeps it, where `to` takes a path only.
    if (n.link) void navigate({ href: n.link });
  };

  return (
    <DropdownMenu onOpenChange={(isOpen) => isOpen && void list.refetch()}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread ? `Notifications (${unread} unread)` : "Notifications"}>
          <Bell />
          {unread > 0 && (
            <span
              aria-hidden
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold text-white"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1.5rem))]">
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <DropdownMenuLabel className="p-0">Notifications</DropdownMenuLabel>
          {unread > 0 && (
            <Button variant="ghost" size="sm" className="h-7" onClick={() => markRead.mutate(undefined)} disabled={markRead.isPending}>
              Mark all read
            </Button>
          )}
        </div>
        <DropdownMenuSeparator />
        {list.isPending ? (
          <p role="status" className="px-2 py-4 text-center text-sm text-muted-foreground">
            Loading notifications...
          </p>
        ) : list.isError ? (
          <p role="alert" className="px-2 py-4 text-center text-sm text-red-700">
            Failed to load notifications
          </p>
        ) : list.data.notifications.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">
            Nothing yet: deploys, updates, crawls, imports, plan limits and custom domains show up here.
          </p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {list.data.notifications.map((n) => (
              <DropdownMenuItem key={n.id} onSelect={() => open(n)} className="flex-col items-start gap-0.5 py-2">
                <span className="flex w-full items-start gap-2">
                  <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-blue-600"}`} />
                  <span className={`min-w-0 flex-1 [overflow-wrap:anywhere] ${n.read ? "" : "font-semibold"}`}>
                    {n.title}
                    {!n.read && <span className="sr-only"> (unread)</span>}
                  </span>
                </span>
                <span className="pl-4 text-xs text-muted-foreground [overflow-wrap:anywhere]">{n.message}</span>
                <span className="pl-4 text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
