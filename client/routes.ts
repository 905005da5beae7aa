import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("contactus", "routes/contact.tsx"),
    route("projects", "routes/projects.tsx"),
    route("gallery", "routes/gallery.tsx"),
    route("career", "routes/career.tsx"),
    route("about", "routes/about.tsx"),
    route("employee-dashboard", "routes/employee-dashboard.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The staff workspace (DESIGN §15): client-only, its own frame (no marketing navbar or footer).
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/overview.tsx"),
    route("quotes", "routes/staff/quotes.tsx", { id: "staff-quotes" }),
    route("quotes/:reference", "routes/staff/quotes.tsx", { id: "staff-quote" }),
    route("applications", "routes/staff/applications.tsx", { id: "staff-applications" }),
    route("applications/:id", "routes/staff/applications.tsx", { id: "staff-application" }),
    route("projects", "routes/staff/projects.tsx", { id: "staff-projects" }),
    route("projects/:job", "routes/staff/projects.tsx", { id: "staff-project" }),
    route("files", "routes/staff/files.tsx"),
    route("file-requests", "routes/staff/file-requests.tsx"),
    route("chat", "routes/staff/chat.tsx", { id: "staff-chat" }),
    route("chat/:conversation", "routes/staff/chat.tsx", { id: "staff-conversation" }),
    route("people", "routes/staff/people.tsx"),
    route("audit", "routes/staff/audit.tsx"),
    route("site/:collection?/:id?", "routes/staff/site.tsx"),
    route("*", "routes/staff/not-found.tsx"),
  ]),
  // A client's file-request link: a page of its own, without the site's navigation (DESIGN §12).
  route("upload/:token", "routes/upload.tsx"),
  // The answer page of an RFI, for the person asked (DESIGN §16): a page of its own, like upload/:token.
  route("rfi/:token", "routes/rfi.tsx"),
  // A client's review of a transmittal (DESIGN §16): a page of its own, like upload/:token.
  route("review/:token", "routes/review.tsx"),
] satisfies RouteConfig;
