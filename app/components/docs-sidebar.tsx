import { useState } from "react";
import type { DocEntry, DocGroup } from "../content/campus-docs";

/** Collapsible role groups, each starting closed; a group with one dashboard entry opens it directly. */
export function DocsSidebar({ groups, current, onSelect }: { groups: DocGroup[]; current?: string; onSelect: (entry: DocEntry) => void }) {
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  return (
    <nav aria-label="CAMPUS documentation" className="h-full overflow-y-auto p-4">
      <p className="mb-3 text-xl font-bold">CAMPUS</p>
      <ul className="space-y-1">
        {groups.map((group) => {
          if (group.direct) {
            const entry = group.entries[0];
            return (
              <li key={group.id}>
                <button
                  type="button"
                  aria-current={current === entry.id ? "true" : undefined}
                  className="w-full rounded px-3 py-2 text-left font-semibold hover:bg-blue-800"
                  onClick={() => onSelect(entry)}
                >
                  {group.label}
                </button>
              </li>
            );
          }
          const open = Boolean(openGroups[group.id]);
          return (
            <li key={group.id}>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={`docs-${group.id}`}
                className="flex w-full items-center justify-between rounded px-3 py-2 text-left font-semibold hover:bg-blue-800"
                onClick={() => setOpenGroups((g) => ({ ...g, [group.id]: !open }))}
              >
                {group.label}
                <svg viewBox="0 0 12 12" className={`h-3 w-3 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true">
                  <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              </button>
              <ul id={`docs-${group.id}`} hidden={!open} className="ml-3 border-l border-blue-700 pl-2">
                {group.entries.map((entry) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      aria-current={current === entry.id ? "true" : undefined}
                      className="w-full rounded px-3 py-1.5 text-left text-sm hover:bg-blue-800 aria-[current]:bg-blue-700"
                      onClick={() => onSelect(entry)}
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
