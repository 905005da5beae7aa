import { createContext, useContext } from "react";

/**
 * How the chat page tells the side navigation its unread total while it is open (it knows first,
 * as it marks messages read); null when it closes, and the navigation asks the server again.
 */
export const ChatUnreadReport = createContext<(total: number | null) => void>(() => {});

export const useReportChatUnread = () => useContext(ChatUnreadReport);
