import { useEffect, useRef, useState } from "react";
import { useEmployees } from "../api/get-employees.ts";
import type { Employee } from "../api/types.ts";
import { staffMessages } from "../lib/messages.ts";
import { EditEmployeeForm } from "./edit-employee-form.tsx";
import { EmployeeList, editButtonAttr } from "./employee-list.tsx";
import { RegisterEmployeeForm } from "./register-employee-form.tsx";

/**
 * The accounts (SPEC §2): register, the list, and the edit form of the one being edited; focus goes
 * back to its Edit button when the form closes. The Admin Dashboard and the workspace's People page.
 */
export function PeoplePanel({
  selection,
}: {
  /** The person open for editing, kept by the caller (the workspace keeps it in the address); local state otherwise. */
  selection?: { username: string | null; onChange: (username: string | null) => void };
} = {}) {
  const [localEditing, setLocalEditing] = useState<Employee | null>(null);
  const employees = useEmployees();
  const wanted = selection?.username?.toLowerCase();
  const addressed = wanted
    ? ((employees.data ?? []).find((employee) => employee.username.toLowerCase() === wanted) ?? null)
    : null;
  const editing = selection ? addressed : localEditing;
  const setEditing = (employee: Employee | null) =>
    selection ? selection.onChange(employee?.username ?? null) : setLocalEditing(employee);
  const missing = Boolean(wanted && employees.isSuccess && !addressed);
  const [listMessage, setListMessage] = useState<string | null>(null);
  const returnFocusTo = useRef<number | null>(null);

  useEffect(() => {
    if (editing !== null || returnFocusTo.current === null) return;
    const id = returnFocusTo.current;
    returnFocusTo.current = null;
    document.querySelector<HTMLElement>(`[${editButtonAttr}="${id}"]`)?.focus();
  }, [editing]);

  function closeEdit(saved: boolean) {
    returnFocusTo.current = editing?.id ?? null;
    setEditing(null);
    if (saved) setListMessage(staffMessages.updated);
  }

  return (
    <>
      {missing && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          There is no account {selection?.username}: it may have been deleted.
        </p>
      )}
      <RegisterEmployeeForm />
      <EmployeeList
        editingId={editing?.id ?? null}
        onEdit={(employee) => {
          setListMessage(null);
          setEditing(employee);
        }}
        onDeleted={(id) => {
          if (editing?.id === id) setEditing(null);
        }}
        message={listMessage}
        onMessage={setListMessage}
      />
      {editing && <EditEmployeeForm key={editing.id} employee={editing} onClose={closeEdit} />}
    </>
  );
}
