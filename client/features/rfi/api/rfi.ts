import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HttpError } from "~/lib/http-error";
import { publicFetch } from "~/lib/public-fetch";
import { type PublicRfi, publicRfiSchema, rfiPaths } from "../../../../shared/rfis.ts";

export const rfiKeys = { one: (token: string) => ["rfi", token] as const };

/** GET /api/rfi/{token}: this RFI only; 404 unknown link, 410 closed or withdrawn. */
export async function getRfi(token: string, signal?: AbortSignal): Promise<PublicRfi> {
  return publicRfiSchema.parse(await publicFetch(rfiPaths.public(token), { signal }));
}

export const rfiQueryOptions = (token: string) =>
  queryOptions({
    queryKey: rfiKeys.one(token),
    queryFn: ({ signal }) => getRfi(token, signal),
    // A 404 or 410 will not change by asking again; a dropped connection might.
    retry: (failures, error) => !(error instanceof HttpError && error.status >= 400) && failures < 2,
  });

export const useRfi = (token: string) => useQuery(rfiQueryOptions(token));

/** POST /api/rfi/{token} (multipart `answer` and `files`): the RFI, answered; 409 once answered already. */
export async function answerRfi({ token, answer, files }: { token: string; answer: string; files: File[] }) {
  const form = new FormData();
  form.set("answer", answer);
  for (const file of files) form.append("files", file);
  return publicRfiSchema.parse(await publicFetch(rfiPaths.public(token), { method: "POST", body: form }));
}

export function useAnswerRfi(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerRfi,
    retry: false,
    onSuccess: (answered) => queryClient.setQueryData(rfiKeys.one(token), answered),
    onError: () => void queryClient.invalidateQueries({ queryKey: rfiKeys.one(token) }),
  });
}
