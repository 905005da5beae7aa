import { queryOptions, useQuery } from "@tanstack/react-query";
import { HttpError } from "~/lib/http-error";
import { publicFetch } from "~/lib/public-fetch.ts";
import { type PublicFileRequest, publicFileRequestSchema } from "../../../../shared/file-requests.ts";
import { fileRequestKeys, fileRequestPaths } from "./paths.ts";

/** GET /api/file-requests/{token}: 404 unknown link, 410 expired or removed. */
export async function getFileRequest(token: string, signal?: AbortSignal): Promise<PublicFileRequest> {
  return publicFileRequestSchema.parse(await publicFetch(fileRequestPaths.request(token), { signal }));
}

export const fileRequestQueryOptions = (token: string) =>
  queryOptions({
    queryKey: fileRequestKeys.request(token),
    queryFn: ({ signal }) => getFileRequest(token, signal),
    // A 404 or 410 will not change by asking again; a dropped connection might.
    retry: (failures, error) => !(error instanceof HttpError && error.status >= 400) && failures < 2,
  });

export const useFileRequest = (token: string) => useQuery(fileRequestQueryOptions(token));
