import { sitePaths } from "../../../../shared/site-content.ts";

export { sitePaths };

/** TanStack Query keys of the site editor (under the staff area's, so logging out clears them). */
export const siteKeys = {
  all: ["staff", "site"] as const,
  content: ["staff", "site", "content"] as const,
  images: ["staff", "site", "images"] as const,
  versions: ["staff", "site", "versions"] as const,
  version: (id: number) => ["staff", "site", "versions", id] as const,
};
