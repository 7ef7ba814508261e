// Text blocks of the docs pages, styled like the portal (no typography plugin).
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

export const H1 = ({ children }: { children: ReactNode }) => <h1 className="mb-2 text-3xl font-semibold tracking-tight">{children}</h1>;
export const Lead = ({ children }: { children: ReactNode }) => <p className="mb-6 text-muted-foreground">{children}</p>;
export const H2 = ({ children }: { children: ReactNode }) => <h2 className="mt-8 mb-3 text-xl font-semibold tracking-tight">{children}</h2>;
export const P = ({ children }: { children: ReactNode }) => <p className="my-3 leading-relaxed">{children}</p>;
export const Ul = ({ children }: { children: ReactNode }) => <ul className="my-3 list-disc space-y-1.5 pl-6">{children}</ul>;
export const Ol = ({ children }: { children: ReactNode }) => <ol className="my-3 list-decimal space-y-1.5 pl-6">{children}</ol>;
export const C = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>
);

/** A link to another docs page. */
export const DocLink = ({ page, children }: { page: string; children: ReactNode }) => (
  <Link to="/docs/$page" params={{ page }} className="font-medium text-primary underline underline-offset-4">
    {children}
  </Link>
);
