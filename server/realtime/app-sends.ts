import type { RefusalCode } from "../../shared/realtime.ts";
import { APP_PREFIX } from "./destinations.ts";
import type { FeatureRegistry } from "./features.ts";
import { refusalOf, transportRefusals } from "./refusals.ts";
import type { Frame } from "./stomp/frame.ts";
import type { Outcome } from "./stomp/protocol.ts";
import type { RealtimeLogger, RealtimeUser } from "./types.ts";

const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A SEND's body as a handler gets it: JSON (undefined when empty), or why it is not. */
export function decodeSendBody(body: Uint8Array): { body: unknown } | { refusal: string } {
  let text: string;
  try {
    text = utf8Decoder.decode(body);
  } catch {
    return { refusal: transportRefusals.notUtf8 };
  }
  if (text.trim() === "") return { body: undefined };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { refusal: transportRefusals.notJson };
  }
}

/** What routing a SEND needs from its session. */
export interface SendRoute {
  readonly features: FeatureRegistry;
  readonly log: RealtimeLogger;
  readonly sessionId: string;
  user(): RealtimeUser;
  /** Writes on the session's errors queue. */
  sendError(code: RefusalCode, message: string, destination: string): void;
  /** Refuses the frame: the reason goes to the errors queue, with the frame's receipt. */
  refuse(
    code: RefusalCode,
    message: string,
    destination: string,
    receipt: string | undefined,
    details?: Record<string, unknown>,
  ): Outcome;
}

/**
 * A SEND to `/app/…`: handed to the feature registered for its destination. "done" once the handler
 * has finished (the RECEIPT then says the work is done); a refusal otherwise, the client told why.
 */
export async function routeSend(
  destination: string,
  frame: Frame,
  receipt: string | undefined,
  route: SendRoute,
): Promise<Outcome> {
  if (!destination.startsWith(APP_PREFIX)) {
    return route.refuse("NOT_FOUND", transportRefusals.notAppDestination, destination, receipt);
  }
  const handler = route.features.sendHandler(destination);
  if (!handler) return route.refuse("NOT_FOUND", transportRefusals.unknownDestination, destination, receipt);
  const decoded = decodeSendBody(frame.body);
  if ("refusal" in decoded) return route.refuse("INVALID", decoded.refusal, destination, receipt);
  const headers: Record<string, string> = {};
  for (const [name, value] of frame.headers) if (!(name in headers)) headers[name] = value;
  try {
    await handler({
      user: route.user(),
      sessionId: route.sessionId,
      destination,
      body: decoded.body,
      headers,
      sendError: (message, code = "INVALID") => route.sendError(code, message, destination),
    });
    return "done";
  } catch (error) {
    // Not done: the client is told why, and gets no RECEIPT (a RECEIPT means "stored").
    const refusal = refusalOf(error);
    if (refusal) return route.refuse(refusal.code, refusal.message, destination, receipt, refusal.details);
    route.log.error({ err: error, session: route.sessionId, destination }, "send handler failed");
    return route.refuse("UNAVAILABLE", transportRefusals.sendFailed, destination, receipt);
  }
}
