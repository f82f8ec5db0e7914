import { Field } from '../../../components/ui/field.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditFilter } from '../../../../shared/schemas/audit.ts';

export interface AuditFilterValues {
  userId: string;
  action: string;
  entity: string;
  from: string;
  to: string;
}
export const NO_FILTER: AuditFilterValues = { userId: '', action: '', entity: '', from: '', to: '' };

/** The form's strings as the API's filter (blank means "any"). */
export const toFilter = (v: AuditFilterValues): AuditFilter => ({
  userId: v.userId ? Number(v.userId) : undefined,
  action: (v.action || undefined) as AuditFilter['action'],
  entity: (v.entity || undefined) as AuditFilter['entity'],
  from: v.from || undefined,
  to: v.to || undefined,
});

/** Who, what, and which days (the school's days). */
export function AuditFilters({
  values,
  users,
  onChange,
}: {
  values: AuditFilterValues;
  users: ReadonlyArray<{ id: number; username: string; name: string }>;
  onChange: (values: AuditFilterValues) => void;
}) {
  const set = (key: keyof AuditFilterValues) => (e: { target: { value: string } }) =>
    onChange({ ...values, [key]: e.target.value });
  return (
    <fieldset className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="sr-only">Filters</legend>
      <div>
        <Label htmlFor="audit-user">User</Label>
        <NativeSelect id="audit-user" value={values.userId} onChange={set('userId')}>
          <option value="">Everybody</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} (@{u.username})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor="audit-action">Action</Label>
        <NativeSelect id="audit-action" value={values.action} onChange={set('action')}>
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTIONS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor="audit-entity">About</Label>
        <NativeSelect id="audit-entity" value={values.entity} onChange={set('entity')}>
          <option value="">Everything</option>
          {Object.entries(AUDIT_ENTITIES).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Field label="From" type="date" value={values.from} max={values.to || undefined} onChange={set('from')} />
      <Field label="To" type="date" value={values.to} min={values.from || undefined} onChange={set('to')} />
    </fieldset>
  );
}
