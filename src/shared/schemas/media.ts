import { z } from 'zod';

/**
 * Upload URL convention (DESIGN §7): every processed image is stored as
 *   /uploads/<32 hex>.webp            the full image, longest side at most 2000 px
 *   /uploads/<32 hex>-400.webp        400 px wide (never enlarged: smaller originals keep their width)
 *   /uploads/<32 hex>-800.webp        800 px wide
 *   /uploads/<32 hex>-1600.webp       1600 px wide
 * All three variants always exist for an upload, so a `srcset` can be built from the URL alone.
 * URLs typed in by staff (http/https) have no variants.
 */
export const UPLOADS_PREFIX = '/uploads/';
export const VARIANT_WIDTHS = [400, 800, 1600] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const UPLOAD_URL_PATTERN = /^\/uploads\/[a-f0-9]{32}\.webp$/;

export const isUploadUrl = (url: string | null | undefined): url is string => !!url && UPLOAD_URL_PATTERN.test(url);

/**
 * The uploads an HTML body names (a link to one), as their main URLs (a variant counts for its upload), each once.
 * A post's are stored beside it, so asking whether any post uses an upload reads an index.
 */
export function uploadsIn(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/\/uploads\/([a-f0-9]{32})(?:-\d+)?\.webp/g)) found.add(`${UPLOADS_PREFIX}${m[1]}.webp`);
  return [...found];
}

const ATTRIBUTE = {
  src: /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i,
  alt: /\salt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i,
};

/** One attribute of a tag's text (`alt="a b"`, `alt='a'`, `alt=a`), or undefined when absent. */
function attributeOf(tag: string, name: keyof typeof ATTRIBUTE): string | undefined {
  const m = ATTRIBUTE[name].exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
}

/**
 * What is wrong with the photos of a post's or a page's body (issue 31), or null: each photo
 * uploaded here needs alt text. A photo from another host is dropped by the sanitiser, as any
 * markup outside the editor's features is (the site loads nothing from other hosts).
 */
export function bodyImageProblem(html: string): string | null {
  // Linear: a tag is `<img` up to the next `>` with no `<` between.
  for (const tag of html.match(/<img\b[^<>]*>?/gi) ?? [])
    if (isUploadUrl(attributeOf(tag, 'src')?.trim()) && !attributeOf(tag, 'alt')?.trim())
      return 'Every photo in the text needs alt text: describe it for parents who cannot see it.';
  return null;
}

/** A body's photos checked as a schema's step: bodyImageProblem's message on the field. */
export const checkBodyImages = (html: string, ctx: z.RefinementCtx) => {
  const problem = bodyImageProblem(html);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/**
 * The editor's photo dialog (issue 31): a file to upload (unless the photo is already in the text)
 * and its alt text.
 */
export const BodyPhotoFormSchema = z
  .object({
    file: z.custom<File | null>(),
    inText: z.boolean(),
    alt: z
      .string()
      .trim()
      .min(1, 'Describe the photo for parents who cannot see it.')
      .max(250, 'The alt text may be at most 250 characters.'),
  })
  .superRefine(({ file, inText }, ctx) => {
    if (!file && !inText) ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose a photo to upload.' });
    if (file && file.size > MAX_IMAGE_BYTES)
      ctx.addIssue({ code: 'custom', path: ['file'], message: 'The file is too large: images may be at most 10 MB.' });
  });
export type BodyPhotoFormValues = z.input<typeof BodyPhotoFormSchema>;

/** `/uploads/x.webp` -> `/uploads/x-800.webp`. */
export const variantUrl = (url: string, width: number) => url.replace(/\.webp$/, `-${width}.webp`);

/** A `srcset` for an uploaded image, or undefined for an external URL. */
export function uploadSrcSet(url: string | null | undefined): string | undefined {
  if (!isUploadUrl(url)) return undefined;
  return VARIANT_WIDTHS.map((w) => `${variantUrl(url, w)} ${w}w`).join(', ');
}

/** An image URL staff may store: http(s), or one of our own upload paths. Empty means none. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2000, { message: 'The image URL is too long.', abort: true })
  .refine(
    (v) => v === '' || isUploadUrl(v) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
    'Image URLs must start with http:// or https:// (or be an uploaded image).',
  );

export const UploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** POST /api/cover: `{url}` plus the image's size and variants. */
export const CoverUploadResultSchema = UploadedImageSchema;
/** A file of a batch that was not kept (issue 31): its name, and why (the status and message an upload of it alone gets). */
export const RefusedUploadSchema = z.object({
  file: z.string(),
  status: z.number().int(),
  code: z.string(),
  error: z.string(),
});
export type RefusedUpload = z.infer<typeof RefusedUploadSchema>;

/**
 * POST /api/upload-multiple: `{data: [...], urls: [...], refused: [...]}`; §3 also reads `files[].url`.
 * The files kept are in `data` and `urls`, the others in `refused`; none kept is an error with `refused`.
 */
export const MultipleUploadResultSchema = z.object({
  data: z.array(UploadedImageSchema),
  urls: z.array(z.string()),
  refused: z.array(RefusedUploadSchema),
});
