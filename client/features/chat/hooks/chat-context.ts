import { createContext, use } from "react";
import type { ChatController } from "./use-chat.ts";

/** The chat's state and actions, for the components inside the chat view (grouped by job). */
export const ChatContext = createContext<ChatController | null>(null);

export function useChatContext(): ChatController {
  const chat = use(ChatContext);
  if (!chat) throw new Error("useChatContext must be used inside the chat view");
  return chat;
}
