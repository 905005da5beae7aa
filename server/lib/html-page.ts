import type { FastifyReply } from "fastify";
import site from "../../content/site.json" with { type: "json" };

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text made safe to place in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/**
 * The policy of a page the server writes itself: its own inline style, no script at all, forms
 * only to this origin, never framed.
 */
export const serverPageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const style = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6f8;color:#0f172a;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:1rem}
main{width:100%;max-width:26rem;background:#fff;border:1px solid #dbe1e8;border-radius:.75rem;padding:1.75rem;
box-shadow:0 1px 3px rgba(15,23,42,.08)}
.brand{margin:0 0 1.25rem;font-weight:700;letter-spacing:.02em;color:#1d4ed8}
h1{font-size:1.25rem;margin:0 0 .5rem}
p{margin:0 0 1rem;color:#334155;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-bottom:.375rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.5rem}
input:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#1d4ed8}
button{margin-top:1rem;width:100%;font:inherit;font-weight:600;padding:.7rem;border:0;border-radius:.5rem;
background:#1d4ed8;color:#fff;cursor:pointer}
button:hover{background:#1e40af}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.error{color:#b91c1c;font-weight:600}
`;

/**
 * A small page in the firm's name for a visitor who follows a link the server answers itself (a
 * protected or ended share link): `body` is trusted HTML built with escapeHtml.
 */
export function serverPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${escapeHtml(site.brand.name)}</title>
<style>${style}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(site.brand.legalName)}</p>
${body}
</main>
</body>
</html>
`;
}

/**
 * Answers with a `serverPage`: its policy, never kept or indexed, no referrer. For a visitor who
 * follows a link the server answers itself (a share link, a preview link).
 */
export const sendServerPage = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("content-security-policy", serverPageCsp)
    .header("cache-control", "private, no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex, nofollow")
    .send(serverPage(title, body));
