import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HttpError, parseAnswer, refusedAnswer } from "~/lib/http-error";
import { publicFetch } from "~/lib/public-fetch";
import { type Review, reviewSchema, type SubmitReview, transmittalPaths } from "../../../../shared/transmittals.ts";

/** The header a protected link's key goes in (the server's REVIEW_KEY_HEADER). */
const KEY_HEADER = "x-link-key";

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

/** POST /api/review/{token}/sheets/{number}/markups: one marked-up file for a sheet. */
export async function addMarkup(token: string, key: string | null, number: string, file: File) {
  const form = new FormData();
  form.set("file", file);
  return (await publicFetch(`${transmittalPaths.review(token)}/sheets/${encodeURIComponent(number)}/markups`, {
    method: "POST",
    headers: withKey(key),
    body: form,
  })) as { id: number; fileName: string; size: number };
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
