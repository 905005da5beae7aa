import { useEffect, useRef, useState } from "react";
import type { Employee } from "../api/types.ts";
import { staffMessages } from "../lib/messages.ts";
import { EditEmployeeForm } from "./edit-employee-form.tsx";
import { EmployeeList, editButtonAttr } from "./employee-list.tsx";
import { RegisterEmployeeForm } from "./register-employee-form.tsx";

/**
 * The accounts (SPEC §2): register, the list, and the edit form of the one being edited; focus goes
 * back to its Edit button when the form closes. The Admin Dashboard and the workspace's People page.
 */
export function PeoplePanel() {
  const [editing, setEditing] = useState<Employee | null>(null);
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
