/** Every staff API path, in one place. */
export const staffPaths = {
  employees: "/api/admin/employees",
  employee: (id: number) => `/api/admin/employees/${id}`,
  registerEmployee: "/api/admin/register-employee",
  files: "/api/admin/files",
  file: (id: number) => `/api/admin/files/${id}`,
  uploadFile: "/api/admin/files/upload",
  me: "/api/auth/me",
  contactSubmissions: "/api/contact/all",
  contactSubmission: (id: number) => `/api/contact/${id}`,
  contactExport: "/api/contact/export.csv",
  jobApplications: "/api/applications",
  jobApplication: (id: number) => `/api/applications/${id}`,
  jobApplicationsExport: "/api/applications/export.csv",
  newsletterExport: "/api/newsletter/export.csv",
} as const;

/** TanStack Query keys of the staff area. */
export const staffKeys = {
  all: ["staff"] as const,
  employees: ["staff", "employees"] as const,
  files: ["staff", "files"] as const,
  me: ["staff", "me"] as const,
  contactSubmissions: ["staff", "contact-submissions"] as const,
  contactSubmissionsSearch: (q: string) => ["staff", "contact-submissions", q] as const,
  jobApplications: ["staff", "job-applications"] as const,
  jobApplicationsSearch: (q: string) => ["staff", "job-applications", q] as const,
};
