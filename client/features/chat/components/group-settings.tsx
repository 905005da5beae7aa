import { Check, Lock, PenLine, Settings2, ShieldCheck, Trash2, UsersRound } from "lucide-react";
import { AlertDialog, DropdownMenu } from "radix-ui";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { HttpError } from "~/lib/http-error";
import { type ChatGroup, type ChatUser, chatLimits } from "../../../../shared/chat.ts";
import { useDeleteGroup, useRenameGroup, useUpdateGroupMembers, useUpdateGroupPermissions } from "../api/groups.ts";
import { ChatDialog, DialogBody, DialogFooter } from "./chat-dialog.tsx";
import { MemberPicker, type PickerPerson } from "./member-picker.tsx";

type Open = "members" | "permissions" | "rename" | "delete" | null;

const failure = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;

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
        description: failure(error, "Please try again."),
        tone: "error",
      });
    }
  }

  // Names for everyone who may appear: colleagues, me, and members no longer in the list.
  const people: PickerPerson[] = [];
  const known = new Set<string>();
  const add = (username: string, name: string) => {
    if (known.has(username.toLowerCase())) return;
    known.add(username.toLowerCase());
    const creator = username.toLowerCase() === group.createdBy.toLowerCase();
    people.push({
      username,
      name: username.toLowerCase() === me.toLowerCase() ? `${name} (you)` : name,
      note: creator ? "Group admin" : undefined,
    });
  };
  add(me, me);
  for (const user of users) add(user.username, user.name || user.username);
  for (const member of group.members) add(member, member);

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
        <PermissionsDialog group={group} people={people} onClose={() => setOpen(null)} onCloseFocus={focusTrigger} />
      )}
      {open === "rename" && <RenameDialog group={group} onClose={() => setOpen(null)} onCloseFocus={focusTrigger} />}
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

interface DialogProps {
  group: ChatGroup;
  onClose: () => void;
  onCloseFocus: () => void;
}

function EditMembersDialog({ group, people, onClose, onCloseFocus }: DialogProps & { people: PickerPerson[] }) {
  const [members, setMembers] = useState(() => new Set(group.members));
  const update = useUpdateGroupMembers();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ id: group.id, members: [...new Set([...members, group.createdBy])] });
      toast({ title: "Members updated", description: group.name });
      onClose();
    } catch (caught) {
      setError(failure(caught, "The members could not be saved. Please try again."));
    }
  }

  const list = people.map((person) =>
    person.username.toLowerCase() === group.createdBy.toLowerCase() ? { ...person, locked: true } : person,
  );

  return (
    <ChatDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Edit Members"
      description={`Who is in ${group.name}. The group admin always stays.`}
      onCloseFocus={onCloseFocus}
    >
      <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <DialogBody>
          <MemberPicker legend="Members" people={list} selected={members} onChange={setMembers} />
          <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
            {error}
          </p>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save members
          </Button>
        </DialogFooter>
      </form>
    </ChatDialog>
  );
}

function PermissionsDialog({ group, people, onClose, onCloseFocus }: DialogProps & { people: PickerPerson[] }) {
  const [adminOnly, setAdminOnly] = useState(group.adminOnlyMessage);
  const [allowed, setAllowed] = useState(() => new Set(group.allowedSenders));
  const update = useUpdateGroupPermissions();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const switchId = useId();
  const members = new Set(group.members.map((member) => member.toLowerCase()));
  const candidates = people.filter(
    (person) =>
      members.has(person.username.toLowerCase()) && person.username.toLowerCase() !== group.createdBy.toLowerCase(),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ id: group.id, allowedSenders: [...allowed], adminOnlyMessage: adminOnly });
      toast({ title: "Message permissions saved", description: group.name });
      onClose();
    } catch (caught) {
      setError(failure(caught, "The permissions could not be saved. Please try again."));
    }
  }

  return (
    <ChatDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Set Message Permissions"
      description={`Who may send in ${group.name}. Admins and the group admin always can.`}
      onCloseFocus={onCloseFocus}
    >
      <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <DialogBody>
          <label
            htmlFor={switchId}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-steel-200 px-3 py-3 hover:bg-steel-50"
          >
            <input
              id={switchId}
              type="checkbox"
              checked={adminOnly}
              onChange={(event) => setAdminOnly(event.target.checked)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-steel-900"
            />
            <span>
              <span className="block text-sm font-semibold text-steel-900">Admin-only messages</span>
              <span className="block text-xs text-steel-600">
                Only admins and the group admin can send; everyone can read.
              </span>
            </span>
          </label>
          <fieldset disabled={adminOnly} className="disabled:opacity-60">
            <MemberPicker
              legend="Allowed senders"
              hint="Leave everyone unchecked to let every member send."
              people={candidates}
              selected={allowed}
              onChange={setAllowed}
            />
          </fieldset>
          <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
            {error}
          </p>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save permissions
          </Button>
        </DialogFooter>
      </form>
    </ChatDialog>
  );
}

function RenameDialog({ group, onClose, onCloseFocus }: DialogProps) {
  const [name, setName] = useState(group.name);
  const rename = useRenameGroup();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("A group name is required");
      return;
    }
    setError(null);
    try {
      await rename.mutateAsync({ id: group.id, name: trimmed });
      toast({ title: "Group renamed", description: trimmed });
      onClose();
    } catch (caught) {
      setError(failure(caught, "The group could not be renamed. Please try again."));
    }
  }

  return (
    <ChatDialog open onOpenChange={(next) => !next && onClose()} title="Rename group" onCloseFocus={onCloseFocus}>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
        <DialogBody>
          <div>
            <label htmlFor={nameId} className="block text-sm font-semibold text-steel-800">
              Group name
            </label>
            <Input
              id={nameId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={chatLimits.groupNameMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${nameId}-error` : undefined}
              className="mt-1.5"
            />
            <p id={`${nameId}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700 empty:hidden">
              {error}
            </p>
          </div>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
        </DialogFooter>
      </form>
    </ChatDialog>
  );
}

function DeleteGroupDialog({
  group,
  open,
  onClose,
  onCloseFocus,
  onDeleting,
  onDeleted,
}: DialogProps & { open: boolean; onDeleting: (id: number) => void; onDeleted: () => void }) {
  const remove = useDeleteGroup();
  const toast = useToast();
  const deleted = useRef(false);

  async function confirm() {
    onDeleting(group.id);
    try {
      await remove.mutateAsync(group.id);
      deleted.current = true;
      toast({ title: "Group deleted", description: group.name });
      onClose();
      onDeleted();
    } catch (error) {
      toast({ title: "Could not delete the group", description: failure(error, "Please try again."), tone: "error" });
      onClose();
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !remove.isPending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-steel-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // The settings button is gone with the group; the view moves focus itself then.
            if (!deleted.current) onCloseFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-steel-950">Delete {group.name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-steel-600">
            The group and all of its messages are deleted for everyone. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("secondary")} disabled={remove.isPending}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
              Delete group
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
