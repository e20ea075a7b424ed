import type { DocGroup } from "../content/campus-docs";

const chevron = "h-3 w-3 transition-transform [[aria-expanded=true]>&]:rotate-180";

/**
 * Collapsible role groups, each starting closed; a group with one dashboard entry opens it directly.
 * Entries are `data-entry` buttons; opening, closing and choosing is behaviours/campus-docs.ts.
 */
export function DocsSidebar({ groups }: { groups: DocGroup[] }) {
  return (
    <nav aria-label="CAMPUS documentation" className="h-full overflow-y-auto p-4">
      <p className="mb-3 text-xl font-bold">CAMPUS</p>
      <ul className="space-y-1">
        {groups.map((group) => {
          if (group.direct) {
            const entry = group.entries[0];
            return (
              <li key={group.id}>
                <button type="button" data-entry={entry.id} className="w-full rounded px-3 py-2 text-left font-semibold hover:bg-blue-800">
                  {group.label}
                </button>
              </li>
            );
          }
          return (
            <li key={group.id}>
              <button
                type="button"
                aria-expanded={false}
                aria-controls={`docs-${group.id}`}
                data-docs-group=""
                className="flex w-full items-center justify-between rounded px-3 py-2 text-left font-semibold hover:bg-blue-800"
              >
                {group.label}
                <svg viewBox="0 0 12 12" className={chevron} aria-hidden="true">
                  <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              </button>
              <ul id={`docs-${group.id}`} hidden className="ml-3 border-l border-blue-700 pl-2">
                {group.entries.map((entry) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      data-entry={entry.id}
                      className="w-full rounded px-3 py-1.5 text-left text-sm hover:bg-blue-800 aria-[current]:bg-blue-700"
                    >
                      {entry.label}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
