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
  // A client's file-request link: a page of its own, without the site's navigation (DESIGN §12).
  route("upload/:token", "routes/upload.tsx"),
] satisfies RouteConfig;
