import { useEffect, useState } from 'react';

/** The `code` parameter of an address such as `/install?code=ABCD-EFGH-JKLM`, or ''. */
export function setupCodeFromAddress(search: string): string {
  return (new URLSearchParams(search).get('code') ?? '').trim().slice(0, 100);
}

/** The address without its `code` parameter (the rest of the query and the fragment kept). */
export function addressWithoutCode(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams(location.search);
  params.delete('code');
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/**
 * The setup code `npm start` printed in the wizard's address: read once, then taken out of the
 * address bar (history, bookmarks and a shared screen do not keep it).
 */
export function useSetupCodeFromAddress(): string {
  const [code] = useState(() => (typeof window === 'undefined' ? '' : setupCodeFromAddress(window.location.search)));
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('code')) return;
    window.history.replaceState(window.history.state, '', addressWithoutCode(window.location));
  }, []);
  return code;
}
