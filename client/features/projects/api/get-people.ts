import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { ChatUser } from "../../../../shared/chat.ts";
import { peoplePath, projectKeys } from "./paths.ts";

/** GET /users: the staff directory (never oneself), who can be put on a team. */
export const usePeople = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: projectKeys.people,
    queryFn: ({ signal }) => apiFetch<ChatUser[]>(peoplePath, { signal }),
    staleTime: 60_000,
    enabled,
  });
