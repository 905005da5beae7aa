import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom, HttpError, messageFrom } from "~/lib/http-error";
import { authLimits, passwordRule } from "../../../../shared/auth.ts";
import { useRegisterEmployee } from "../api/register-employee.ts";
import { type RegisterEmployeeValues, registerEmployeeSchema } from "../lib/employee-form.ts";
import { staffMessages } from "../lib/messages.ts";

const emptyValues: RegisterEmployeeValues = { name: "", email: "", role: "", username: "", password: "" };
const fields = Object.keys(emptyValues) as Path<RegisterEmployeeValues>[];

/** Register New Employee: all five fields required; success resets the form, failure keeps it (SPEC §4–5). */
export function RegisterEmployeeForm() {
  const [message, setMessage] = useState<string | null>(null);
  const register = useRegisterEmployee();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(registerEmployeeSchema), defaultValues: emptyValues });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const employee = await register.mutateAsync(values);
      form.reset(emptyValues);
      setMessage(staffMessages.registered);
      toast({ title: "Employee registered", description: `${employee.name} can now log in as ${employee.username}.` });
    } catch (error) {
      const text = messageFrom(error, staffMessages.registerFailed);
      setMessage(text);
      for (const [field, fieldMessage] of Object.entries(fieldErrorsFrom(error))) {
        if ((fields as string[]).includes(field))
          form.setError(field as Path<RegisterEmployeeValues>, { message: fieldMessage });
      }
      if (error instanceof HttpError && error.status === 409)
        form.setError("username", { message: text }, { shouldFocus: true });
      toast({ title: "Registration failed", tone: "error" });
    }
  });

  return (
    <DashboardSection
      id="register-employee"
      title="Register New Employee"
      description="Create a staff login. Share the username and password with the employee directly."
      icon={UserPlus}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Full name" error={errors.name?.message}>
            {(control) => <Input {...control} {...form.register("name")} autoComplete="off" placeholder="Jane Doe" />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("email")}
                type="email"
                autoComplete="off"
                inputMode="email"
                placeholder="jane@company.com"
              />
            )}
          </Field>
          <Field label="Job role" error={errors.role?.message}>
            {(control) => (
              <Input {...control} {...form.register("role")} autoComplete="off" placeholder="Senior Modeler" />
            )}
          </Field>
          <Field
            label="Username"
            hint={`${authLimits.usernameMin}–${authLimits.usernameMax} letters, digits, dots, underscores or hyphens.`}
            error={errors.username?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("username")}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="jdoe"
              />
            )}
          </Field>
          <Field label="Password" hint={passwordRule.hint} error={errors.password?.message}>
            {(control) => <PasswordInput {...control} {...form.register("password")} autoComplete="new-password" />}
          </Field>
          <div className="sm:col-span-2 lg:col-span-1 lg:pt-[1.625rem]">
            <Button type="submit" variant="primary" loading={register.isPending} className="w-full sm:w-auto lg:w-full">
              <UserPlus aria-hidden="true" size={16} />
              Register employee
            </Button>
          </div>
        </div>
        <MessageBanner message={message} onDismiss={() => setMessage(null)} />
      </form>
    </DashboardSection>
  );
}
