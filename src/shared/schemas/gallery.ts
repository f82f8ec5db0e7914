import { z } from 'zod';
import { MAX_PHOTO_TEXT } from '../photo-text.ts';
import { AUDIENCE_LABELS, AUDIENCES, audienceFields, checkAudienceGroup, keptAudienceGroup, type Audience } from './audience.ts';
import { ImageUrlSchema } from './media.ts';
import { listQuerySchema, optionalFilter, type ListPage } from './list-query.ts';

export { MAX_PHOTO_TEXT, photoAlt } from '../photo-text.ts';

export const GALLERY_TYPES = ['images', 'video'] as const;
export const VIDEO_TYPES = ['youtube', 'vimeo'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** Who sees a gallery (issue 32): any audience, staff only included (shared/schemas/audience.ts). */
export const GALLERY_AUDIENCES = AUDIENCES;
export type GalleryAudience = Audience;
export const GALLERY_AUDIENCE_LABELS = AUDIENCE_LABELS;
/** The consent a child tagged in a gallery of this audience needs; null: none (staff only). */
export const audienceUse = (audience: GalleryAudience): 'website' | 'families' | null =>
  audience === 'everyone' ? 'website' : audience === 'staff' ? null : 'families';

/** A child tagged in a photo, as staff see it. */
export const PhotoTagSchema = z.object({
  photo: z.string(),
  child: z.object({ id: z.number().int(), name: z.string() }),
});
export type PhotoTag = z.infer<typeof PhotoTagSchema>;

/** PUT /api/admin/galleries/{id}/tags: the children tagged in one photo (all of them: an empty list untags). */
export const PhotoTagsInputSchema = z.object({
  photo: z.string({ error: 'photo must be the URL of one of the gallery’s photos.' }).trim().min(1).max(2000),
  children: z
    .array(
      z
        .number({ error: 'children must be a list of child ids.' })
        .int()
        .positive()
        .max(2 ** 31 - 1),
      {
        error: 'children must be a list of child ids.',
      },
    )
    .max(100, 'At most 100 children in one photo.')
    .transform((ids) => [...new Set(ids)]),
});
export type PhotoTagsInput = z.output<typeof PhotoTagsInputSchema>;

/** A 409's reason: a tagged child whose consent does not allow the gallery's audience. */
export interface ConsentProblem {
  child: { id: number; name: string };
  photos: string[];
  needs: 'website' | 'families';
  /** "No images anywhere" was chosen for the child. */
  noImages: boolean;
}

/** A photo's words (issue 31): what a caption shows under it, and its alt text for those who cannot see it. */
export const PhotoTextSchema = z.object({ url: z.string(), caption: z.string(), alt: z.string() });
export type PhotoText = z.infer<typeof PhotoTextSchema>;

/**
 * GET /api/admin/galleries/{id} (one canonical shape; images are URL strings, see media.ts).
 * `photos` (issue 31) holds, for each of `images` in the same order, its caption and alt text
 * (empty where staff gave none).
 */
export const GallerySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: z.enum(GALLERY_TYPES),
  images: z.array(z.string()),
  videoUrl: z.string().nullable(),
  videoType: z.enum(VIDEO_TYPES).nullable(),
  thumbnail: z.string().nullable(),
  published: z.boolean(),
  audience: z.enum(GALLERY_AUDIENCES),
  audienceBranch: z.string().nullable(),
  audienceProgramme: z.string().nullable(),
  photos: z.array(PhotoTextSchema),
  /** Staff only (GET /api/admin/galleries/{id} with galleries: read): the children tagged in the photos. */
  tags: z.array(PhotoTagSchema).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Gallery = z.infer<typeof GallerySchema>;

/** Longer is no video address; the patterns below never see more. */
const MAX_VIDEO_URL = 2000;
/**
 * A row of the galleries list: the gallery with its image list (URLs only: §7 lists Gallery
 * objects, issue 31), without the photos' words, and with how many images it holds.
 */
export const GallerySummarySchema = GallerySchema.omit({ photos: true, tags: true }).extend({ image_count: z.number().int() });
export type GallerySummary = z.infer<typeof GallerySummarySchema>;

export const GALLERY_SORTS = ['newest', 'oldest', 'title'] as const;
export const GALLERY_STATES = ['published', 'draft'] as const;

/** GET /api/admin/galleries: `?limit&offset&sort&q&status&type` (q: title and description). */
export const GalleryListQuerySchema = listQuerySchema({
  defaultLimit: 20,
  sorts: GALLERY_SORTS,
  filters: { status: optionalFilter(GALLERY_STATES, 'status'), type: optionalFilter(GALLERY_TYPES, 'type') },
});
export type GalleryListOptions = z.output<typeof GalleryListQuerySchema>;
/** What a screen asks for (the rest takes the schema's defaults). */
export type GalleryListQuery = Partial<GalleryListOptions>;

/** §2 Gallery dashboard's five counters. */
export interface GalleryCounts {
  total: number;
  images: number;
  videos: number;
  published: number;
  drafts: number;
}
export type GalleryListPage = ListPage<GallerySummary, GalleryCounts>;

/** A YouTube video id from watch, youtu.be, embed and shorts URLs. */
export function youtubeId(url: string): string | null {
  if (url.length > MAX_VIDEO_URL) return null;
  const m =
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]{6,})/i.exec(url);
  return m?.[1] ?? null;
}
export function vimeoId(url: string): string | null {
  if (url.length > MAX_VIDEO_URL) return null;
  return /vimeo\.com\/(?:video\/|channels\/[^/]+\/)?(\d+)/i.exec(url)?.[1] ?? null;
}

