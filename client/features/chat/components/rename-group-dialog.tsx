import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import { chatLimits } from "../../../../shared/chat.ts";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import { useRenameGroup } from "../api/groups.ts";
import { ChatDialog, DialogBody, DialogFooter } from "./chat-dialog.tsx";

/** Rename group: a new name, required. */
export function RenameGroupDialog({
  group,
  onClose,
  onCloseFocus,
}: {
  group: ChatGroup;
  onClose: () => void;
  onCloseFocus: () => void;
}) {
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
      setError(messageFrom(caught, "The group could not be renamed. Please try again."));
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
