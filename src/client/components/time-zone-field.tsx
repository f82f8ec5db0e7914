import { useId, useState } from 'react';
import { Field } from './ui/field.tsx';
import { isTimeZone, TIMEZONES } from '#shared/dates.ts';

/**
 * Today's names of zones that browsers list by an older one (CLDR keeps Europe/Kiev, Asia/Calcutta,
 * Asia/Saigon...), and UTC, which they leave out: a school types the name it knows.
 */
const CURRENT_NAMES = [
  'UTC',
  'Europe/Kyiv',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Ho_Chi_Minh',
  'Asia/Yangon',
  'America/Argentina/Buenos_Aires',
  'America/Nuuk',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'Atlantic/Faroe',
  'Africa/Asmara',
  'Pacific/Kanton',
  'Pacific/Chuuk',
  'Pacific/Pohnpei',
];

/**
 * Every zone this browser knows (about 420) by its listed name and by today's name, for the
 * searchable time-zone input, and the wizard's four. The server checks the name.
 */
const timeZones = (): string[] => {
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser: the wizard's zones, and any other name typed in full.
  }
  return [...new Set([...known, ...CURRENT_NAMES.filter(isTimeZone), ...TIMEZONES])].sort();
};

/** The zone this browser runs in, when the server would accept its name (a sensible first choice). */
export function browserTimeZone(fallback: string): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A text input searching every time zone (a datalist: the browser's own accessible combobox), in
 * the school profile and the install wizard.
 */
export function TimeZoneField({
  id,
  name,
  value,
  error,
  onChange,
}: {
  id?: string;
  name?: string;
  value: string;
  error?: string;
  onChange: (tz: string) => void;
}) {
  const [zones] = useState(timeZones);
  const listId = useId();
  return (
    <>
      <Field
        id={id}
        name={name}
        label="Timezone"
        hint="Type a city or region to search, e.g. London or America."
        error={error}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
      />
      <datalist id={listId}>
        {zones.map((tz) => (
          <option key={tz} value={tz} />
        ))}
      </datalist>
    </>
  );
}
