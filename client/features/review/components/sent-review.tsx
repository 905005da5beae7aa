import { formatBytes } from "../../../../shared/bytes.ts";
import type { Review } from "../../../../shared/transmittals.ts";

/** What the client sent: each sheet's response (in the office's current words), comment and files, read only. */
export function SentReview({ review }: { review: Review }) {
  const labels = new Map(review.responses.map((choice) => [choice.key, choice.label]));
  return (
    <ul className="divide-y divide-steel-200 rounded-xl border border-steel-200 bg-white shadow-sm">
      {review.sheets.map((sheet) => (
        <li key={sheet.number} className="p-4 sm:px-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold text-steel-950">
              {sheet.number} <span className="font-normal text-steel-600">rev {sheet.revision}</span>
            </p>
            <p className="text-sm font-semibold text-steel-800">
              {sheet.response ? (labels.get(sheet.response) ?? sheet.response) : "No response"}
            </p>
          </div>
          <p className="text-sm text-steel-600">{sheet.title}</p>
          {sheet.comment && <p className="mt-2 whitespace-pre-line text-sm text-steel-800">{sheet.comment}</p>}
          {sheet.markups.length > 0 && (
            <p className="mt-1 text-sm text-steel-600">
              Attached: {sheet.markups.map((markup) => `${markup.fileName} (${formatBytes(markup.size)})`).join(", ")}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
