import { useMutation } from "@tanstack/react-query";
import { publicFetch } from "~/lib/public-fetch.ts";
import { fileRequestPaths } from "./paths.ts";

/** POST /api/file-requests/{token}/password: 204 right, 401 wrong, 429 after 10 tries in 15 minutes. */
export async function checkPassword({ token, password }: { token: string; password: string }): Promise<void> {
  await publicFetch(fileRequestPaths.password(token), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
}

export const useCheckPassword = () => useMutation({ mutationFn: checkPassword, retry: false });
