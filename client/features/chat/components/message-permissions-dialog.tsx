import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import type { ChatGroup } from "../../../../shared/chat-groups.ts";
import { useUpdateGroupPermissions } from "../api/groups.ts";
import { type PickerPerson, senderChoices } from "../lib/group-people.ts";
import { ChatDialog, DialogBody, DialogFooter } from "./chat-dialog.tsx";
import { MemberPicker } from "./member-picker.tsx";

/** Set Message Permissions (SPEC §6): admin-only, or which members may send. */
export function MessagePermissionsDialog({
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
  const [adminOnly, setAdminOnly] = useState(group.adminOnlyMessage);
  const [allowed, setAllowed] = useState(() => new Set(group.allowedSenders));
  const update = useUpdateGroupPermissions();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const switchId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ id: group.id, allowedSenders: [...allowed], adminOnlyMessage: adminOnly });
      toast({ title: "Message permissions saved", description: group.name });
      onClose();
    } catch (caught) {
      setError(messageFrom(caught, "The permissions could not be saved. Please try again."));
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
              people={senderChoices(group, people)}
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
