import { SessionsCard } from '#client/features/account/components/sessions-card.tsx';
import { TwoFactorCard } from '#client/features/account/components/two-factor-card.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';

/** Account security (/cms/account): the signed-in user's second factor and sessions. */
export default function AccountScreen() {
  const timeZone = useSchoolTimezone() ?? 'UTC';
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Account security</h1>
        <p className="text-sm text-slate-600">Your own sign-in: a second step with your phone, and where you are signed in.</p>
      </div>
      <TwoFactorCard timeZone={timeZone} />
      <SessionsCard timeZone={timeZone} />
    </div>
  );
}
