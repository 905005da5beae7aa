import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useCheckPassword } from "../api/check-password.ts";
import { passwordFailureText } from "../lib/upload-rules.ts";

const passwordSchema = z.object({ password: z.string().min(1, "Enter the password you were given.").max(200) });
type PasswordValues = z.infer<typeof passwordSchema>;

/** A protected request asks for its password before any upload. */
export function PasswordForm({ token, onAccepted }: { token: string; onAccepted: (password: string) => void }) {
  const check = useCheckPassword();
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: { password: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await check.mutateAsync({ token, password });
      onAccepted(password);
    } catch (error) {
      form.setError("password", { message: passwordFailureText(error) }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="password-heading" className="space-y-4">
      <div className="flex items-center gap-2">
        <LockKeyhole aria-hidden="true" size={18} className="text-steel-700" />
        <h2 id="password-heading" className="text-lg font-bold text-steel-950">
          Enter the password
        </h2>
      </div>
      <p className="text-sm text-steel-600">This link is protected. Use the password we gave you with it.</p>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <Input {...control} {...form.register("password")} type="password" autoComplete="off" className="max-w-sm" />
        )}
      </Field>
      <Button type="submit" variant="primary" loading={check.isPending}>
        Continue
      </Button>
    </form>
  );
}
