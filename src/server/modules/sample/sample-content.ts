import type { Db } from '../../db/client.ts';

export interface SampleContentOptions {
  /** Where processed images are written (DATA_DIR). */
  dataDir: string;
  /** The administrator created by the install; author of the sample posts. */
  adminId: number;
}

/**
 * Adds the installer's sample content: categories, events in different states, an image gallery
 * linked to an event, published and draft posts with formatting and tags. Images are drawn by the
 * project and processed like uploads; nothing is downloaded. Runs inside the install transaction.
 */
export async function seedSampleContent(_db: Db, _options: SampleContentOptions): Promise<void> {
  // Filled in by the content issue.
}
