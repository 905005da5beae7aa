import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { type ChatUser, chatLimits, chatMessages } from "../../../../shared/chat.ts";
import { type ChatGroup, createGroupSchema } from "../../../../shared/chat-groups.ts";
import { useCreateGroup } from "../api/groups.ts";
import { ChatDialog, DialogBody, DialogFooter } from "./chat-dialog.tsx";
import { MemberPicker } from "./member-picker.tsx";

/** New group (admins): a name and at least one member (SPEC §5 group creation). */
export function CreateGroupDialog({
  open,
  onOpenChange,
  me,
  users,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  me: string;
  users: ChatUser[];
  onCreated: (group: ChatGroup) => void;
}) {
  const [name, setName] = useState("");
  const [members, setMembers] = useState<Set<string>>(new Set());
  const create = useCreateGroup();
  const toast = useToast();
  const nameId = useId();
  // After a create the view focuses the new group's composer; otherwise focus goes back as usual.
  const created = useRef(false);

  function reset(next: boolean) {
    if (next) created.current = false;
    if (!next) {
      setName("");
      setMembers(new Set());
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = createGroupSchema.safeParse({ name, adminUsername: me, members: [...members] });
    if (!input.success) {
      window.alert(chatMessages.groupInvalid);
      return;
    }
    try {
      const group = await create.mutateAsync({ name: input.data.name, adminUsername: me, members: input.data.members });
      toast({ title: `Group "${group.name}" created` });
      created.current = true;
      reset(false);
      onCreated(group);
    } catch (error) {
      console.warn("chat: group creation failed", error);
      window.alert(chatMessages.groupFailed);
    }
  }

  return (
    <ChatDialog
      open={open}
      onOpenChange={reset}
      title="Create group"
      description="Name the group and choose who is in it. You are its admin."
      onCloseFocus={() => {
        if (!created.current) document.querySelector<HTMLElement>("[data-create-group]")?.focus();
      }}
    >
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
              placeholder="e.g. Harbor Point detailing"
              autoComplete="off"
              className="mt-1.5"
            />
          </div>
          <MemberPicker
            legend="Members"
            people={users.map((user) => ({ username: user.username, name: user.name || user.username }))}
            selected={members}
            onChange={setMembers}
          />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={() => reset(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create group
          </Button>
        </DialogFooter>
      </form>
    </ChatDialog>
  );
}
