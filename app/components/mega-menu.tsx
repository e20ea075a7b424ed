import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { megaMenu, type MenuCategory } from "../content/products";
import { ProductIcon } from "./product-icon";

/**
 * The Products mega-menu: hover opens it for a mouse, the real button opens it for keyboard,
 * touch and screen readers; Escape closes it and returns focus to the button.
 */
export function MegaMenu({ onNavigate }: { onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<MenuCategory>("open");
  const button = useRef<HTMLButtonElement>(null);
  // A mouse click right after hovering open must not toggle the menu shut again.
  const hoverOpened = useRef(false);
  const panelId = useId();
  const current = megaMenu.find((c) => c.id === category) ?? megaMenu[0];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  return (
    <div
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType !== "mouse" || open) return;
        hoverOpened.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== "mouse") return;
        hoverOpened.current = false;
        setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (hoverOpened.current) hoverOpened.current = false;
          else setOpen((o) => !o);
        }}
        className="flex w-full items-center gap-1 rounded px-3 py-2 text-left font-medium hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        Products
        <svg viewBox="0 0 12 12" className={`h-3 w-3 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="z-40 w-full bg-white md:absolute md:right-0 md:top-full md:h-[400px] md:w-[640px] md:rounded-xl md:border md:border-slate-200 md:shadow-xl"
      >
        <div className="flex flex-col gap-4 p-3 md:h-full md:flex-row md:p-6">
          <div className="flex gap-2 md:w-52 md:flex-col" role="group" aria-label="Product categories">
            {megaMenu.map((c) => (
              <button
                key={c.id}
                type="button"
                aria-pressed={c.id === category}
                onClick={() => setCategory(c.id)}
                onPointerEnter={(e) => e.pointerType === "mouse" && setCategory(c.id)}
                className={`rounded-lg px-3 py-2 text-left text-sm font-semibold ${c.id === category ? "bg-sky-100 text-sky-900" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {c.label}
              </button>
            ))}
          </div>
          <ul className="flex flex-1 flex-col gap-2" aria-label={current.label}>
            {current.items.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  onClick={() => {
                    setOpen(false);
                    onNavigate();
                  }}
                  className="flex items-start gap-3 rounded-lg p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
                >
                  <ProductIcon name={item.icon} className="h-10 w-10 shrink-0" />
                  <span>
                    <span className="block font-semibold text-slate-900">{item.name}</span>
                    <span className="block text-xs text-slate-500">{item.path}</span>
                    <span className="block text-sm text-slate-700">{item.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
