/** The shares' API paths: files shared through links, and file requests (DESIGN §12). */
export const sharePaths = {
  files: "/api/admin/files",
  file: (id: number) => `/api/admin/files/${id}`,
  /** DESIGN §12: links through which clients send files. */
  fileRequests: "/api/admin/file-requests",
  fileRequest: (id: number) => `/api/admin/file-requests/${id}`,
} as const;

/** TanStack Query keys of the shares. */
export const shareKeys = {
  files: ["shares", "files"] as const,
  fileRequests: ["shares", "file-requests"] as const,
};
