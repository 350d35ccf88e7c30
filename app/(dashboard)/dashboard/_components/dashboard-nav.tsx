"use client";
// The dashboard's navigation: a sidebar on wide screens, a top bar with a menu button on
// small ones. Lists every dashboard page and marks the current one.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";

export const NAV_SECTIONS: { title: string; items: { href: string; label: string }[] }[] = [
  {
    title: "Onboarding",
    items: [
      { href: "/dashboard", label: "Home" },
      { href: "/dashboard/requests", label: "Requests" },
      { href: "/dashboard/clients", label: "Clients" },
      { href: "/dashboard/static-link", label: "Static link" },
      { href: "/dashboard/mailbox", label: "Mailbox" },
    ],
  },
  {
    title: "Setup",
    items: [
      { href: "/dashboard/accounts", label: "Connected accounts" },
      { href: "/dashboard/intake", label: "Intake form" },
      { href: "/dashboard/branding", label: "Branding" },
      { href: "/dashboard/reminders", label: "Reminders" },
      { href: "/dashboard/team", label: "Team" },
      { href: "/dashboard/audit", label: "Audit log" },
      { href: "/dashboard/security", label: "Security" },
    ],
  },
  {
    title: "Developers",
    items: [
      { href: "/dashboard/api-keys", label: "API keys" },
      { href: "/dashboard/webhooks", label: "Webhooks" },
      { href: "/dashboard/developers", label: "API reference" },
      { href: "/dashboard/usage", label: "Usage & plan" },
    ],
  },
];

function isActive(pathname: string, href: string) {
  // Home is active on itself only; every other entry also covers its sub-pages.
  return pathname === href || (href !== "/dashboard" && pathname.startsWith(`${href}/`));
}

/** Shown to instance administrators only (whoever runs the installation). */
export const INSTANCE_NAV_SECTION = {
  title: "Instance",
  items: [{ href: "/dashboard/instance/platforms", label: "Platforms" }],
};

export function DashboardNav({
  agencyName,
  userMenu,
  instanceAdmin = false,
}: {
  agencyName: string;
  userMenu: ReactNode;
  instanceAdmin?: boolean;
}) {
  const pathname = usePathname() ?? "";
  // The menu is open for one path only, so it closes on navigation without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (value: boolean | ((v: boolean) => boolean)) =>
    setOpenAt((typeof value === "function" ? value(open) : value) ? pathname : null);
  return (
    <header className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:flex-col md:border-b-0">
      <div className="flex items-center justify-between gap-2 px-4 py-3 md:block md:py-5">
        <div className="min-w-0">
          <Link href="/dashboard" className="block text-sm font-semibold uppercase tracking-wide text-indigo-700">
            Access Requests
          </Link>
          <p className="truncate text-base font-semibold text-slate-900" data-testid="agency-name" title={agencyName}>
            {agencyName}
          </p>
        </div>
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium md:hidden"
          aria-expanded={open}
          aria-controls="dashboard-nav"
          onClick={() => setOpen((v) => !v)}
        >
          Menu
        </button>
      </div>
      {/* min-h-0: the list scrolls inside the full-height sidebar instead of running past its bottom */}
      <nav
        id="dashboard-nav"
        aria-label="Dashboard"
        className={`${open ? "block" : "hidden"} min-h-0 flex-1 overflow-y-auto px-3 pb-4 md:block`}
      >
        {(instanceAdmin ? [...NAV_SECTIONS, INSTANCE_NAV_SECTION] : NAV_SECTIONS).map((section) => (
          <div key={section.title} className="mb-4">
            <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{section.title}</p>
            <ul className="space-y-0.5">
              {section.items.map((item) => {
                const active = isActive(pathname, item.href);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? "page" : undefined}
                      className={`block rounded-lg px-2 py-1.5 text-sm ${active ? "bg-indigo-50 font-semibold text-indigo-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className={`${open ? "block" : "hidden"} border-t border-slate-200 p-3 md:block`}>{userMenu}</div>
    </header>
  );
}
