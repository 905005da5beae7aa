import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "~/lib/api-client";
import { chatPaths, readerSchema } from "../../../../shared/chat.ts";
import { chatKeys } from "./keys.ts";

const readersSchema = z.array(readerSchema);

/** GET /api/chat/messages/{id}/readers: who has read it and when, first reader first (never its sender). */
export const getReaders = async (id: number, signal?: AbortSignal) =>
  readersSchema.parse(await apiFetch<unknown>(chatPaths.readers(id), { signal }));

export const readersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...chatKeys.all, "readers", id] as const,
    queryFn: ({ signal }) => getReaders(id, signal),
    // Opened to see who has read it now: always ask again.
    staleTime: 0,
  });

/** The readers of one message, asked for while `enabled` (the list is open). */
export const useReaders = (id: number, enabled: boolean) => useQuery({ ...readersQueryOptions(id), enabled });
