import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, RefreshCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormDialog, FormDialogCancel } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, HttpError, messageFrom } from "~/lib/http-error";
import { type Project, projectLimits } from "../../../../shared/projects.ts";
import { staffAddresses } from "../../../../shared/staff-addresses.ts";
import { usePeople } from "../api/get-people.ts";
import { getProject } from "../api/get-project.ts";
import { useSaveProject } from "../api/save-project.ts";
import {
  createBody,
  emptyProjectForm,
  formFieldOf,
  type ProjectFormValues,
  projectFormSchema,
  projectFormValues,
  updateBody,
} from "../lib/project-form.ts";
import { TeamPicker } from "./team-picker.tsx";

/**
 * New project, or Edit of one (admins): job number, name, client, fabricator, due date and team.
 * A job number is fixed once made. Someone else's save since the form opened (409) is shown with
 * Reload, never overwritten.
 */
export function ProjectFormDialog({ project, me }: { project?: Project; me: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [version, setVersion] = useState(project?.version ?? 0);
  const save = useSaveProject();
  const people = usePeople({ enabled: open });
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<ProjectFormValues>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: project ? projectFormValues(project) : emptyProjectForm,
  });
  const { errors, isSubmitting } = form.formState;
  const editing = project !== undefined;

  const reset = (from?: Project) => {
    form.reset(from ? projectFormValues(from) : emptyProjectForm);
    setVersion(from?.version ?? 0);
    setProblem(null);
    setStale(false);
  };

  const reload = async () => {
    if (!project) return;
    setReloading(true);
    try {
      reset(await getProject(project.job));
    } catch (error) {
      setProblem(messageFrom(error, "The project could not be loaded."));
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    setStale(false);
    try {
      const saved = await save.mutateAsync(
        project ? { update: { job: project.job, ...updateBody(values, version) } } : { create: createBody(values) },
      );
      setOpen(false);
      toast({ title: editing ? "Project saved" : "Project created", description: `${saved.job} · ${saved.name}` });
      if (!editing) navigate(staffAddresses.project(saved.job));
    } catch (error) {
      if (editing && error instanceof HttpError && error.status === 409) {
        setStale(true);
        setProblem(messageFrom(error, "Someone changed this project since you opened it."));
        return;
      }
      for (const [field, text] of Object.entries(fieldErrorsFrom(error))) {
        const name = formFieldOf(field);
        if (name) form.setError(name, { message: text });
      }
      if (error instanceof HttpError && error.status === 409) form.setError("job", { message: messageFrom(error, "") });
      setProblem(messageFrom(error, editing ? "The project could not be saved." : "The project could not be created."));
    }
  });

  const text = (
    name: Exclude<keyof ProjectFormValues, "team">,
    label: string,
    options: { max: number; optional?: boolean; hint?: ReactNode; type?: string; readOnly?: boolean },
  ) => (
    <Field label={label} optional={options.optional} hint={options.hint} error={errors[name]?.message}>
      {(control) => (
        <Input
          {...control}
          {...form.register(name)}
          type={options.type ?? "text"}
          maxLength={options.max}
          readOnly={options.readOnly}
          autoComplete="off"
        />
      )}
    </Field>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      busy={isSubmitting}
      onOpen={() => {
        reset(project);
      }}
      trigger={
        editing ? (
          <Button variant="secondary" size="sm">
            <Pencil aria-hidden="true" size={14} />
            Edit project
          </Button>
        ) : (
          <Button variant="accent">
            <Plus aria-hidden="true" size={16} />
            New project
          </Button>
        )
      }
      title={editing ? `Edit ${project.job}` : "New project"}
      description={"The team works on it and shares its chat group."}
    >
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={editing ? "Edit project" : "New project"}
        className="mt-5 space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          {text("job", "Job number", {
            max: 20,
            hint: editing ? "Fixed once made." : "Capitals, digits, hyphens.",
            readOnly: editing,
          })}
          {text("name", "Project name", { max: projectLimits.nameMax })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("company", "Client", { max: projectLimits.companyMax })}
          {text("contact", "Client contact", { max: projectLimits.contactMax, optional: true })}
          {text("email", "Client e-mail", { max: 254, type: "email", hint: "Transmittals go here." })}
          {text("fabricator", "Fabricator", { max: projectLimits.fabricatorMax, optional: true })}
          {text("dueDate", "Due date", { max: 10, type: "date", optional: true })}
        </div>
        <Controller
          control={form.control}
          name="team"
          render={({ field }) =>
            people.isPending ? (
              <p className="text-sm text-steel-600" aria-busy="true">
                Loading people…
              </p>
            ) : (
              <TeamPickerOrError people={people} me={me} value={field.value} onChange={field.onChange} />
            )
          }
        />
        {errors.team?.message && <p className="text-sm font-medium text-red-700">{errors.team.message}</p>}
        {stale ? (
          <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p className="text-sm font-semibold text-amber-950">{problem}</p>
            <Button variant="secondary" size="sm" loading={reloading} onClick={() => void reload()}>
              {!reloading && <RefreshCw aria-hidden="true" size={14} />}
              Reload
            </Button>
          </div>
        ) : (
          <MessageBanner message={problem} onDismiss={() => setProblem(null)} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <FormDialogCancel />
          <Button type="submit" variant="accent" loading={isSubmitting} disabled={stale}>
            {editing ? "Save project" : "Create project"}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

function TeamPickerOrError({
  people,
  ...picker
}: {
  people: ReturnType<typeof usePeople>;
  me: string;
  value: string[];
  onChange: (team: string[]) => void;
}) {
  if (people.isError)
    return <MessageBanner message={messageFrom(people.error, "The staff list could not be loaded.")} />;
  return <TeamPicker people={people.data ?? []} {...picker} />;
}
