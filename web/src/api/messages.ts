// The worker's own words for refusals the SPA also checks before asking (worker/lib/messages.ts): one source.
export * from "../../../worker/lib/messages";
