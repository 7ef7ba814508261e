// Deployment timing rules: polling cadence, the elapsed timer's colour and messages.

/** At most 180 status polls, every 5 s for the first 24, then every 10 s. */
export const MAX_POLL_ATTEMPTS = 180;
export const FAST_POLL_ATTEMPTS = 24;
export const FAST_POLL_MS = 5_000;
export const SLOW_POLL_MS = 10_000;

/** Delay before the next poll, given how many polls were already made. */
export const pollDelay = (attemptsMade: number) => (attemptsMade < FAST_POLL_ATTEMPTS ? FAST_POLL_MS : SLOW_POLL_MS);

export type TimerTone = "blue" | "yellow" | "orange";

/** Blue under 180 s, yellow under 600 s, then orange. */
export const timerTone = (seconds: number): TimerTone => (seconds < 180 ? "blue" : seconds < 600 ? "yellow" : "orange");

/** The message shown under the timer, by elapsed time. */
export function timerMessage(seconds: number) {
  if (seconds < 15) return "Deployment starting...";
  if (seconds < 30) return "Building your MCP server...";
  if (seconds < 60) return "Almost ready...";
  if (seconds < 90) return "This is taking longer than usual...";
  return "Please be patient, complex deployments can take time...";
}

/** mm:ss (minutes keep counting past 59). */
export const formatElapsed = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
