import type { ReactNode } from "react";
import { AssignedWork } from "~/features/pipeline/components/assigned-work";
import EmployeeDashboard from "~/features/staff/components/employee-dashboard";

/**
 * What home.tsx and /employee-dashboard show an employee (not a route of its own; loaded lazily,
 * so none of it reaches a public page): the Employee Dashboard with their assigned work composed
 * into Current Tasks.
 */
export default function EmployeeHome({ chat }: { chat: ReactNode }) {
  return <EmployeeDashboard chat={chat} tasks={(me) => <AssignedWork me={me} />} />;
}
