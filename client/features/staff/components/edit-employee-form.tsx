import { zodResolver } from "@hookform/resolvers/zod";
import { Save, UserCog } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type Path, useForm, useWatch } from "react-hook-form";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, HttpError, messageFrom } from "~/lib/http-error";
import { passwordRule } from "../../../../shared/auth.ts";
import type { Employee } from "../api/types.ts";
import { useUpdateEmployee } from "../api/update-employee.ts";
import { type EditEmployeeValues, editEmployeeSchema, editValuesFrom, toUpdateInput } from "../lib/employee-form.ts";
import { staffMessages } from "../lib/messages.ts";
import { parseProjects } from "../lib/projects.ts";

export interface EditEmployeeFormProps {
  employee: Employee;
  /** Closes the form: `saved` is true after a successful update. */
  onClose: (saved: boolean) => void;
}

const fieldNames: Path<EditEmployeeValues>[] = [
  "name",
  "email",
  "role",
  "username",
  "password",
  "status",
  "performance",
  "projects",
];

/** Edit Credentials: every field of one employee; opens from Edit, closes on Cancel or success (SPEC §4). */
export function EditEmployeeForm({ employee, onClose }: EditEmployeeFormProps) {
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateEmployee();
  const toast = useToast();
  const sectionRef = useRef<HTMLElement>(null);
  const form = useForm({ resolver: zodResolver(editEmployeeSchema), defaultValues: editValuesFrom(employee) });
  const { errors } = form.formState;
  const projectsText = useWatch({ control: form.control, name: "projects" });
  const projects = parseProjects(projectsText ?? "");

  // Focus moves into the form when it opens (and when another employee's Edit reopens it).
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    section.querySelector<HTMLElement>("input, select")?.focus({ preventScroll: true });
    // The page's CSS makes this smooth, or instant when reduced motion is asked for.
    section.scrollIntoView({ block: "start" });
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = await update.mutateAsync({ id: employee.id, input: toUpdateInput(values) });
      toast({ title: "Employee updated", description: `Changes to ${saved.name} are saved.` });
      onClose(true);
    } catch (error) {
      const text = messageFrom(error, staffMessages.updateFailed);
      setMessage(text);
      for (const [field, fieldMessage] of Object.entries(fieldErrorsFrom(error))) {
        if ((fieldNames as string[]).includes(field))
          form.setError(field as Path<EditEmployeeValues>, { message: fieldMessage });
      }
      if (error instanceof HttpError && error.status === 409) form.setError("username", { message: text });
      toast({ title: "Update failed", tone: "error" });
    }
  });

  return (
    <DashboardSection
      id="edit-credentials"
      sectionRef={sectionRef}
      title="Edit Credentials"
      description={
        <>
          Editing <strong className="font-semibold text-steel-900">{employee.name}</strong> ({employee.username})
        </>
      }
      icon={UserCog}
      className="ring-2 ring-accent-400/60"
    >
      <form
        noValidate
        onSubmit={onSubmit}
        onKeyDown={(event) => {
          if (event.key === "Escape" && !update.isPending) {
            event.preventDefault();
            onClose(false);
          }
        }}
        className="space-y-5"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Full name" error={errors.name?.message}>
            {(control) => <Input {...control} {...form.register("name")} autoComplete="off" />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(control) => (
              <Input {...control} {...form.register("email")} type="email" inputMode="email" autoComplete="off" />
            )}
          </Field>
          <Field label="Job role" error={errors.role?.message}>
            {(control) => <Input {...control} {...form.register("role")} autoComplete="off" />}
          </Field>
          <Field label="Username" error={errors.username?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("username")}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </Field>
          <Field
            label="New password"
            optional
            hint={`Leave blank to keep the current password. ${passwordRule.hint}`}
            error={errors.password?.message}
          >
            {(control) => <PasswordInput {...control} {...form.register("password")} autoComplete="new-password" />}
          </Field>
          <Field label="Status" hint="Disabled accounts cannot log in." error={errors.status?.message}>
            {(control) => (
              <Select {...control} {...form.register("status")}>
                <option value="active">Active</option>
                <option value="disabled">Disabled</option>
              </Select>
            )}
          </Field>
          <Field label="Performance (%)" hint="A whole number from 0 to 100." error={errors.performance?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("performance", { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
              />
            )}
          </Field>
          <Field
            label="Projects"
            optional
            hint="Separate project names with commas."
            error={errors.projects?.message}
            className="sm:col-span-2 lg:col-span-1"
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("projects")}
                autoComplete="off"
                placeholder="Harbor Bridge, Mill 4"
              />
            )}
          </Field>
        </div>

        <div className="rounded-lg bg-steel-50 px-3 py-2.5">
          <p className="text-xs font-semibold tracking-wide text-steel-600 uppercase">
            {projects.length === 0
              ? "No projects assigned"
              : `${projects.length} assigned ${projects.length === 1 ? "project" : "projects"}`}
          </p>
          {projects.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {projects.map((project) => (
                <li key={project} className="rounded bg-white px-2 py-0.5 text-sm text-steel-800 ring-1 ring-steel-200">
                  {project}
                </li>
              ))}
            </ul>
          )}
        </div>

        <MessageBanner message={message} onDismiss={() => setMessage(null)} />

        <div className="flex flex-col-reverse gap-2 border-t border-steel-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onClose(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            <Save aria-hidden="true" size={16} />
            Save changes
          </Button>
        </div>
      </form>
    </DashboardSection>
  );
}
