import { Check, Lock, PenLine, Settings2, ShieldCheck, Trash2, UsersRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import type { ChatUser } from "../../../../shared/chat.ts";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import { useUpdateGroupPermissions } from "../api/groups.ts";
import { groupPeople } from "../lib/group-people.ts";
import { DeleteGroupDialog } from "./delete-group-dialog.tsx";
import { EditMembersDialog } from "./edit-members-dialog.tsx";
import { MessagePermissionsDialog } from "./message-permissions-dialog.tsx";
import { RenameGroupDialog } from "./rename-group-dialog.tsx";

type Open = "members" | "permissions" | "rename" | "delete" | null;

const menuItem =
  "flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-steel-800 outline-none select-none data-[highlighted]:bg-steel-100 data-[highlighted]:text-steel-950";

/**
 * The group's management (admins and its creator, SPEC §6): Edit Members, Set Message Permissions,
 * the admin-only switch, rename and delete.
 */
export function GroupSettings({
  group,
  me,
  users,
  onDeleting,
  onDeleted,
}: {
  group: ChatGroup;
  me: string;
  users: ChatUser[];
  /** Just before the delete request: the group's disappearance is expected. */
  onDeleting: (id: number) => void;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const permissions = useUpdateGroupPermissions();
  const toast = useToast();
  const focusTrigger = () => trigger.current?.focus();

  async function toggleAdminOnly() {
    try {
      const updated = await permissions.mutateAsync({
        id: group.id,
        allowedSenders: group.allowedSenders,
        adminOnlyMessage: !group.adminOnlyMessage,
      });
      toast({
        title: updated.adminOnlyMessage ? "Only admins can send now" : "Members can send again",
        description: updated.name,
      });
    } catch (error) {
      toast({
        title: "Could not change who can send",
        description: messageFrom(error, "Please try again."),
        tone: "error",
      });
    }
  }

  const people = groupPeople(group, me, users);

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            ref={trigger}
            type="button"
            aria-label={`Group settings for ${group.name}`}
            className="flex h-9 w-9 items-center justify-center rounded-lg text-steel-600 hover:bg-steel-100 hover:text-steel-950 data-[state=open]:bg-steel-100"
          >
            <Settings2 aria-hidden="true" size={18} />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-60 rounded-xl border border-steel-200 bg-white p-1.5 shadow-xl"
          >
            <DropdownMenu.Label className="px-2.5 pt-1 pb-1.5 text-xs font-semibold text-steel-500">
              {group.name}
            </DropdownMenu.Label>
            <DropdownMenu.Item className={menuItem} onSelect={() => setOpen("members")}>
              <UsersRound aria-hidden="true" size={16} />
              Edit Members
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItem} onSelect={() => setOpen("permissions")}>
              <ShieldCheck aria-hidden="true" size={16} />
              Set Message Permissions
            </DropdownMenu.Item>
            <DropdownMenu.CheckboxItem
              className={menuItem}
              checked={group.adminOnlyMessage}
              disabled={permissions.isPending}
              onSelect={() => void toggleAdminOnly()}
            >
              <Lock aria-hidden="true" size={16} />
              <span className="flex-1">Admin-only messages</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" size={16} className="text-emerald-700" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.Item className={menuItem} onSelect={() => setOpen("rename")}>
              <PenLine aria-hidden="true" size={16} />
              Rename group
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-steel-100" />
            <DropdownMenu.Item
              className={`${menuItem} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
              onSelect={() => setOpen("delete")}
            >
              <Trash2 aria-hidden="true" size={16} />
              Delete group
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {open === "members" && (
        <EditMembersDialog group={group} people={people} onClose={() => setOpen(null)} onCloseFocus={focusTrigger} />
      )}
      {open === "permissions" && (
        <MessagePermissionsDialog
          group={group}
          people={people}
          onClose={() => setOpen(null)}
          onCloseFocus={focusTrigger}
        />
      )}
      {open === "rename" && (
        <RenameGroupDialog group={group} onClose={() => setOpen(null)} onCloseFocus={focusTrigger} />
      )}
      <DeleteGroupDialog
        group={group}
        open={open === "delete"}
        onClose={() => setOpen(null)}
        onCloseFocus={focusTrigger}
        onDeleting={onDeleting}
        onDeleted={onDeleted}
      />
    </>
  );
}
