/** TanStack Query keys of the chat. */
export const chatKeys = {
  all: ["chat"] as const,
  users: ["chat", "users"] as const,
  groupLists: ["chat", "groups"] as const,
  groups: (role: string) => ["chat", "groups", role] as const,
  unread: (me: string) => ["chat", "unread", me] as const,
  groupMembers: (id: number) => ["chat", "group-members", id] as const,
  /** DESIGN §10 message search: one infinite query per text and conversation filter. */
  search: (q: string, conversation: string | null) => ["chat", "search", q, conversation] as const,
};
