import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatShortDate, formatTime } from '../../../../shared/dates.ts';
import type { SessionView } from '../../../../shared/schemas/security.ts';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions.ts';

const ICONS = { Phone: Smartphone, Tablet } as const;
const when = (iso: string, timeZone: string) => `${formatShortDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

/** Account security: where the user is signed in; any other session can be ended here. */
export function SessionsCard({ timeZone }: { timeZone: string }) {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section aria-labelledby="sessions-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-title" className="text-lg font-bold text-slate-900">
            Where you are signed in
          </h2>
          <p className="text-sm text-slate-600">End a session you do not recognise, or one on a shared computer.</p>
        </div>
        <Button variant="secondary" disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
          End all other sessions
        </Button>
      </div>
      {sessions.isPending && <p className="mt-4 text-slate-600">Loading...</p>}
      {sessions.isError && (
        <p role="alert" className="mt-4 text-red-700">
          {sessions.error.message}
        </p>
      )}
      <ul aria-label="Sessions" className="mt-4 divide-y divide-slate-200">
        {list.map((s) => (
          <SessionRow key={s.id} session={s} timeZone={timeZone} ending={endOne.isPending} onEnd={() => endOne.mutate(s.id)} />
        ))}
      </ul>
    </section>
  );
}

function SessionRow({
  session: s,
  timeZone,
  ending,
  onEnd,
}: {
  session: SessionView;
  timeZone: string;
  ending: boolean;
  onEnd: () => void;
}) {
  const Icon = ICONS[s.device as keyof typeof ICONS] ?? (/iphone|android|pixel|galaxy/i.test(s.device) ? Smartphone : Laptop);
  const label = `${s.browser} on ${s.os}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon className="h-6 w-6 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          {label} {s.current && <Badge tone="green">This device</Badge>}
        </p>
        <p className="text-sm text-slate-600">
          {s.device} · {s.ip ?? 'unknown address'} · last seen {when(s.lastSeenAt, timeZone)}
        </p>
        <p className="text-xs text-slate-600">Signed in {when(s.createdAt, timeZone)}</p>
      </div>
      {!s.current && (
        <Button
          variant="secondary"
          size="sm"
          disabled={ending}
          onClick={onEnd}
          aria-label={`End session: ${label}, ${s.ip ?? ''}`}
        >
          End
        </Button>
      )}
    </li>
  );
}
