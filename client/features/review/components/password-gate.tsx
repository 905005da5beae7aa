import { LockKeyhole } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PasswordInput } from "~/components/ui/password-input";
import { messageFrom } from "~/lib/http-error";
import { unlockReview } from "../api/review.ts";

/** A protected review link: its password first, exchanged for the key the page's calls then send. */
export function PasswordGate({ token, onUnlocked }: { token: string; onUnlocked: (key: string) => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError("Enter the password you were given");
    setBusy(true);
    setError(undefined);
    try {
      onUnlocked(await unlockReview(token, password));
    } catch (failure) {
      setError(messageFrom(failure, "The password could not be checked. Try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mx-auto max-w-md rounded-xl border border-steel-200 bg-white p-6 shadow-sm sm:p-8">
      <span className="flex h-11 w-11 items-center justify-center rounded-full bg-steel-100 text-steel-700">
        <LockKeyhole aria-hidden="true" size={22} />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-steel-950">This review is protected</h1>
      <p className="mt-2 text-steel-600">Enter the password you were given to see the drawings.</p>
      <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Password" error={error}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Checking…" : "Open the review"}
        </Button>
      </form>
    </section>
  );
}
