import { Pencil, RefreshCw, Search, Trash2, Users } from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useMemo, useRef, useState } from "react";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cx } from "~/components/ui/cx";
import { Input } from "~/components/ui/input";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import { useMediaQuery } from "~/lib/use-media-query";
import { useDeleteEmployee } from "../api/delete-employee.ts";
import { useEmployees } from "../api/get-employees.ts";
import type { Employee } from "../api/types.ts";
import { staffMessages } from "../lib/messages.ts";
import { Avatar, PerformanceBar, ProjectChips, StatusBadge } from "./employee-bits.tsx";

export interface EmployeeListProps {
  editingId: number | null;
  onEdit: (employee: Employee) => void;
  /** An employee was deleted (the edit form closes if it was theirs). */
  onDeleted: (id: number) => void;
  message: string | null;
  onMessage: (message: string | null) => void;
}

/** The value the Edit buttons carry, so focus can come back to the right one when the edit form closes. */
export const editButtonAttr = "data-edit-employee";

function matches(employee: Employee, query: string) {
  if (!query) return true;
  const haystack = [employee.name, employee.email, employee.role, employee.username, ...employee.projects]
    .join("\n")
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

/** Employee List: a table from 1200 px, cards below; Edit and Delete per employee (SPEC §2, §6). */
export function EmployeeList({ editingId, onEdit, onDeleted, message, onMessage }: EmployeeListProps) {
  const employees = useEmployees();
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search.trim());
  const wide = useMediaQuery("(min-width: 1200px)");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const searchId = useId();
  const remove = useDeleteEmployee();
  const toast = useToast();

  const list = employees.data ?? [];
  const visible = useMemo(() => list.filter((employee) => matches(employee, query)), [list, query]);
  const activeCount = list.filter((employee) => employee.status === "active").length;

  async function deleteEmployee(employee: Employee) {
    onMessage(null);
    try {
      await remove.mutateAsync(employee.id);
      onDeleted(employee.id);
      onMessage(staffMessages.deleted);
      toast({
        title: "Employee deleted",
        description: `${employee.name} (${employee.username}) can no longer log in.`,
      });
    } catch (error) {
      onMessage(messageFrom(error, staffMessages.deleteFailed));
      toast({ title: "Deletion failed", tone: "error" });
      throw error;
    }
  }

  /** Edit and Delete for one employee; `compact` (the table) shows Delete as an icon with a tooltip. */
  const rowActions = (employee: Employee, compact: boolean) => (
    <div className="flex items-center justify-end gap-1.5">
      <Button
        variant="secondary"
        size={compact ? "sm" : "md"}
        onClick={() => onEdit(employee)}
        aria-label={`Edit ${employee.name}`}
        aria-expanded={editingId === employee.id}
        {...{ [editButtonAttr]: employee.id }}
      >
        <Pencil aria-hidden="true" size={14} />
        Edit
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            size={compact ? "sm" : "md"}
            title={compact ? `Delete ${employee.name}` : undefined}
            aria-label={`Delete ${employee.name}`}
            className={cx("text-red-700 hover:bg-red-50 hover:text-red-800", compact && "px-2.5")}
          >
            <Trash2 aria-hidden="true" size={compact ? 16 : 14} />
            {!compact && "Delete"}
          </Button>
        }
        title={`Delete ${employee.name}?`}
        description={
          <>
            The account <strong className="text-steel-900">{employee.username}</strong> is removed and signed out
            everywhere. This cannot be undone.
          </>
        }
        confirmLabel="Delete employee"
        onConfirm={() => deleteEmployee(employee)}
        onConfirmed={() => headingRef.current?.focus()}
      />
    </div>
  );

  let body: ReactNode;
  if (employees.isPending) {
    body = <ListSkeleton />;
  } else if (employees.isError) {
    body = (
      <div className="space-y-3">
        <MessageBanner message={staffMessages.listFailed} />
        <Button variant="secondary" size="sm" onClick={() => void employees.refetch()} loading={employees.isFetching}>
          <RefreshCw aria-hidden="true" size={14} />
          Try again
        </Button>
      </div>
    );
  } else if (list.length === 0) {
    body = <EmptyState title="No employees yet" text="Register the first employee with the form above." />;
  } else if (visible.length === 0) {
    body = <EmptyState title="No matches" text={`No employee matches “${query}”.`} />;
  } else if (wide) {
    body = (
      <div className="-mx-4 overflow-x-auto sm:-mx-5">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Employees</caption>
          <thead>
            <tr className="border-b border-steel-200 bg-steel-50 text-xs font-semibold tracking-wide text-steel-600 uppercase">
              <th scope="col" className="py-2.5 pr-3 pl-5 font-semibold">
                Name <span className="font-normal normal-case">/ username</span>
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Email
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Job role
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Performance
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Projects
              </th>
              <th scope="col" className="py-2.5 pr-5 pl-3 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.map((employee) => (
              <tr
                key={employee.id}
                className={cx(
                  "border-b border-steel-100 align-middle last:border-b-0",
                  editingId === employee.id ? "bg-accent-50" : "hover:bg-steel-50/70",
                )}
              >
                <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-normal">
                  <span className="flex items-center gap-2.5">
                    <Avatar name={employee.name} />
                    <span className="min-w-0">
                      <span className="block max-w-[12rem] truncate font-semibold text-steel-950" title={employee.name}>
                        {employee.name}
                      </span>
                      <span className="block max-w-[12rem] truncate font-mono text-xs text-steel-600">
                        {employee.username}
                      </span>
                    </span>
                  </span>
                </th>
                <td className="max-w-[14rem] truncate px-3 py-3 text-steel-700" title={employee.email}>
                  {employee.email}
                </td>
                <td className="max-w-[10rem] truncate px-3 py-3 text-steel-700" title={employee.role}>
                  {employee.role}
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={employee.status} />
                </td>
                <td className="px-3 py-3">
                  <PerformanceBar value={employee.performance} />
                </td>
                <td className="px-3 py-3">
                  <ProjectChips projects={employee.projects} max={2} />
                </td>
                <td className="py-3 pr-5 pl-3">{rowActions(employee, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((employee) => (
          <li
            key={employee.id}
            className={cx(
              "rounded-lg border p-4",
              editingId === employee.id ? "border-accent-400 bg-accent-50" : "border-steel-200 bg-white",
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 items-center gap-2.5">
                <Avatar name={employee.name} className="h-9 w-9" />
                <div className="min-w-0">
                  <h3 className="truncate font-semibold text-steel-950">{employee.name}</h3>
                  <p className="truncate font-mono text-[13px] text-steel-600">{employee.username}</p>
                </div>
              </div>
              <StatusBadge status={employee.status} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-steel-500">Email</dt>
              <dd className="truncate text-steel-800">{employee.email}</dd>
              <dt className="text-steel-500">Job role</dt>
              <dd className="truncate text-steel-800">{employee.role}</dd>
              <dt className="text-steel-500">Performance</dt>
              <dd>
                <PerformanceBar value={employee.performance} align="left" />
              </dd>
              <dt className="text-steel-500">Projects</dt>
              <dd>
                <ProjectChips projects={employee.projects} />
              </dd>
            </dl>
            <div className="mt-3 border-t border-steel-100 pt-3">{rowActions(employee, false)}</div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <DashboardSection
      id="employee-list"
      title="Employee List"
      description={
        !employees.isSuccess
          ? "Staff accounts and their projects"
          : query
            ? `${visible.length} of ${list.length} shown`
            : `${list.length} ${list.length === 1 ? "employee" : "employees"}, ${activeCount} active`
      }
      icon={Users}
      headingRef={headingRef}
      actions={
        <div className="relative w-full sm:w-64">
          <label htmlFor={searchId} className="sr-only">
            Search employees
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
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search name, role, project…"
            className="pl-9"
            disabled={!employees.isSuccess || list.length === 0}
          />
        </div>
      }
    >
      <MessageBanner message={message} onDismiss={() => onMessage(null)} className="mb-4" />
      {body}
    </DashboardSection>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-lg border border-dashed border-steel-300 px-4 py-10 text-center">
      <p className="font-semibold text-steel-900">{title}</p>
      <p className="mt-1 text-sm text-steel-600">{text}</p>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" aria-live="polite" className="space-y-2">
      <span className="sr-only">Loading employees…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex h-14 animate-pulse items-center gap-3 rounded-lg bg-steel-50 px-3">
          <span className="h-8 w-8 rounded-full bg-steel-200" />
          <span className="h-3 w-40 rounded bg-steel-200" />
          <span className="ml-auto h-3 w-24 rounded bg-steel-200" />
        </div>
      ))}
    </div>
  );
}
