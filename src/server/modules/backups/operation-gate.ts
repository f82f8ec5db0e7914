import { conflict } from '../../errors.ts';

/** One backup or restore at a time in this process. */
export class OperationGate {
  busy: 'backup' | 'restore' | null = null;
  take(kind: 'backup' | 'restore'): () => void {
    if (this.busy) {
      throw conflict(
        this.busy === 'restore'
          ? 'A restore is running. Wait for it to finish.'
          : 'A backup is being made. Try again in a minute.',
      );
    }
    this.busy = kind;
    let released = false;
    return () => {
      if (!released) this.busy = null;
      released = true;
    };
  }
}
