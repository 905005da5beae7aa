import { FileText, Search } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { openFile } from "~/lib/downloads";
import { fetchFile } from "~/lib/fetch-file";
import { messageFrom } from "~/lib/http-error";

/** Search box and export buttons above a list of quote requests or applications. */
export function ListToolbar({
  searchLabel,
  placeholder,
  search,
  onSearch,
  summary,
  children,
}: {
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  summary: ReactNode;
  /** The export buttons. */
  children: ReactNode;
}) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative w-full sm:w-72">
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <Search
          aria-hidden="true"
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-steel-400"
        />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
        />
      </div>
      <p className="text-sm text-steel-600" aria-live="polite">
        {summary}
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{children}</div>
    </div>
  );
}

/** Opens (or saves) a protected file: a CV or a quote attachment. */
export function OpenFileButton({
  path,
  name,
  type,
  label,
}: {
  path: string;
  name: string;
  type: string | null;
  /** The accessible name, e.g. "Open the CV of Ravi". */
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function run() {
    setBusy(true);
    try {
      await openFile(() => fetchFile(path), name, type);
    } catch (error) {
      toast({ title: "Could not open the file", description: messageFrom(error, name), tone: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void run()} aria-label={label} title={name}>
      {!busy && <FileText aria-hidden="true" size={14} />}
      <span className="max-w-[14rem] truncate">{name}</span>
    </Button>
  );
}

/** One label and value of a quote request or application; empty values show a dash. */
export function Detail({
  label,
  children,
  wide,
  className,
}: {
  label: string;
  children: ReactNode;
  /** Across the whole row of a 3-column list. */
  wide?: boolean;
  className?: string;
}) {
  const empty = children === "" || children === null || children === undefined;
  return (
    <div className={className ?? (wide ? "sm:col-span-2 lg:col-span-3" : "min-w-0")}>
      <dt className="text-xs font-semibold tracking-wide text-steel-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-steel-900">
        {empty ? <span className="text-steel-400">–</span> : children}
      </dd>
    </div>
  );
}

export function NoMatches({ query }: { query: string }) {
  return (
    <div className="rounded-lg border border-dashed border-steel-300 px-4 py-8 text-center">
      <p className="font-semibold text-steel-900">No matches</p>
      <p className="mt-1 text-sm text-steel-600">Nothing matches “{query}”.</p>
    </div>
  );
}

/** mailto: and tel: links for a requester's or applicant's address and number. */
export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="font-medium text-accent-700 underline-offset-2 hover:underline">
      {email}
    </a>
  );
}

export function PhoneLink({ phone }: { phone: string }) {
  if (!phone) return null;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-steel-900 underline-offset-2 hover:underline">
      {phone}
    </a>
  );
}
