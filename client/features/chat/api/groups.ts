import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { chatPaths } from "../../../../shared/chat.ts";
import {
  type ChatGroup,
  type CreateGroupInput,
  chatGroupSchema,
  type GroupPermissionsInput,
} from "../../../../shared/chat-groups.ts";
import { chatKeys } from "./keys.ts";

const groupLists = chatKeys.groupLists;

const parseGroup = (data: unknown) => chatGroupSchema.parse(data);

/** POST /api/group/create {name, adminUsername, members} (admins). */
export const createGroup = async (input: CreateGroupInput) =>
  parseGroup(await apiFetch<unknown>(chatPaths.createGroup, { method: "POST", body: input }));

/** PUT /api/group/{id} {name} */
export const renameGroup = async ({ id, name }: { id: number; name: string }) =>
  parseGroup(await apiFetch<unknown>(chatPaths.group(id), { method: "PUT", body: { name } }));

/** PUT /api/group/{id}/updatemembers {members} */
export const updateGroupMembers = async ({ id, members }: { id: number; members: string[] }) =>
  parseGroup(await apiFetch<unknown>(chatPaths.groupMembers(id), { method: "PUT", body: { members } }));

/** PUT /api/group/{id}/permissions {allowedSenders, adminOnlyMessage} */
export const updateGroupPermissions = async ({ id, ...permissions }: GroupPermissionsInput & { id: number }) =>
  parseGroup(await apiFetch<unknown>(chatPaths.groupPermissions(id), { method: "PUT", body: permissions }));

/** DELETE /api/group/{id}/Delete (204). */
export const deleteGroup = (id: number) => apiFetch<void>(chatPaths.deleteGroup(id), { method: "DELETE" });

/** Puts a changed group into every cached group list, then checks with the server. */
function useGroupCache() {
  const queryClient = useQueryClient();
  return {
    upsert(group: ChatGroup) {
      queryClient.setQueriesData<ChatGroup[]>({ queryKey: groupLists }, (list) => {
        if (!list) return list;
        return list.some((item) => item.id === group.id)
          ? list.map((item) => (item.id === group.id ? group : item))
          : [...list, group];
      });
      void queryClient.invalidateQueries({ queryKey: groupLists });
    },
    remove(id: number) {
      queryClient.setQueriesData<ChatGroup[]>({ queryKey: groupLists }, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: groupLists });
    },
  };
}

export function useCreateGroup() {
  const cache = useGroupCache();
  return useMutation({ mutationFn: createGroup, onSuccess: cache.upsert });
}

export function useRenameGroup() {
  const cache = useGroupCache();
  return useMutation({ mutationFn: renameGroup, onSuccess: cache.upsert });
}

export function useUpdateGroupMembers() {
  const cache = useGroupCache();
  return useMutation({ mutationFn: updateGroupMembers, onSuccess: cache.upsert });
}

export function useUpdateGroupPermissions() {
  const cache = useGroupCache();
  return useMutation({ mutationFn: updateGroupPermissions, onSuccess: cache.upsert });
}

export function useDeleteGroup() {
  const cache = useGroupCache();
  return useMutation({ mutationFn: deleteGroup, onSuccess: (_data, id) => cache.remove(id) });
}
