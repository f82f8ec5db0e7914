/**
 * Puts text on the clipboard; false where nothing was copied (plain http, no permission, no
 * clipboard API), so the caller can offer the text to copy by hand. Zod-free, fit for any bundle.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
