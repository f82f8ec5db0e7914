import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * A load the server refused or could not answer: its own message (a 403 names the missing
 * permission), else §8's 'Fetch failed', as a toast and in place. Never a blank screen.
 */
export function ServerMessage({ error }: { error: Error | null }) {
  const message = error?.message || 'Fetch failed';
  useEffect(() => {
    toast.error(message, { id: message });
  }, [message]);
  return (
    <p role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 text-center font-medium text-red-800">
      {message}
    </p>
  );
}
