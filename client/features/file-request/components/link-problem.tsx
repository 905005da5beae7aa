import { CircleAlert, Clock } from "lucide-react";
import site from "../../../../content/site.json";

const contact = site.contact.emails[1]?.address ?? "";

/** The page of a link that does not work: unknown (404) or past its date or removed (410). */
export function LinkProblem({ status }: { status: 404 | 410 }) {
  const expired = status === 410;
  const Icon = expired ? Clock : CircleAlert;
  return (
    <section className="rounded-xl border border-steel-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-steel-100 text-steel-700">
        <Icon aria-hidden="true" size={24} />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-steel-950">
        {expired ? "This link has expired" : "This link is not valid"}
      </h1>
      <p className="mx-auto mt-3 max-w-md text-steel-600">
        {expired
          ? "Files can no longer be sent through it. If you still need to send us something, ask us for a new link."
          : "Check that you opened the whole address from the message we sent you, or ask us for a new link."}
      </p>
      <p className="mt-6 text-sm text-steel-600">
        <a className="font-semibold text-steel-900 underline" href={`mailto:${contact}`}>
          {contact}
        </a>
      </p>
    </section>
  );
}
