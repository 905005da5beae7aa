import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { browserTimeZone } from "~/lib/date-format";
import { chatPaths } from "../../../../shared/chat.ts";
import { quoteRequestPaths } from "../../../../shared/quote-requests.ts";

/** The side navigation's counts (DESIGN §15), refreshed live by use-live-notifications.ts. */
export const countKeys = {
  all: ["workspace"] as const,
  chatUnread: ["workspace", "chat-unread"] as const,
  quotesDue: ["workspace", "quotes-due"] as const,
};

/** GET /unread/{me}: how many chat messages, private and group, I have not read. */
export const chatUnreadQueryOptions = (me: string) =>
  queryOptions({
    queryKey: countKeys.chatUnread,
    queryFn: async ({ signal }) => (await apiFetch<unknown[]>(chatPaths.unread(me), { signal })).length,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });

export const useChatUnreadCount = (me: string) => useQuery(chatUnreadQueryOptions(me)).data ?? 0;

/** The open quote requests assigned to me whose follow-up is due today or overdue, by my calendar day. */
export function useQuotesDueCount(me: string): number {
  const due = useQuery({
    queryKey: countKeys.quotesDue,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<unknown[]>(quoteRequestPaths.list, {
          query: { assignee: me, due: "today", tz: browserTimeZone() },
          signal,
        })
      ).length,
    refetchOnWindowFocus: true,
    // A follow-up comes due with the clock, not with an event: look again now and then.
    refetchInterval: 5 * 60_000,
  });
  return due.data ?? 0;
}
