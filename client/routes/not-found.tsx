import { Link } from "react-router";

export const meta = () => [{ title: "PageNotFound | Northbeam" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center"
    >
      <p className="text-sm font-semibold tracking-widest text-accent-600 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-extrabold text-steel-950">PageNotFound</h1>
      <p className="mt-4 text-steel-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-8 rounded-md bg-steel-900 px-5 py-3 text-sm font-semibold text-white hover:bg-steel-700"
      >
        Back to the home page
      </Link>
    </main>
  );
}
