/** Chat groups (SPEC §5): their shape, the forms that change them, and who may send or manage. */
import { z } from "zod";
import { chatLimits } from "./chat.ts";
import type { AccountKind } from "./roles.ts";

export const chatGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The group's admin (SPEC §5: group admins = the creator). */
  createdBy: z.string(),
  adminOnlyMessage: z.boolean(),
  allowedSenders: z.array(z.string()),
  members: z.array(z.string()),
});
export type ChatGroup = z.infer<typeof chatGroupSchema>;

const usernameList = z
  .array(z.string().trim().min(1).max(64))
  .max(chatLimits.maxGroupMembers, `At most ${chatLimits.maxGroupMembers} members`)
  .transform((names) => [...new Set(names)]);

const groupName = z
  .string({ error: "A group name is required" })
  .trim()
  .min(1, "A group name is required")
  .max(chatLimits.groupNameMax, `At most ${chatLimits.groupNameMax} characters`);

/** POST /api/group/create. `adminUsername` is accepted for the SPEC's client and ignored: the creator is the caller. */
export const createGroupSchema = z.object({
  name: groupName,
  adminUsername: z.string().optional(),
  members: usernameList.refine((names) => names.length > 0, "Select at least one member"),
});
export type CreateGroupInput = z.input<typeof createGroupSchema>;

export const renameGroupSchema = z.object({ name: groupName });
export const updateMembersSchema = z.object({ members: usernameList });
export const groupPermissionsSchema = z.object({
  allowedSenders: usernameList,
  adminOnlyMessage: z.boolean(),
});
export type GroupPermissionsInput = z.input<typeof groupPermissionsSchema>;

/** A group's rule as the sending rule needs it. */
export interface GroupRule {
  createdBy: string;
  adminOnlyMessage: boolean;
  allowedSenders: readonly string[];
}

/**
 * SPEC §5 group sending: admins always may; otherwise admin-only mode blocks all but the group's
 * admin (its creator); otherwise a non-empty allowedSenders lets only those (and the group admin) send.
 */
export function canSendInGroup(user: { username: string; role: AccountKind }, group: GroupRule): boolean {
  if (user.role === "admin") return true;
  const groupAdmin = group.createdBy === user.username;
  if (group.adminOnlyMessage) return groupAdmin;
  if (group.allowedSenders.length > 0) return groupAdmin || group.allowedSenders.includes(user.username);
  return true;
}

/** Group management (members, permissions, rename, delete) is for admins and the group's creator. */
export const canManageGroup = (user: { username: string; role: AccountKind }, group: { createdBy: string }) =>
  user.role === "admin" || group.createdBy === user.username;
