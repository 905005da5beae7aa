import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HttpError, parseAnswer, refusedAnswer } from "~/lib/http-error";
import { publicFetch } from "~/lib/public-fetch";
import { createResumableUpload, TUS_ENDPOINT } from "~/lib/resumable-upload";
import { type Review, reviewSchema, type SubmitReview, transmittalPaths } from "../../../../shared/transmittals.ts";

/** The header a protected link's key goes in (the server's REVIEW_KEY_HEADER). */
const KEY_HEADER = "x-link-key";

/** The key of a review in the cache, for every key (so one invalidation reaches it). */
export const reviewKeys = { one: (token: string) => ["review", token] as const };

const withKey = (key: string | null): Record<string, string> => (key ? { [KEY_HEADER]: key } : {});

/** GET /api/review/{token}: this transmittal only; 401 until a protected link's key is given, 404 unknown, 410 ended. */
export const reviewQueryOptions = (token: string, key: string | null) =>
  queryOptions({
    queryKey: [...reviewKeys.one(token), key ?? ""] as const,
    queryFn: async ({ signal }) =>
      reviewSchema.parse(await publicFetch(transmittalPaths.review(token), { signal, headers: withKey(key) })),
    // A 4xx will not change by asking again; a dropped connection might.
    retry: (failures, error) => !(error instanceof HttpError && error.status >= 400) && failures < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReview = (token: string, key: string | null) => useQuery(reviewQueryOptions(token, key));

/** POST /api/review/{token}/password: the key the page's other calls send; 401 when the password is wrong. */
export async function unlockReview(token: string, password: string): Promise<string> {
  const answer = (await publicFetch(`${transmittalPaths.review(token)}/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  })) as { key: string };
  return answer.key;
}

/** A sheet at the revision sent, or the cover sheet, as a blob for the preview or a download. */
export async function reviewFile(token: string, key: string | null, which: { sheet: string } | "cover"): Promise<Blob> {
  const path =
    which === "cover"
      ? `${transmittalPaths.review(token)}/cover`
      : `${transmittalPaths.review(token)}/sheets/${encodeURIComponent(which.sheet)}/file`;
  let response: Response;
  try {
    response = await fetch(path, { credentials: "omit", headers: withKey(key) });
  } catch {
    throw new HttpError(0, "Network error");
  }
  if (!response.ok) throw refusedAnswer(response.status, parseAnswer(await response.text()));
  return response.blob();
}

/**
 * One marked-up file for a sheet, by resumable upload (tus): a dropped connection or a reload goes
 * on where it stopped. Resolves once the server has the whole file.
 */
export function uploadMarkup(
  token: string,
  key: string | null,
  number: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = createResumableUpload({
      endpoint: TUS_ENDPOINT,
      file,
      metadata: { review: token, sheet: number, filename: file.name, ...(key ? { key } : {}) },
      headers: withKey(key),
      onProgress,
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start().catch(reject);
  });
}

/** POST /api/review/{token}: every sheet's response, once; the review as sent. */
export function useSubmitReview(token: string, key: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: SubmitReview): Promise<Review> =>
      reviewSchema.parse(
        await publicFetch(transmittalPaths.review(token), {
          method: "POST",
          headers: { "content-type": "application/json", ...withKey(key) },
          body: JSON.stringify(review),
        }),
      ),
    retry: false,
    onSuccess: (sent) => queryClient.setQueryData(reviewQueryOptions(token, key).queryKey, sent),
    onError: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.one(token) }),
  });
}
