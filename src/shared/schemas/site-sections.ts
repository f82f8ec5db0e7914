import type { SectionKey } from './site-content-defaults.ts';
import type { SiteContent } from './site-content.ts';

/*
 * What /api/website/sections answers (issue 30): the server's sections service and the back
 * office's Website screens share these shapes.
 */

/** A section in the Website list. `state`: whether parents read the default text or the school's own. */
export interface SectionSummary {
  key: SectionKey;
  title: string;
  state: 'default' | 'published';
  /** Never published (parents read the default text). */
  isDefault: boolean;
  /** Parents read the sample content's words (the spec's quotes, boards, ...): the school should replace them. */
  isSample: boolean;
  hasDraft: boolean;
  publishedAt: string | null;
  /** Usernames; null when unknown or the account is gone. */
  publishedBy: string | null;
  draftAt: string | null;
  draftBy: string | null;
}

/** GET /api/website/sections/:key: what parents read, the draft waiting (or null), and the default text. */
export interface SectionDocument<K extends SectionKey = SectionKey> extends SectionSummary {
  key: K;
  published: SiteContent[K];
  draft: SiteContent[K] | null;
  defaults: SiteContent[K];
}

/** The answer of a save, a discard, a publish, a reset or a restore; `notices` tell staff what the server kept. */
export type SectionChange<K extends SectionKey = SectionKey> = SectionDocument<K> & { notices: string[] };

/** A kept earlier version of a section or a page: who published it and when, and when a later publish replaced it. */
export interface VersionSummary {
  id: number;
  publishedAt: string | null;
  publishedBy: string | null;
  replacedAt: string;
}

export interface Version<T = unknown> extends VersionSummary {
  content: T;
}
