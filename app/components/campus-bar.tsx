import { useRef } from "react";
import { Link } from "react-router";
import { useBehaviour } from "../lib/use-behaviour";
import { disclosure } from "./behaviours/disclosure";

const links: [string, string][] = [
  ["Home", "/products/educational/campus"],
  ["Features", "/products/educational/campus/features"],
  ["Docs", "/products/educational/campus/docs"],
  ["Contact", "/products/educational/campus/contact"],
];

/** The CAMPUS top bar: Home, Features, Contact; a collapsible menu on small screens. */
export function CampusBar() {
  const ref = useRef<HTMLElement>(null);
  useBehaviour(ref, disclosure);
  return (
    <nav ref={ref} aria-label="CAMPUS" data-behaviour="disclosure" className="bg-blue-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between px-4 py-2">
        <span className="font-bold">CAMPUS</span>
        <button type="button" className="rounded px-2 py-1 sm:hidden" aria-expanded={false} aria-controls="campus-links">
          Menu
        </button>
        <ul id="campus-links" data-open-class="flex" className="hidden w-full flex-col sm:flex sm:w-auto sm:flex-row sm:gap-4">
          {links.map(([label, to]) => (
            <li key={to}>
              <Link className="block py-1 hover:underline" to={to}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
