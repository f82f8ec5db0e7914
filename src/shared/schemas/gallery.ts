import { z } from 'zod';
import { ImageUrlSchema } from './media.ts';
import { listQuerySchema, optionalFilter, type ListPage } from './list-query.ts';

export const GALLERY_TYPES = ['images', 'video'] as const;
export const VIDEO_TYPES = ['youtube', 'vimeo'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** GET /api/admin/galleries/{id} (one canonical shape; images are URL strings, see media.ts). */
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
  created_at: z.string(),
  updated_at: z.string(),
});
export type Gallery = z.infer<typeof GallerySchema>;

/** Longer is no video address; the patterns below never see more. */
const MAX_VIDEO_URL = 2000;
/** A row of the galleries list: the gallery without its image list, with how many it holds. */
export const GallerySummarySchema = GallerySchema.omit({ images: true }).extend({ image_count: z.number().int() });
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
  };
}

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
  })
  .superRefine((g, ctx) => {
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
    return {
      ...g,
      images: g.type === 'images' ? g.images : [],
      videoUrl,
      videoType: g.type === 'video' ? detectVideoType(videoUrl) : null,
      thumbnail: g.type === 'images' ? (g.images[0] ?? null) : (videoThumbnail(videoUrl) ?? g.thumbnail),
    };
  });

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
  })
  .transform((form): z.input<typeof GalleryFieldsSchema> => form)
  .pipe(GalleryFieldsSchema);
export type GalleryFormValues = z.input<typeof GalleryFormSchema>;
