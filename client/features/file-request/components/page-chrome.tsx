import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "~/components/layout/brand-mark";
import { SkipLink } from "~/components/layout/skip-link";
import site from "../../../../content/site.json";

/** The upload page's frame: the firm's name on top, nothing of the site's navigation or the staff area. */
export function PageChrome({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-steel-50">
      <SkipLink />
      <header className="border-b border-steel-200/80 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" aria-label={`${site.brand.name} home page`} className="rounded-md">
            <BrandMark />
          </Link>
          <p className="hidden text-xs font-semibold tracking-[0.14em] text-steel-600 uppercase sm:block">
            Secure file transfer
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
      <footer className="border-t border-steel-200 bg-white">
        <p className="mx-auto max-w-3xl px-4 py-5 text-xs text-steel-600 sm:px-6">
          {site.brand.legalName} · Questions? Write to{" "}
          <a className="font-semibold text-steel-800 underline" href={`mailto:${site.contact.emails[1]?.address}`}>
            {site.contact.emails[1]?.address}
          </a>
        </p>
      </footer>
    </div>
  );
}
