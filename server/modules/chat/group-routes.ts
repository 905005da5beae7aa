import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chatDestinations } from "../../../shared/chat.ts";
import {
  type ChatGroup,
  chatGroupSchema,
  createGroupSchema,
  groupPermissionsSchema,
  renameGroupSchema,
  updateMembersSchema,
} from "../../../shared/chat-groups.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import type { AccountRef } from "../../plugins/account-events.ts";
import { type AuthUser, currentUser } from "../../plugins/auth.ts";
import { historyQuery, historyResponse, readHistory } from "./history.ts";
import { isMe, type MarkRead, onlyOwn } from "./routes.ts";
import type { AlsoInTransaction, MembersChanged } from "./store/groups.ts";
import type { ChatStore } from "./store/index.ts";

const groupParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** What a member removed from a group is told as its subscription ends. */
export const removedFromGroup = "You are no longer a member of this group.";

/** Groups (SPEC §7 /api/group/…; SPEC §5–6 rules). Registered under /api. */
export const groupRoutes = (
  store: ChatStore,
  /** Removes the files of the attachments deleted with a group (their rows are gone already). */
  onGroupDeleted: (attachmentKeys: string[]) => Promise<void>,
  reads: MarkRead,
): FastifyPluginAsyncZod => {
  return async (app) => {
    const staff = { access: "staff" } as const;
    const tags = ["chat groups"];

    const load = async (id: number): Promise<ChatGroup> => {
      const group = await store.group(id);
      if (!group) throw notFound("No such group.");
      return group;
    };
    /** Admins and the group's creator manage it (SPEC §6), by account id: a name can pass to someone else. */
    const manageable = async (id: number, user: AuthUser) => {
      const group = await store.groupCreator(id);
      if (!group) throw notFound("No such group.");
      if (user.role !== "admin" && group.createdById !== user.id) {
        throw forbidden("Only an admin or the group's creator can change it.");
      }
    };
    /**
     * DESIGN §11: a change an admin makes to a group lands in the audit log, written in the change's
     * own transaction so that both commit or neither does (a creator who is not an admin is not
     * audited). `entry` reads what the change did.
     */
    const audited = <Result>(
      request: FastifyRequest,
      action: "group.create" | "group.update" | "group.delete",
      entry: (result: Result) => { id: number; summary: string },
    ): AlsoInTransaction<Result> | undefined => {
      if (currentUser(request).role !== "admin") return undefined;
      return app.audit.as(request, action, (result: Result) => {
        const { id, summary } = entry(result);
        return { target: `group:${id}`, summary };
      });
    };
    const list = (names: string[]) =>
      names.length === 0
        ? "nobody"
        : names.length <= 10
          ? names.join(", ")
          : `${names.slice(0, 10).join(", ")} and ${names.length - 10} more`;

    /** Members read a group; admins read any. */
    const readable = async (id: number, user: AuthUser) => {
      if (user.role === "admin") return;
      if (!(await store.isMember(id, user.id))) {
        if (!(await store.groupCreator(id))) throw notFound("No such group.");
        throw forbidden("You are not a member of this group.");
      }
    };
    /** The active accounts named (any case); every name must be one. */
    const activeMembers = async (names: string[], field: string): Promise<AccountRef[]> => {
      const active = await store.activeAccounts(names);
      const unknown = names.filter((name) => !active.has(name));
      if (unknown.length > 0) {
        throw badRequest("Some members are not valid.", { [field]: `No such user: ${unknown.slice(0, 5).join(", ")}` });
      }
      return names.map((name) => active.get(name)!);
    };

    app.get(
      "/group/all",
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: "Every group (admins)",
          response: { 200: z.array(chatGroupSchema), ...errorResponses(401, 403) },
        },
      },
      async () => store.allGroups(),
    );

    app.get(
      "/group/my-groups",
      {
        config: staff,
        schema: {
          tags,
          summary: "The groups I am in",
          response: { 200: z.array(chatGroupSchema), ...errorResponses(401) },
        },
      },
      async (request) => store.groupsOf(currentUser(request).id),
    );

    app.post(
      "/group/create",
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: "Create a group (admins); its creator is its group admin and a member",
          body: createGroupSchema,
          response: { 201: chatGroupSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const members = await activeMembers(request.body.members, "members");
        const names = [...new Set([user.username, ...members.map((member) => member.username)])];
        const group = await store.createGroup(
          { name: request.body.name, creator: user, memberIds: members.map((member) => member.id) },
          audited(request, "group.create", (id: number) => ({
            id,
            summary: `Created group ${request.body.name} with ${list(names)}`,
          })),
        );
        request.log.info({ groupId: group.id, by: user.username }, "chat group created");
        return reply.status(201).send(group);
      },
    );

    app.put(
      "/group/:id",
      {
        config: staff,
        schema: {
          tags,
          summary: "Rename a group (admins or its creator)",
          params: groupParams,
          body: renameGroupSchema,
          response: { 200: chatGroupSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await manageable(request.params.id, currentUser(request));
        const before = await load(request.params.id);
        await store.renameGroup(
          request.params.id,
          request.body.name,
          audited(request, "group.update", () => ({
            id: before.id,
            summary: `Renamed group ${before.name} to ${request.body.name}`,
          })),
        );
        return load(request.params.id);
      },
    );

    app.put(
      "/group/:id/updatemembers",
      {
        config: staff,
        schema: {
          tags,
          summary: "Replace a group's members (admins or its creator; the creator always stays)",
          params: groupParams,
          body: updateMembersSchema,
          response: { 200: chatGroupSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await manageable(request.params.id, currentUser(request));
        const members = await activeMembers(request.body.members, "members");
        const before = await load(request.params.id);
        const names = (refs: AccountRef[]) => list(refs.map((member) => member.username));
        const { removed } = await store.setMembers(
          request.params.id,
          members.map((member) => member.id),
          audited(request, "group.update", ({ added, removed }: MembersChanged) => ({
            id: before.id,
            summary: `Changed the members of group ${before.name}: added ${names(added)}; removed ${names(removed)}`,
          })),
        );
        // A removed member stops receiving the group's messages at once, on every instance.
        await Promise.all(
          removed.map((member) =>
            app.realtime.revokeSubscriptions(
              member.username,
              chatDestinations.group(request.params.id),
              removedFromGroup,
            ),
          ),
        );
        return load(request.params.id);
      },
    );

    app.put(
      "/group/:id/permissions",
      {
        config: staff,
        schema: {
          tags,
          summary: "Set who may send: admin-only mode and allowed senders (admins or its creator)",
          params: groupParams,
          body: groupPermissionsSchema,
          response: { 200: chatGroupSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await manageable(request.params.id, currentUser(request));
        const members = new Map(
          (await store.members(request.params.id)).map((member) => [member.username.toLowerCase(), member.id]),
        );
        const { allowedSenders, adminOnlyMessage } = request.body;
        const outsiders = allowedSenders.filter((name) => !members.has(name.toLowerCase()));
        if (outsiders.length > 0) {
          throw badRequest("Allowed senders must be members of the group.", {
            allowedSenders: `Not a member: ${outsiders.slice(0, 5).join(", ")}`,
          });
        }
        const before = await load(request.params.id);
        await store.setPermissions(
          request.params.id,
          { allowedSenderIds: allowedSenders.map((name) => members.get(name.toLowerCase())!), adminOnlyMessage },
          audited(request, "group.update", () => ({
            id: before.id,
            summary: `Changed who may send in group ${before.name}: ${adminOnlyMessage ? "admins only" : "everyone"}; allowed senders ${list(allowedSenders)}`,
          })),
        );
        return load(request.params.id);
      },
    );

    app.delete(
      "/group/:id/Delete",
      {
        config: staff,
        schema: {
          tags,
          summary: "Delete a group with its messages (admins or its creator)",
          params: groupParams,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await manageable(request.params.id, currentUser(request));
        const before = await load(request.params.id);
        const { members, attachmentKeys } = await store.deleteGroup(
          request.params.id,
          audited(request, "group.delete", () => ({
            id: before.id,
            summary: `Deleted group ${before.name} and its messages`,
          })),
        );
        await Promise.all(
          members.map((name) =>
            app.realtime.revokeSubscriptions(
              name,
              chatDestinations.group(request.params.id),
              "This group was deleted.",
            ),
          ),
        );
        await onGroupDeleted(attachmentKeys);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/group/:id/messages",
      {
        config: staff,
        schema: {
          tags,
          summary: "A group's messages (members; admins): 20 per page, page 0 newest; or after=SEQ; or around=ID",
          params: groupParams,
          querystring: z.object(historyQuery),
          response: { 200: historyResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await readable(request.params.id, currentUser(request));
        return readHistory(store, await store.groupConversation(request.params.id), request.query);
      },
    );

    app.get(
      "/group/:id/getmembers",
      {
        config: staff,
        schema: {
          tags,
          summary: "A group's members' usernames (members; admins)",
          params: groupParams,
          response: { 200: z.array(z.string()), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await readable(request.params.id, currentUser(request));
        const group = await load(request.params.id);
        return group.members;
      },
    );

    app.post(
      "/group/:id/mark-read/:me",
      {
        config: staff,
        schema: {
          tags,
          summary: "Mark the group's messages read for me",
          params: groupParams.extend({ me: z.string().min(1).max(64) }),
          response: { 200: z.object({ marked: z.number().int() }), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        if (!isMe(request.params.me, user)) throw forbidden(onlyOwn);
        const conversation = await store.groupConversation(request.params.id);
        const marked = await store.markConversationRead(conversation, user.id);
        if (conversation !== undefined) await reads.conversation(user, conversation);
        return { marked };
      },
    );
  };
};
