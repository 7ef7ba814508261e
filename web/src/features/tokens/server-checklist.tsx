// Checkboxes for the organization's servers, in a 12rem scrolling list; says so while they load or when they fail.
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/api/client";
import { serversQuery } from "@/api/servers";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

type Props = { selected: string[]; onChange: (ids: string[]) => void; idPrefix: string };

export function ServerChecklist({ selected, onChange, idPrefix }: Props) {
  const servers = useQuery(serversQuery);
  if (servers.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading servers...
      </p>
    );
  if (servers.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(servers.error, "Failed to load servers")}
      </p>
    );
  if (servers.data.length === 0) return <p className="text-sm text-muted-foreground">No servers yet.</p>;
  return (
    <div className="max-h-[12rem] space-y-2 overflow-y-auto rounded-md border p-3">
      {servers.data.map((server) => {
        const id = `${idPrefix}-${server.id}`;
        const checked = selected.includes(server.id);
        return (
          <div key={server.id} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={checked}
              onCheckedChange={(value) => onChange(value ? [...selected, server.id] : selected.filter((s) => s !== server.id))}
            />
            <Label htmlFor={id} className="font-normal">
              {server.name}
            </Label>
          </div>
        );
      })}
    </div>
  );
}
