import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../../../components/layout/logo.tsx';
import { useUser } from '../../../../features/auth/api/get-user.ts';
import { usePermissions } from '../../../../features/auth/hooks/use-can.ts';
import { useNewEnquiryCounts } from '../../../../features/enquiries/api/enquiries.ts';
import { ADMIN_MENU, isCurrentEntry, MAIN_MENU, visibleMenu, type MenuItem } from './menu.ts';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'bg-brand-100 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

function Item({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const Icon = item.icon;
  const isActive = isCurrentEntry(item.href, useLocation().pathname.toLowerCase());
  return (
    <Link to={item.href} className={itemClass({ isActive })} aria-current={isActive ? 'page' : undefined} onClick={onNavigate}>
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{item.name}</span>
      {item.count !== undefined && (
        <span className={`rounded-full px-2 text-xs font-bold ${item.countColor ?? 'bg-slate-200 text-slate-800'}`}>
          {item.count}
          {item.countLabel && <span className="sr-only"> {item.countLabel}</span>}
        </span>
      )}
    </Link>
  );
}

function Collapsible({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const within = item.submenu?.some((s) => pathname.startsWith(s.href)) ?? false;
  const [open, setOpen] = useState(true);
  const id = useId();
  const Icon = item.icon;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold ${within ? 'text-brand-700' : 'text-slate-700'} hover:bg-slate-100`}
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="flex-1 text-left">{item.name}</span>
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <ul id={id} hidden={!open} className="mt-1 ml-4 space-y-1 border-l border-slate-200 pl-2">
        {item.submenu?.map((sub) => (
          <li key={sub.href}>
            <Item item={sub} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** §2 sidebar: the school's name, the main entries, then Administration. */
export function SidebarContent({ schoolName, onNavigate }: { schoolName: string; onNavigate: () => void }) {
  const can = usePermissions();
  const canRead = (module: Parameters<typeof can>[0]) => can(module, 'read');
  // Contact messages on Enquiries, admissions still in New on Admissions (issue 31: each lives on one screen).
  const fresh = useNewEnquiryCounts(canRead('leads')).data;
  const badge = { '/cms/enquiries': fresh?.messages, '/cms/admissions': fresh?.admissions } as Record<string, number | undefined>;
  const main = visibleMenu(MAIN_MENU, canRead).map((item) =>
    badge[item.href] ? { ...item, count: badge[item.href], countColor: 'bg-blue-700 text-white', countLabel: 'new' } : item,
  );
  const admin = visibleMenu(ADMIN_MENU, canRead, useUser().data?.roleName === 'admin');
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-4">
        <Logo size={32} />
        <span className="flex flex-col leading-tight">
          <span className="font-extrabold text-slate-900">{schoolName}</span>
          <span className="text-xs font-medium text-slate-600">Back office</span>
        </span>
      </div>
      <nav aria-label="Back office" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {main.map((item) => (
            <li key={item.href}>
              <Item item={item} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
        {admin.length > 0 && (
          <p className="mt-6 mb-2 px-3 text-xs font-bold tracking-wider text-slate-600 uppercase">Administration</p>
        )}
        <ul className="space-y-1">
          {admin.map((item) =>
            item.submenu ? (
              <Collapsible key={item.name} item={item} onNavigate={onNavigate} />
            ) : (
              <li key={item.href}>
                <Item item={item} onNavigate={onNavigate} />
              </li>
            ),
          )}
        </ul>
      </nav>
      <a href="/" className="border-t border-slate-200 px-7 py-3 text-sm font-semibold text-slate-700 hover:text-brand-700">
        View the website
      </a>
    </div>
  );
}
