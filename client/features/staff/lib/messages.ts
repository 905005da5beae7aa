/** The admin dashboard's exact texts about accounts and access (SPEC §8). */
export const staffMessages = {
  registered: "Employee registered successfully!",
  registerFailed: "Employee registration failed.",
  updated: "Employee updated successfully!",
  updateFailed: "Employee update failed.",
  deleted: "Employee deleted successfully!",
  deleteFailed: "Employee deletion failed.",
  listFailed: "Failed to fetch employee list.",
  adminDenied: "Access Denied. Please log in as an Admin.",
  employeeDenied: "Access Denied. Please log in as an Employee.",
} as const;
