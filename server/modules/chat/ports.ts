import type { AccountRef } from "../../plugins/account-events.ts";

// What the chat needs of the rest of the server, named once for the send path and the actions alike.

/** What the chat needs of the transport: delivery, and who is connected where. */
export interface ChatDelivery {
  publishToUser(username: string, destinationSuffix: string, payload: unknown): Promise<void>;
  publishToTopic(destination: string, payload: unknown): Promise<void>;
  isConnectedHere(username: string): boolean;
  connectedUser(username: string): AccountRef | undefined;
}
