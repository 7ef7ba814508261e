// Picks the hosting provider of a deployment: "loader" by default, "cloudflare" when configured.
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { cloudflareProvider } from "./cloudflare";
import { loaderProvider } from "./loader";
import type { HostingProvider, ProviderName } from "./types";

export const providers: Record<ProviderName, HostingProvider> = { loader: loaderProvider, cloudflare: cloudflareProvider };

/** The provider named by `name`, or by the HOSTING_PROVIDER variable. */
export function getProvider(env: Bindings, name?: string | null): HostingProvider {
  const chosen = (name ?? env.HOSTING_PROVIDER ?? "loader") as ProviderName;
  const provider = providers[chosen];
  if (!provider) fail(500, `Unknown hosting provider '${chosen}' (expected loader or cloudflare)`);
  return provider;
}
