import { useState } from "react";
import { Link } from "react-router";

/** The CAMPUS top bar: Home, Features, Contact; a collapsible menu on small screens. */
export function CampusBar() {
  const [open, setOpen] = useState(false);
  const links: [string, string][] = [
    ["Home", "/products/educational/campus"],
    ["Features", "/products/educational/campus/features"],
    ["Docs", "/products/educational/campus/docs"],
    ["Contact", "/products/educational/campus/contact"],
  ];
  return (
    <nav aria-label="CAMPUS" className="bg-blue-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between px-4 py-2">
        <span className="font-bold">CAMPUS</span>
        <button
          type="button"
          className="rounded px-2 py-1 sm:hidden"
          aria-expanded={open}
          aria-controls="campus-links"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <ul id="campus-links" className={`${open ? "flex" : "hidden"} w-full flex-col sm:flex sm:w-auto sm:flex-row sm:gap-4`}>
          {links.map(([label, to]) => (
            <li key={to}>
              <Link className="block py-1 hover:underline" to={to} onClick={() => setOpen(false)}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
