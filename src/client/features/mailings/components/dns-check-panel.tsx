import { CircleAlert, CircleCheck, RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import type { DnsRecordCheck } from '#shared/schemas/mailing.ts';
import { useDnsCheck } from '../api/mailings.ts';

function RecordLine({ name, check }: { name: string; check: DnsRecordCheck }) {
  return (
    <li className="flex gap-2">
      {check.found ? (
        <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
      ) : (
        <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
      )}
      <span>
        <strong>{name}:</strong>{' '}
        {check.found ? (
          <>
            found <code className="break-all text-xs">{check.record}</code>
          </>
        ) : (
          <>missing. {check.advice}</>
        )}
      </span>
    </li>
  );
}

/** SPF and DMARC of the school's mail domain: found, missing (and how to add it), or not checkable here. */
export function DnsCheckPanel() {
  const { data, isFetching, isError, refetch } = useDnsCheck();
  return (
    <section aria-labelledby="dns-check" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dns-check" className="text-lg font-bold text-slate-900">
          The school&apos;s domain
        </h2>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      <p className="text-slate-600">Mail from a domain without SPF and DMARC records is often put in spam or refused.</p>
      <div role="status" aria-busy={isFetching}>
        {isError && <p className="text-red-700">The check could not be run. Please try again.</p>}
        {!data && isFetching && <p className="text-slate-600">Looking up the records…</p>}
        {data && !data.checked && <p className="text-slate-800">{data.reason}</p>}
        {data?.checked && (
          <>
            <p className="text-slate-800">
              {data.missing.length
                ? `${data.domain}: ${data.missing.join(' and ')} ${data.missing.length > 1 ? 'are' : 'is'} missing.`
                : `${data.domain} has SPF and DMARC records.`}
            </p>
            <ul className="mt-2 space-y-2 text-slate-800">
              <RecordLine name="SPF" check={data.spf} />
              <RecordLine name="DMARC" check={data.dmarc} />
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
