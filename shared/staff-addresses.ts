/**
 * The staff workspace's addresses (DESIGN §15). Every e-mail, push, notification and search result
 * links to one of these; the client's routes read the same shapes.
 */
export const staffAddresses = {
  overview: "/staff",
  quotes: "/staff/quotes",
  quote: (reference: string) => `/staff/quotes/${encodeURIComponent(reference)}`,
  applications: "/staff/applications",
  application: (id: number) => `/staff/applications/${id}`,
  projects: "/staff/projects",
  project: (job: string) => `/staff/projects/${encodeURIComponent(job)}`,
  files: "/staff/files",
  fileRequests: "/staff/file-requests",
  fileRequest: (id: number) => `/staff/file-requests?request=${id}`,
  chat: "/staff/chat",
  /** `private:<username>` or `group:<id>`; `messageId` opens the conversation around one message. */
  conversation: (conversation: string, messageId?: number) =>
    `/staff/chat/${encodeURIComponent(conversation)}${messageId === undefined ? "" : `?m=${messageId}`}`,
  people: "/staff/people",
  person: (username: string) => `/staff/people?person=${encodeURIComponent(username)}`,
  audit: "/staff/audit",
} as const;
