import { ChevronLeft, ChevronRight, RefreshCw, ScrollText, X } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ExportButton } from "~/components/dashboard/export-button";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { dateTimeFormat } from "~/lib/date-format";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import { type AuditEntry, auditActions } from "../../../../shared/audit.ts";
import { auditPaths, useAuditPage } from "../api/get-audit.ts";
import { type AuditFilterForm, auditQueryFrom, emptyAuditFilters, pageLabel } from "../lib/audit-filters.ts";

const at = (iso: string) => dateTimeFormat.format(new Date(iso));
const dash = <span className="text-steel-400">–</span>;

/**
 * Body of the Audit log section (GET /api/admin/audit, DESIGN §11): every change an admin made and
 * every admin login, newest first; filtered by actor, action and days, paged, and saved as CSV.
 * Read-only: entries are never changed.
 */
export function AuditLogPanel() {
  const [form, setForm] = useState<AuditFilterForm>(emptyAuditFilters);
  const [page, setPage] = useState(0);
  const actor = useDebouncedValue(form.actor);
  const { query, error: filterError } = useMemo(() => auditQueryFrom({ ...form, actor }), [form, actor]);
  const entries = useAuditPage(query, page);
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId(), filters: useId() };

  function change(next: Partial<AuditFilterForm>) {
    setForm((current) => ({ ...current, ...next }));
    setPage(0);
  }

  const data = entries.data;
  const { current, pages } = pageLabel(data?.page ?? page, data?.size ?? 1, data?.totalElements ?? 0);
  const filtered = Object.values(query).some((value) => value !== undefined);

  return (
    <div className="space-y-4">
      <form
        aria-labelledby={ids.filters}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto_auto]"
        onSubmit={(event) => event.preventDefault()}
      >
        <h3 id={ids.filters} className="sr-only">
          Filter the audit log
        </h3>
        <div>
          <label htmlFor={ids.actor} className="text-sm font-medium text-steel-800">
            Actor
          </label>
          <Input
            id={ids.actor}
            value={form.actor}
            maxLength={64}
            autoComplete="off"
            placeholder="Exact username"
            onChange={(event) => change({ actor: event.target.value })}
            className="mt-1"
          />
        </div>
        <div>
          <label htmlFor={ids.action} className="text-sm font-medium text-steel-800">
            Action
          </label>
          <Select
            id={ids.action}
            value={form.action}
            onChange={(event) => change({ action: event.target.value as AuditFilterForm["action"] })}
            className="mt-1"
          >
            <option value="">All actions</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={ids.from} className="text-sm font-medium text-steel-800">
            From
          </label>
          <Input
            id={ids.from}
            type="date"
            value={form.from}
            onChange={(event) => change({ from: event.target.value })}
            className="mt-1"
          />
        </div>
        <div>
          <label htmlFor={ids.to} className="text-sm font-medium text-steel-800">
            To (inclusive)
          </label>
          <Input
            id={ids.to}
            type="date"
            value={form.to}
            aria-invalid={filterError ? true : undefined}
            onChange={(event) => change({ to: event.target.value })}
            className="mt-1"
          />
        </div>
        <div className="flex items-end">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={!filtered && form.actor === ""}
            onClick={() => change(emptyAuditFilters)}
          >
            <X aria-hidden="true" size={14} />
            Clear filters
          </Button>
        </div>
      </form>

      {filterError && <MessageBanner message={filterError} />}

      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-steel-600" aria-live="polite">
          {data ? `${data.totalElements} ${data.totalElements === 1 ? "entry" : "entries"}` : "\u00a0"}
        </p>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <Button variant="secondary" size="sm" loading={entries.isFetching} onClick={() => void entries.refetch()}>
            {!entries.isFetching && <RefreshCw aria-hidden="true" size={14} />}
            Refresh
          </Button>
          <ExportButton
            path={auditPaths.list}
            query={{ ...query, format: "csv" }}
            label="Download CSV"
            fallbackName="audit-log.csv"
          />
        </div>
      </div>

      {entries.isPending ? (
        <ListSkeleton label="Loading the audit log…" />
      ) : entries.isError && !data ? (
        <ListError
          error={entries.error}
          fallback="The audit log could not be loaded."
          onRetry={() => void entries.refetch()}
          retrying={entries.isFetching}
        />
      ) : !data || data.content.length === 0 ? (
        <EmptyPanel
          icon={ScrollText}
          title="No entries"
          text={filtered ? "Nothing in the audit log matches these filters." : "Nothing has been recorded yet."}
        />
      ) : (
        <>
          {entries.isError && (
            <MessageBanner message="The audit log could not be refreshed; showing the last entries loaded." />
          )}
          <AuditTable entries={data.content} />
          <AuditCards entries={data.content} />
          <nav aria-label="Audit log pages" className="flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={page === 0}
              onClick={() => setPage((value) => Math.max(0, value - 1))}
            >
              <ChevronLeft aria-hidden="true" size={14} />
              Previous
            </Button>
            <p className="text-sm text-steel-700" aria-live="polite">
              Page {current} of {pages}
            </p>
            <Button variant="secondary" size="sm" disabled={data.last} onClick={() => setPage((value) => value + 1)}>
              Next
              <ChevronRight aria-hidden="true" size={14} />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

/**
 * Desks: one row per entry. Below 1024 px the table would scroll sideways, so phones and tablets get
 * cards; a narrow desk window may still scroll it, hence the focusable region (keyboard scrolling).
 */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <section
      aria-label="Audit entries"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="hidden overflow-x-auto rounded-lg border border-steel-200 focus-visible:outline-2 focus-visible:outline-steel-700 lg:block"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-steel-50 text-xs font-semibold tracking-wide text-steel-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 whitespace-nowrap">
              At
            </th>
            <th scope="col" className="px-3 py-2">
              Actor
            </th>
            <th scope="col" className="px-3 py-2">
              Action
            </th>
            <th scope="col" className="px-3 py-2">
              Target
            </th>
            <th scope="col" className="px-3 py-2">
              Summary
            </th>
            <th scope="col" className="px-3 py-2">
              IP
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-steel-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap text-steel-700 tabular-nums">
                <time dateTime={entry.at}>{at(entry.at)}</time>
              </td>
              <td className="max-w-[12rem] px-3 py-2 font-medium break-words text-steel-950">{entry.actor}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <code className="rounded bg-steel-100 px-1.5 py-0.5 text-xs text-steel-800">{entry.action}</code>
              </td>
              <td className="px-3 py-2 break-all text-steel-700">{entry.target ?? dash}</td>
              <td className="min-w-[16rem] px-3 py-2 break-words text-steel-900">{entry.summary}</td>
              <td className="px-3 py-2 whitespace-nowrap text-steel-700 tabular-nums">{entry.ip ?? dash}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Phones and tablets: one card per entry. */
function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul aria-label="Audit log entries, newest first" className="space-y-3 lg:hidden">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-steel-200 bg-white p-3 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <code className="rounded bg-steel-100 px-1.5 py-0.5 text-xs text-steel-800">{entry.action}</code>
            <time dateTime={entry.at} className="text-xs text-steel-600 tabular-nums">
              {at(entry.at)}
            </time>
          </div>
          <p className="mt-2 text-sm break-words text-steel-900">{entry.summary}</p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
            <dt className="font-semibold text-steel-500">Actor</dt>
            <dd className="break-words text-steel-900">{entry.actor}</dd>
            <dt className="font-semibold text-steel-500">Target</dt>
            <dd className="break-all text-steel-700">{entry.target ?? dash}</dd>
            <dt className="font-semibold text-steel-500">IP</dt>
            <dd className="text-steel-700">{entry.ip ?? dash}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
