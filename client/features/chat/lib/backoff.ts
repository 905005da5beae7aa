import { chatLimits } from "../../../../shared/chat.ts";

/**
 * The wait before reconnect attempt `attempt` (1 = the first after a drop): 5 s, doubling each
 * time, never more than 15 min (SPEC §9). It is what stompjs does with `reconnectTimeMode`
 * EXPONENTIAL; the UI uses it to say when the next try is.
 */
export function reconnectDelay(
  attempt: number,
  base: number = chatLimits.reconnectDelayMs,
  max: number = chatLimits.maxReconnectDelayMs,
): number {
  if (!Number.isFinite(attempt) || attempt <= 1) return base;
  // Past 2^20 the cap has long won; stop the exponent before it overflows.
  const exponent = Math.min(attempt - 1, 20);
  return Math.min(base * 2 ** exponent, max);
}

/** "5 s", "1 min 20 s", "15 min": how long until the next attempt, for the connection pill. */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
