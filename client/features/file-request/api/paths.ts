/** The public file-request API (DESIGN §12): no login, the link's token names the request. */
export const fileRequestPaths = {
  request: (token: string) => `/api/file-requests/${encodeURIComponent(token)}`,
  password: (token: string) => `/api/file-requests/${encodeURIComponent(token)}/password`,
} as const;

/** TanStack Query keys of the client's upload page. */
export const fileRequestKeys = {
  request: (token: string) => ["file-request", token] as const,
};
