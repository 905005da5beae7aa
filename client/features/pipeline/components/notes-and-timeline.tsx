import { MessageSquarePlus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import { activityLimits, noteInputSchema } from "../../../../shared/activity.ts";
import { useActivity } from "../api/get-activity.ts";
import { useAddNote, useNotes } from "../api/notes.ts";
import type { WorkItem } from "../api/paths.ts";
import { activityText, oldestFirst } from "../lib/pipeline.ts";
import { DialogSection } from "./work-dialog.tsx";

/** The notes of a quote request or application, and a form to add one. */
export function Notes({ item, disabled }: { item: WorkItem; disabled?: boolean }) {
  const notes = useNotes(item);
  const add = useAddNote(item);
  const toast = useToast();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = noteInputSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Write a note");
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(parsed.data.text);
      setText("");
      toast({ title: "Note added" });
    } catch (failure) {
      setError(fieldErrorsFrom(failure).text ?? messageFrom(failure, "The note was not saved. Please try again."));
    }
  }

  const list = notes.data ?? [];
  return (
    <DialogSection title="Notes">
      {notes.isPending ? (
        <p className="text-sm text-steel-500">Loading notes…</p>
      ) : notes.isError ? (
        <p className="text-sm text-red-700">{messageFrom(notes.error, "Could not load the notes.")}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-steel-500">No notes yet.</p>
      ) : (
        <ul aria-label="Notes" className="space-y-2">
          {list.map((note) => (
            <li key={note.id} className="rounded-lg border border-steel-200 bg-steel-50 px-3 py-2">
              <p className="text-xs text-steel-500">
                <span className="font-semibold text-steel-800">{note.author}</span> ·{" "}
                <time dateTime={note.createdAt}>{dateTimeFormat.format(new Date(note.createdAt))}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-steel-900">{note.text}</p>
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <form onSubmit={(event) => void submit(event)} className="space-y-2" noValidate>
          <label htmlFor={id} className="block text-sm font-semibold text-steel-800">
            Add a note
          </label>
          <textarea
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={activityLimits.noteMax}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={controlClass}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" variant="secondary" size="sm" loading={add.isPending}>
            {!add.isPending && <MessageSquarePlus aria-hidden="true" size={14} />}
            Add note
          </Button>
        </form>
      )}
    </DialogSection>
  );
}

/** Every change, note and e-mail, oldest first, in words. */
export function Timeline({ item }: { item: WorkItem }) {
  const activity = useActivity(item);
  const entries = oldestFirst(activity.data ?? []);
  return (
    <DialogSection title="Timeline">
      {activity.isPending ? (
        <p className="text-sm text-steel-500">Loading the timeline…</p>
      ) : activity.isError ? (
        <p className="text-sm text-red-700">{messageFrom(activity.error, "Could not load the timeline.")}</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-steel-500">Nothing has happened yet.</p>
      ) : (
        <ol aria-label="Timeline" className="relative space-y-3 border-l-2 border-steel-200 pl-4">
          {entries.map((entry) => (
            <li key={entry.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.36rem] h-2.5 w-2.5 rounded-full border-2 border-white bg-steel-500"
              />
              <p className="text-sm break-words text-steel-900">{activityText(entry)}</p>
              <p className="text-xs text-steel-500">
                <time dateTime={entry.at}>{dateTimeFormat.format(new Date(entry.at))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </DialogSection>
  );
}
