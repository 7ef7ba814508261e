// The product logo: a plug mark and the word Toolport.
import { Plug } from "@/components/icons";

export function Logo() {
  return (
    <span className="flex items-center gap-2 px-1 font-semibold">
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Plug className="size-4" aria-hidden />
      </span>
      <span>Toolport</span>
    </span>
  );
}