/** §4: a youtube.com or youtu.be URL, or an empty one, gives youtube; a vimeo.com URL gives vimeo. */
export function detectVideoType(url: string | null | undefined): VideoType {
  return url && /(^|\.|\/\/)vimeo\.com/i.test(url) ? 'vimeo' : 'youtube';
}

/** The derived thumbnail of a video (YouTube only: Vimeo has no static thumbnail URL). */
export function videoThumbnail(url: string | null | undefined): string | null {
  const id = url ? youtubeId(url) : null;
  return id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : null;
}

/** The player URL for an iframe, or null when the URL is not a recognised video. */
export function videoEmbedUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const yt = youtubeId(url);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt}`;
  const vm = vimeoId(url);
  return vm ? `https://player.vimeo.com/video/${vm}` : null;
}

const imageEntry = z.preprocess((v) => {
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return o.image_url ?? o.url ?? o.path ?? '';
  }
  return v;
}, ImageUrlSchema);

/** §3's alternate spellings, accepted on input and mapped to the canonical names. */
function canonicalGalleryInput(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const r = raw as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.map((k) => r[k]).find((v) => v !== undefined);
  return {
    title: pick('title', 'name'),
    description: pick('description'),
    type: pick('type'),
    images: pick('images', 'images_array', 'images_list'),
    videoUrl: pick('videoUrl', 'videourl', 'video_url'),
    videoType: pick('videoType', 'videotype', 'video_type'),
    thumbnail: pick('thumbnail', 'cover_image', 'coverImage'),
    published: pick('published'),
    photos: pick('photos'),
    audience: pick('audience'),
    audienceBranch: pick('audienceBranch', 'audience_branch'),
    audienceProgramme: pick('audienceProgramme', 'audience_programme'),
  };
}

const photoText = (what: string) =>
  z
    .string({ error: `The photo's ${what} must be text.` })
    .trim()
    .max(MAX_PHOTO_TEXT, `A photo's ${what} may be at most ${MAX_PHOTO_TEXT} characters.`)
    .nullish()
    .transform((v) => v ?? '');

/** One photo's words as sent: its URL (one of the gallery's images), caption and alt text. */
const PhotoTextInputSchema = z.object({
  url: z.string({ error: 'Each photo needs its url.' }).trim().max(2000, 'The image URL is too long.'),
  caption: photoText('caption'),
  alt: photoText('alt text'),
});

