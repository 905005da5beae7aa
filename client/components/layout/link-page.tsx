import { CircleAlert, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "~/components/layout/brand-mark";
import { SkipLink } from "~/components/layout/skip-link";
import site from "../../../content/site.json";

const contact = site.contact.emails[1]?.address ?? "";

/**
 * The frame of a page a client reaches by a link of their own (a file request, a transmittal's
 * review, an RFI): the firm's name on top and `label` beside it, nothing of the site's navigation
 * or of the staff area. `width` widens it for pages that show drawings.
 */
export function LinkPageChrome({
  label,
  width = "narrow",
  children,
}: {
  label: string;
  width?: "narrow" | "wide";
  children: ReactNode;
}) {
  const max = width === "wide" ? "max-w-5xl" : "max-w-3xl";
  return (
    <div className="flex min-h-screen flex-col bg-steel-50">
      <SkipLink />
      <header className="border-b border-steel-200/80 bg-white">
        <div className={`mx-auto flex h-16 ${max} items-center justify-between gap-4 px-4 sm:px-6`}>
          <Link to="/" aria-label={`${site.brand.name} home page`} className="rounded-md">
            <BrandMark />
          </Link>
          <p className="hidden text-xs font-semibold tracking-[0.14em] text-steel-600 uppercase sm:block">{label}</p>
        </div>
      </header>
      <main id="main" className={`mx-auto w-full ${max} flex-1 px-4 py-8 sm:px-6 sm:py-12`}>
        {children}
      </main>
      <footer className="border-t border-steel-200 bg-white">
        <p className={`mx-auto ${max} px-4 py-5 text-xs text-steel-600 sm:px-6`}>
          {site.brand.legalName} · Questions? Write to{" "}
          <a className="font-semibold text-steel-800 underline" href={`mailto:${contact}`}>
            {contact}
          </a>
        </p>
      </footer>
    </div>
  );
}

/**
 * The page of a link that does not work: unknown (404), or ended (410: expired, closed or
 * withdrawn), in the words the caller gives for its kind of link.
 */
export function LinkProblem({
  status,
  ended,
}: {
  status: 404 | 410;
  /** What a 410 says: its heading and one sentence. */
  ended: { title: string; text: string };
}) {
  const isEnded = status === 410;
  const Icon = isEnded ? Clock : CircleAlert;
  return (
    <section className="rounded-xl border border-steel-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-steel-100 text-steel-700">
        <Icon aria-hidden="true" size={24} />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-steel-950">{isEnded ? ended.title : "This link is not valid"}</h1>
      <p className="mx-auto mt-3 max-w-md text-steel-600">
        {isEnded
          ? ended.text
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
