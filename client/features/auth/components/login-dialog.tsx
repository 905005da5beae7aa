import { Loader2, X } from "lucide-react";
import { Dialog, Tabs } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import type { AccountKind } from "../../../../shared/roles.ts";
import { login } from "../api/login.ts";

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it was opened by code, not by a Radix trigger). */
  returnFocus?: () => void;
}

const tabs: { role: AccountKind; label: string }[] = [
  { role: "employee", label: "Employee Login" },
  { role: "admin", label: "Admin Login" },
];

/** The login modal: Employee Login and Admin Login tabs, each with username and password. */
export default function LoginDialog({ open, onOpenChange, returnFocus }: LoginDialogProps) {
  const [role, setRole] = useState<AccountKind>("employee");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-steel-950/60 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!returnFocus) return;
            event.preventDefault();
            returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
        >
          <div className="flex items-start justify-between">
            <div>
              <Dialog.Title className="text-xl font-bold text-steel-950">Staff login</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-steel-600">
                Sign in to your dashboard and the team chat.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="-m-2 rounded-md p-2 text-steel-500 hover:bg-steel-100 hover:text-steel-900"
              aria-label="Close"
            >
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>

          <Tabs.Root value={role} onValueChange={(value) => setRole(value as AccountKind)} className="mt-6">
            <Tabs.List aria-label="Account type" className="grid grid-cols-2 rounded-lg bg-steel-100 p-1">
              {tabs.map((tab) => (
                <Tabs.Trigger
                  key={tab.role}
                  value={tab.role}
                  className="rounded-md px-3 py-2 text-sm font-semibold text-steel-600 data-[state=active]:bg-white data-[state=active]:text-steel-950 data-[state=active]:shadow-sm"
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Content key={tab.role} value={tab.role} className="mt-6 focus:outline-none">
                <LoginForm role={tab.role} onSuccess={() => onOpenChange(false)} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LoginForm({ role, onSuccess }: { role: AccountKind; onSuccess: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [pending, setPending] = useState(false);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get("username") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const errors = {
      username: username ? undefined : "Username is required.",
      password: password ? undefined : "Password is required.",
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    setPending(true);
    setError(null);
    const result = await login(username, password, role);
    setPending(false);
    if (result.ok) onSuccess();
    else setError(result.message);
  }

  const inputClass =
    "mt-1.5 block w-full rounded-md border border-steel-300 px-3 py-2.5 text-base text-steel-950 shadow-sm focus:border-steel-600 aria-[invalid=true]:border-red-600";
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div>
        <label htmlFor={`${id}-username`} className="block text-sm font-semibold text-steel-800">
          Username
        </label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          required
          aria-invalid={fieldErrors.username ? true : undefined}
          aria-describedby={fieldErrors.username ? `${id}-username-error` : undefined}
          className={inputClass}
        />
        {fieldErrors.username && (
          <p id={`${id}-username-error`} className="mt-1 text-sm text-red-700">
            {fieldErrors.username}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="block text-sm font-semibold text-steel-800">
          Password
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
          className={inputClass}
        />
        {fieldErrors.password && (
          <p id={`${id}-password-error`} className="mt-1 text-sm text-red-700">
            {fieldErrors.password}
          </p>
        )}
      </div>
      <p role="alert" className="min-h-5 text-sm font-medium text-red-700">
        {error}
      </p>
      <button
        type="submit"
        disabled={pending}
        className="flex w-full items-center justify-center gap-2 rounded-md bg-steel-900 px-4 py-3 text-sm font-semibold text-white hover:bg-steel-700 disabled:opacity-70"
      >
        {pending && <Loader2 aria-hidden="true" size={16} className="animate-spin" />}
        {role === "admin" ? "Log in as admin" : "Log in as employee"}
      </button>
    </form>
  );
}
