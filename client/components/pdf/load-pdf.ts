/**
 * pdf.js and its worker, imported only by the PDF preview's dynamic import: no page pays for them
 * until an admin opens a PDF attachment.
 */
import { GlobalWorkerOptions, getDocument, VerbosityLevel } from "pdfjs-dist";
// Served from our own origin (worker-src 'self'), never from a CDN.
import workerUrl from "pdfjs-dist/build/pdf.worker.mjs?worker&url";

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Starts parsing a PDF in the worker. Only the drawing part of pdf.js is used: no viewer, so no
 * document JavaScript, no XFA, no annotation layer and no links; the page's own annotations are
 * drawn as pixels. Warnings about sloppy files stay out of the console.
 */
export function openPdf(data: Uint8Array) {
  return getDocument({ data, enableXfa: false, verbosity: VerbosityLevel.ERRORS });
}