/** A gallery's fields under their canonical names, checked; what they make is what is stored. */
const GalleryFieldsSchema = z
  .object({
    title: z.string({ error: 'Title required' }).trim().min(1, 'Title required').max(200, 'Title may be at most 200 characters.'),
    description: z
      .string()
      .trim()
      .max(5000, 'Description may be at most 5000 characters.')
      .nullish()
      .transform((v) => v ?? ''),
    type: z.enum(GALLERY_TYPES, { error: 'Type must be images or video.' }).default('images'),
    images: z
      .array(imageEntry)
      .max(200, 'A gallery may hold at most 200 images.')
      .nullish()
      .transform((list) => (list ?? []).filter((u) => u !== '')),
    videoUrl: z
      .string()
      .trim()
      .max(MAX_VIDEO_URL, { message: 'The video URL is too long.', abort: true })
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'The video URL must start with http:// or https://.')
      .nullish()
      .transform((v) => v || null),
    videoType: z.enum(VIDEO_TYPES).nullish(),
    thumbnail: z
      .union([ImageUrlSchema, z.null()])
      .optional()
      .transform((v) => v || null),
    published: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((v) => v === true || v === 'true'),
    /** Left out, a gallery's photos keep the words they had (a client of §7 sends none). */
    photos: z.array(PhotoTextInputSchema).max(200, 'A gallery may hold at most 200 images.').optional(),
    /** Left out, a gallery keeps its audience (a new one: everyone). */
    ...audienceFields(GALLERY_AUDIENCES),
  })
  .superRefine((g, ctx) => {
    checkAudienceGroup(g, ctx);
    if (g.type === 'images' && g.images.length === 0)
      ctx.addIssue({ code: 'custom', path: ['images'], message: 'Add at least one image' });
    if (g.type === 'video') {
      if (!g.videoUrl) ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: 'Enter the video URL.' });
      else if (!youtubeId(g.videoUrl) && !vimeoId(g.videoUrl))
        ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: 'Enter a YouTube or Vimeo video URL.' });
    }
  })
  .transform((g) => {
    const videoUrl = g.type === 'video' ? g.videoUrl : null; // §7: null for image type
    const images = g.type === 'images' ? g.images : [];
    return {
      ...g,
      images,
      photos: g.photos && keptPhotoTexts(images, g.photos),
      videoUrl,
      videoType: g.type === 'video' ? detectVideoType(videoUrl) : null,
      thumbnail: g.type === 'images' ? (g.images[0] ?? null) : (videoThumbnail(videoUrl) ?? g.thumbnail),
      ...keptAudienceGroup(g),
    };
  });

/** The words worth storing: of the gallery's own images, those with a caption or alt text, once each. */
export function keptPhotoTexts(images: readonly string[], photos: readonly PhotoText[]): PhotoText[] {
  const byUrl = new Map(photos.filter((p) => p.caption || p.alt).map((p) => [p.url, p]));
  return [...new Set(images)].flatMap((url) => {
    const p = byUrl.get(url);
    return p ? [{ url, caption: p.caption, alt: p.alt }] : [];
  });
}

/** POST/PUT /api/admin/galleries (§7 payload). */
export const GalleryInputSchema = z.preprocess(canonicalGalleryInput, GalleryFieldsSchema);
export type GalleryInput = z.input<typeof GalleryInputSchema>;
export type GalleryValues = z.output<typeof GalleryInputSchema>;

/**
 * §2 Gallery form: what the back office's form holds (the images as a list of addresses; a video
 * gallery's thumbnail kept when its address gives none), checked as the API checks it.
 */
export const GalleryFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    type: z.enum(GALLERY_TYPES),
    images: z.array(z.string()),
    videoUrl: z.string(),
    thumbnail: z.string().nullable(),
    published: z.boolean(),
    /** Beside `images`, in their order: each photo's caption and alt text (issue 31). */
    photos: z.array(z.object({ url: z.string(), caption: z.string(), alt: z.string() })).optional(),
    audience: z.enum(GALLERY_AUDIENCES).optional(),
    audienceBranch: z.string().nullable().optional(),
    audienceProgramme: z.string().nullable().optional(),
  })
  .transform((form): z.input<typeof GalleryFieldsSchema> => form)
  .pipe(GalleryFieldsSchema);
export type GalleryFormValues = z.input<typeof GalleryFormSchema>;
