import { type FormEvent, useEffect, useId, useState } from "react";

type State =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "done"; message: string }
  | { kind: "error"; message: string };

/** Footer newsletter sign-up: stores the address once (POST /api/newsletter/subscribe). */
export function NewsletterForm() {
  const [state, setState] = useState<State>({ kind: "idle" });
  // Prerendered, the form has no handler until the page's scripts run: a submit then would be a
  // native GET putting the address in the URL. Subscribe waits for them (the first tap or key starts them).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const inputId = useId();
  const statusId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    setState({ kind: "sending" });
    try {
      const response = await fetch("/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? "Could not subscribe. Please try again.");
      }
      form.reset();
      setState({ kind: "done", message: "Thanks, you are subscribed." });
    } catch (error) {
      setState({ kind: "error", message: error instanceof Error ? error.message : "Could not subscribe." });
    }
  }

  return (
    <form className="mt-4" onSubmit={onSubmit} aria-describedby={statusId}>
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          className="min-w-0 flex-1 rounded-md border border-steel-600 bg-steel-900 px-3 py-2 text-sm text-white placeholder:text-steel-400"
        />
        <button
          type="submit"
          disabled={!live || state.kind === "sending"}
          className="rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-steel-950 hover:bg-accent-400 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      <p
        id={statusId}
        role="status"
        className={`mt-2 min-h-5 text-xs ${state.kind === "error" ? "text-red-300" : "text-steel-300"}`}
      >
        {state.kind === "done" || state.kind === "error" ? state.message : ""}
      </p>
    </form>
  );
}
