import type { ReactNode } from "react";
import { AssignedWork } from "~/features/pipeline/components/assigned-work";
import { MyDay } from "~/features/projects/components/my-day";
import EmployeeDashboard from "~/features/staff/components/employee-dashboard";

/**
 * What home.tsx and /employee-dashboard show an employee (not a route of its own; loaded lazily,
 * so none of it reaches a public page): the Employee Dashboard with their assigned work composed
 * and their projects' work (issue #34) composed into Current Tasks.
 */
export default function EmployeeHome({ chat }: { chat: ReactNode }) {
  return (
    <EmployeeDashboard
      chat={chat}
      tasks={(me) => (
        <div className="space-y-5">
          <AssignedWork me={me} />
          <MyDay />
        </div>
      )}
    />
  );
}
