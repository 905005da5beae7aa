import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, HttpError, messageFrom } from "~/lib/http-error";
import type { AdminSiteItem, SiteCollection, SiteFields } from "../../../../shared/site-content.ts";
import { siteContentQueryOptions } from "../api/get-content.ts";
import { useSaveItem } from "../api/save-item.ts";
import { currentFields, itemState, itemTitle } from "../lib/collections.ts";
import { type MergeField, mergeFields } from "../lib/diff.ts";
import { emptyFields, fieldsOf, schemaOf } from "../lib/field-specs.ts";

export interface PendingMerge {
  fields: MergeField[];
  theirs: SiteFields;
  version: number;
}

/**
 * Focuses the first control the form marks invalid (the schema's errors or the server's), once
 * React has committed the errors: asked for on each refusal, looked for after the render and for a
 * few frames more (a busy machine may commit the field's own error a frame later).
 */
function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    let frame = 0;
    let handle = 0;
    const attempt = () => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid) invalid.focus();
      else if (frame++ < 30) handle = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(handle);
  }, [request, formRef]);
  return () => setRequest((count) => count + 1);
}

/**
 * One item's edit form: its fields checked by the server's own schema, saved as a draft at the
 * version read. A 409 reads the item again and offers a merge (theirs beside mine, field by field);
 * what the admin typed stays in the form until they choose.
 */
export function useItemForm({
  collection,
  id,
  item,
  onSaved,
}: {
  collection: SiteCollection;
  id: string;
  item: AdminSiteItem | undefined;
  onSaved?: (item: AdminSiteItem) => void;
}) {
  const fields = useMemo(() => fieldsOf(collection), [collection]);
  const initial = useMemo(() => (item ? currentFields(item) : emptyFields(fields)), [item, fields]);
  const form = useForm<SiteFields>({
    resolver: zodResolver(schemaOf(collection)),
    defaultValues: initial,
    shouldFocusError: false,
  });
  // Refs, not state: a merge sets them and saves in the same event.
  const version = useRef(item?.version ?? 0);
  const base = useRef<SiteFields>(initial);
  const [publishAt, setPublishAt] = useState<string | undefined>(item?.publishAt ?? undefined);
  const [savedPublishAt, setSavedPublishAt] = useState(publishAt);
  const [problem, setProblem] = useState<string | null>(null);
  const [merge, setMerge] = useState<PendingMerge | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const save = useSaveItem();
  const queryClient = useQueryClient();
  const toast = useToast();
  const dirty = form.formState.isDirty || publishAt !== savedPublishAt;

  const settle = (saved: AdminSiteItem) => {
    const next = currentFields(saved);
    form.reset(next);
    version.current = saved.version;
    base.current = next;
    setPublishAt(saved.publishAt ?? undefined);
    setSavedPublishAt(saved.publishAt ?? undefined);
  };

  // Someone else's save, read while this admin has typed nothing: show it rather than a stale form.
  useEffect(() => {
    if (!item || item.version === version.current || dirty || save.isPending || merge) return;
    settle(item);
  });

  async function offerMerge(error: HttpError) {
    const content = await queryClient.fetchQuery({ ...siteContentQueryOptions(), staleTime: 0 });
    const fresh = content[collection].find((candidate) => candidate.id === id);
    if (!fresh) {
      version.current = 0;
      setProblem(`${messageFrom(error, "This item was removed meanwhile.")} Saving again adds it back.`);
      return;
    }
    version.current = fresh.version;
    if (itemState(fresh) === "removing") {
      setProblem("Someone marked this item for removal since you opened it. Saving again keeps it, with your changes.");
      return;
    }
    const theirs = currentFields(fresh);
    const differing = mergeFields(base.current, form.getValues(), theirs);
    base.current = theirs;
    if (differing.length === 0) {
      setProblem("Someone saved this item meanwhile, with what you have here. Save again to keep it.");
      return;
    }
    setMerge({ fields: differing, theirs, version: fresh.version });
  }

  const onValid = async (values: SiteFields) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        collection,
        id,
        fields: values,
        version: version.current,
        publishAt: publishAt ?? null,
      });
      settle(saved);
      setMerge(null);
      toast({
        title: saved.draft === null && saved.published !== null ? "Saved: the same as published" : "Draft saved",
        description: itemTitle(collection, currentFields(saved), id),
      });
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        await offerMerge(error).catch((reading) =>
          setProblem(messageFrom(reading, "Someone saved this item meanwhile, and it could not be read again.")),
        );
        return;
      }
      let other: string | undefined;
      for (const [field, text] of Object.entries(fieldErrorsFrom(error))) {
        if (field === "item" || field === "") other = text;
        else form.setError(field, { type: "server", message: text });
      }
      setProblem(other ?? messageFrom(error, "The draft could not be saved."));
      focusFirstError();
    }
  };
  const onInvalid = (_errors: FieldErrors<SiteFields>) => focusFirstError();
  const submit = form.handleSubmit(onValid, onInvalid);

  /** Applies the merge's choices to the form and saves it at the version just read. */
  const applyChoices = (choices: MergeField[]) => {
    if (!merge) return;
    for (const choice of choices) {
      if (choice.take === "theirs") form.setValue(choice.path, choice.theirs, { shouldDirty: true });
    }
    version.current = merge.version;
    base.current = merge.theirs;
    void form.handleSubmit(onValid, onInvalid)();
  };

  /** Saves what is published again: the draft (or the removal) goes. */
  const revert = async (what: "discard" | "keep") => {
    if (!item?.published) return;
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        collection,
        id,
        fields: item.published,
        version: version.current,
        publishAt: null,
      });
      settle(saved);
      toast({ title: what === "discard" ? "Draft discarded" : "Kept: it will not be removed" });
    } catch (error) {
      setProblem(
        error instanceof HttpError && error.status === 409
          ? "Someone saved this item meanwhile. Reload the page to see their draft first."
          : messageFrom(error, "It could not be saved."),
      );
      throw error;
    }
  };

  return {
    form,
    formRef,
    fields,
    submit,
    saving: save.isPending,
    dirty,
    publishAt,
    setPublishAt,
    problem,
    setProblem,
    merge,
    cancelMerge: () => setMerge(null),
    applyChoices,
    revert,
    /** After a removal, nothing here is worth keeping. */
    forget: () => {
      form.reset(form.getValues());
      setSavedPublishAt(publishAt);
    },
    settle,
  };
}
