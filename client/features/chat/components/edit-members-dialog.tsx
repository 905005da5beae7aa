import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import { useUpdateGroupMembers } from "../api/groups.ts";
import { memberChoices, type PickerPerson } from "../lib/group-people.ts";
import { ChatDialog, DialogBody, DialogFooter } from "./chat-dialog.tsx";
import { MemberPicker } from "./member-picker.tsx";

/** Edit Members (SPEC §6): who is in the group; its creator always stays. */
export function EditMembersDialog({
  group,
  people,
  onClose,
  onCloseFocus,
}: {
  group: ChatGroup;
  people: readonly PickerPerson[];
  onClose: () => void;
  onCloseFocus: () => void;
}) {
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
      setError(messageFrom(caught, "The members could not be saved. Please try again."));
    }
  }

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
          <MemberPicker
            legend="Members"
            people={memberChoices(group, people)}
            selected={members}
            onChange={setMembers}
          />
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
