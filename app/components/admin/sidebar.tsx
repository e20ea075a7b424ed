import { useEffect, useId, useRef, useState } from "react";
import { Form, NavLink, useLocation } from "react-router";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm ${isActive ? "bg-slate-700 font-semibold text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white"}`;

// Admin identity screens: the admin's own account, the other admins, the audit log, the signing keys and the advisories.
const IDENTITY_LINKS = [
  ["/dashboard/admins", "Admins"],
  ["/dashboard/audit", "Audit log"],
  ["/dashboard/security", "Security"],
  ["/dashboard/advisories", "Advisories"],
  ["/dashboard/account", "Account"],
] as const;

const RELEASE_PATHS = ["/dashboard/version-release/major", "/dashboard/version-release/patch"];

/** The admin navigation: always visible from md up, a toggled panel below (Escape closes it). */
export function Sidebar({ email, unreadMessages }: { email: string; unreadMessages: number }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [releaseOpen, setReleaseOpen] = useState(RELEASE_PATHS.includes(pathname));
  const [lastPath, setLastPath] = useState(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const releaseId = useId();

  // Choosing a screen closes the phone menu (adjusting state during render, not in an effect).
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
    if (RELEASE_PATHS.includes(pathname)) setReleaseOpen(true);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="bg-slate-900 text-slate-100 md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:overflow-y-auto">
      <div className="flex h-14 items-center justify-between px-4">
        <span className="font-semibold">Admin dashboard</span>
        <button
          ref={toggleRef}
          type="button"
          className="rounded border border-slate-500 px-3 py-1 text-sm md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? "Close menu" : "Menu"}
        </button>
      </div>
      <div id={panelId} className={`${open ? "block" : "hidden"} border-t border-slate-700 px-2 pb-4 md:block`}>
        <nav aria-label="Admin">
          <ul className="space-y-1 pt-2">
            <li>
              <NavLink to="/dashboard/overview" className={linkClass}>
                Overview
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/orders" className={linkClass}>
                Orders
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/customers" className={linkClass}>
                Customers
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/invoices" className={linkClass}>
                Invoices
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="flex w-full items-center justify-between rounded px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-800"
                aria-expanded={releaseOpen}
                aria-controls={releaseId}
                onClick={() => setReleaseOpen((value) => !value)}
              >
                Release <span aria-hidden="true">{releaseOpen ? "▾" : "▸"}</span>
              </button>
              <ul id={releaseId} hidden={!releaseOpen} className="ml-3 space-y-1 border-l border-slate-700 pl-2">
                <li>
                  <NavLink to="/dashboard/version-release/major" className={linkClass}>
                    Major / Minor
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/dashboard/version-release/patch" className={linkClass}>
                    Patch
                  </NavLink>
                </li>
              </ul>
            </li>
            <li>
              <NavLink to="/dashboard/coupon-gen" className={linkClass}>
                Coupon
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/coupons" className={linkClass}>
                Coupon list
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/quests" className={linkClass} end>
                Quests
              </NavLink>
            </li>
            <li>
              <NavLink to="/dev-quest-add" className={linkClass}>
                Add Module
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/versions" className={linkClass}>
                Versions &amp; Patches
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/messages" className={linkClass}>
                Messages
                {/* A space, not only the badge's margin: else the link's name reads "Messages2 unread". */}
                {unreadMessages > 0 ? " " : null}
                {unreadMessages > 0 ? (
                  <span className="ml-2 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900" data-testid="unread-count">
                    {unreadMessages}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/outbox" className={linkClass}>
                Outbox
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/security/reports" className={linkClass}>
                Security reports
              </NavLink>
            </li>
            {IDENTITY_LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} className={linkClass}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 truncate px-3 text-xs text-slate-300" title={email}>
          Signed in as {email}
        </p>
        {/* A plain post with or without JavaScript (reloadDocument): the login page loads afresh, holding nothing of the session. */}
        <Form method="post" action="/dashboard/logout" reloadDocument>
          <button type="submit" className="mt-2 w-full rounded px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-800">
            Logout
          </button>
        </Form>
      </div>
    </div>
  );
}
