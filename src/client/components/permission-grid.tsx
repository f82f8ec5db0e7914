import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Checkbox } from './ui/checkbox.tsx';
import { Switch } from './ui/switch.tsx';
import { ACTIONS, BUSINESS_MODULES, SITE_MODULES, type Action, type Module } from '../../shared/permissions.ts';

const LABELS: Partial<Record<Module, string>> = {
  gallery: 'Gallery',
  events: 'Events',
  blog: 'Blog',
  website: 'Public pages',
  families: 'Families and children',
  notices: 'Notices and newsletter',
  leads: 'Leads (enquiries)',
  aiInsights: 'AI insights',
  aiAssistant: 'AI assistant',
  users: 'Users and roles',
  settings: 'Settings',
};

/** §9's modules the school's back office uses: the enquiries, the staff accounts and the settings. */
export const OFFICE_MODULES = ['leads', 'users', 'settings'] as const satisfies readonly Module[];
/**
 * §9's twelve business modules no screen of the website uses (Deals, Invoices, AI assistant...):
 * kept in the grid and the API, as the spec asks, but folded away (issue 31).
 */
export const OTHER_MODULES: readonly Module[] = BUSINESS_MODULES.filter(
  (m) => !(OFFICE_MODULES as readonly Module[]).includes(m),
);
export const OTHER_MODULES_TITLE = 'Other modules (not used by the website)';

/** The site's modules but the families' (issue 32), which are not the website's: a group of their own. */
const WEBSITE_MODULES = SITE_MODULES.filter((m) => m !== 'families');

/** A module's name as staff read it. */
export const moduleLabel = (module: Module) => LABELS[module] ?? module.charAt(0).toUpperCase() + module.slice(1);

const ACTION_LABEL: Record<Action, string> = { read: 'Read', write: 'Write', delete: 'Delete' };

export interface GridRow {
  module: Module;
  read: boolean;
  write: boolean;
  delete: boolean;
  /** Shown as the row's switch when the grid has one. */
  enabled?: boolean;
}

/**
 * The permission grid: the website's modules, then the three of §9's fifteen the school office
 * uses, then the other twelve folded under a disclosure, closed at first (issue 31); each with
 * Read / Write / Delete, and optionally a switch per module.
 */
export function PermissionGrid({
  rows,
  onAction,
  onEnabled,
  locked = false,
  caption,
}: {
  rows: GridRow[];
  onAction: (module: Module, action: Action, value: boolean) => void;
  /** When given, each module has an on/off switch. */
  onEnabled?: (module: Module, value: boolean) => void;
  locked?: boolean;
  caption: string;
}) {
  const byModule = new Map(rows.map((r) => [r.module, r]));
  const groups = [
    ['Website', WEBSITE_MODULES],
    ['Families', ['families']],
    ['School office', OFFICE_MODULES],
  ] as const;
  const columns = ACTIONS.length + (onEnabled ? 2 : 1);
  const [othersOpen, setOthersOpen] = useState(false);
  const othersId = useId();
  const othersGranted = OTHER_MODULES.filter((m) => {
    const row = byModule.get(m);
    return row && (row.read || row.write || row.delete || row.enabled);
  }).length;
  const rowOf = (module: Module) => {
    const row = byModule.get(module) ?? { module, read: false, write: false, delete: false, enabled: false };
    const label = moduleLabel(module);
    return (
      <tr key={module}>
        <th scope="row" className="px-2 py-2 text-left font-medium break-words text-slate-900 sm:px-3">
          {label}
        </th>
        {onEnabled && (
          <td className="px-1 py-2 text-center">
            <Switch
              aria-label={`${label} access`}
              checked={Boolean(row.enabled)}
              disabled={locked}
              onCheckedChange={(v) => onEnabled(module, v)}
            />
          </td>
        )}
        {ACTIONS.map((action) => (
          <td key={action} className="px-0.5 py-2">
            <Checkbox
              className="mx-auto"
              aria-label={`${label}: ${action}`}
              checked={row[action]}
              disabled={locked}
              onCheckedChange={(v) => onAction(module, action, v === true)}
            />
          </td>
        ))}
      </tr>
    );
  };
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-bold text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-3">
              Module
            </th>
            {onEnabled && (
              <th scope="col" className="w-14 px-1 py-2 text-center">
                Access
              </th>
            )}
            {ACTIONS.map((a) => (
              <th key={a} scope="col" className="w-11 px-0.5 py-2 text-center sm:w-16">
                {ACTION_LABEL[a]}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map(([title, modules]) => (
          <tbody key={title} className="divide-y divide-slate-100">
            <tr className="bg-slate-100/70">
              <th scope="colgroup" colSpan={columns} className="px-2 py-1.5 text-left text-xs font-bold text-slate-700 sm:px-3">
                {title}
              </th>
            </tr>
            {modules.map(rowOf)}
          </tbody>
        ))}
        <tbody>
          <tr className="bg-slate-100/70">
            <th scope="colgroup" colSpan={columns} className="p-0 text-left text-xs font-bold text-slate-700">
              <button
                type="button"
                aria-expanded={othersOpen}
                aria-controls={othersId}
                onClick={() => setOthersOpen((open) => !open)}
                className="flex w-full items-center gap-2 px-2 py-1.5 text-left hover:bg-slate-200/70 sm:px-3"
              >
                <ChevronDown
                  className={`h-4 w-4 shrink-0 transition-transform ${othersOpen ? 'rotate-180' : ''}`}
                  aria-hidden="true"
                />
                <span className="flex-1">{OTHER_MODULES_TITLE}</span>
                <span className="font-semibold text-slate-600">
                  {OTHER_MODULES.length} modules{othersGranted ? `, ${othersGranted} with access` : ''}
                </span>
              </button>
            </th>
          </tr>
        </tbody>
        <tbody id={othersId} hidden={!othersOpen} className="divide-y divide-slate-100">
          {OTHER_MODULES.map(rowOf)}
        </tbody>
      </table>
    </div>
  );
}
