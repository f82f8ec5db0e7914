import { z } from 'zod';
import { audienceFields, checkAudienceGroup, CONTENT_AUDIENCES } from './audience.ts';
import { checkBodyImages, ImageUrlSchema } from './media.ts';
import { ImageMetaSchema } from './event.ts';
import { listQuerySchema, optionalFilter, type ListPage } from './list-query.ts';
import { PublishAtSchema } from './publish-at.ts';

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** GET /api/posts, /api/posts/{id}, /api/posts/slug/{slug}. `content` is sanitised HTML. */
export const PostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  status: z.enum(POST_STATUSES),
  cover_image: z.string().nullable(),
  cover_meta: ImageMetaSchema,
  tags: z.array(z.string()),
  /** Display name of the author, or null when unknown (§8: 'Unknown' on cards, 'Admin' on detail). */
  author: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  /** Who reads it (issue 32): only 'everyone' is on the public site; the others in the family area. */
  audience: z.enum(CONTENT_AUDIENCES),
  audienceBranch: z.string().nullable(),
  audienceProgramme: z.string().nullable(),
  /** Issue 34: when the server publishes this draft (scheduled), else null. */
  publishAt: z.string().nullable(),
});
export type Post = z.infer<typeof PostSchema>;

/**
 * §5 slug normalisation: lowercase; keep letters, digits, spaces and hyphens; spaces become
 * hyphens; runs of hyphens collapse. Accents are folded to plain letters and edge hyphens trimmed
 * so the result is always a valid URL segment.
 */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)
    .replace(/-$/, '');
}

/** Tags arrive as an array, a JSON array string (multipart) or comma-separated text. */
function parseTags(v: unknown): unknown {
  if (v == null || v === '') return [];
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        return JSON.parse(t);
      } catch {
        return v;
      }
    }
    return t.split(',');
  }
  return v;
}

export const TagsSchema = z.preprocess(
  parseTags,
  z
    .array(z.string().trim().max(40, 'Tags may be at most 40 characters each.'))
    .transform((tags) => [...new Map(tags.filter(Boolean).map((t) => [t.toLowerCase(), t])).values()])
    .refine((tags) => tags.length <= 20, 'A post may have at most 20 tags.'),
);

/**
 * Does the HTML have any visible content (text or an image)? Linear in the length: a tag is `<`
 * up to the next `>` with no `<` between (`<[^>]*>` rescanned the rest of the text from every `<`).
 */
export const htmlHasContent = (html: string) =>
  /<img\b/i.test(html) || /\S/.test(html.replace(/<[^<>]*>/g, '').replace(/&nbsp;/g, ''));

/** POST /api/posts and PUT /api/posts/{id}: multipart fields (the cover file travels beside them). */
export const PostInputSchema = z
  .object({
    title: z
      .string({ error: 'Title is required.' })
      .trim()
      .min(1, 'Title is required.')
      .max(200, 'Title may be at most 200 characters.'),
    slug: z
      .string({ error: 'Slug is required.' })
      .max(200, { message: 'Slug may be at most 200 characters.', abort: true })
      .transform(slugify)
      .pipe(z.string().min(1, 'Slug is required: use letters or digits.')),
    excerpt: z
      .string()
      .trim()
      .max(500, 'Excerpt may be at most 500 characters.')
      .nullish()
      .transform((v) => v ?? ''),
    content: z
      .string({ error: 'Content is required.' })
      .max(200_000, { message: 'The post is too long.', abort: true })
      .refine(htmlHasContent, 'Content is required.')
      .superRefine(checkBodyImages),
    status: z.enum(POST_STATUSES, { error: 'Status must be draft or published.' }).default('draft'),
    tags: TagsSchema.default([]),
    /** An image URL instead of a file; '' removes the cover. Absent keeps the current one. */
    cover_image: z.union([ImageUrlSchema, z.null()]).optional(),
    /** Left out, a post keeps its audience (a new one: everyone). */
    ...audienceFields(CONTENT_AUDIENCES),
    /** A draft published by the server at this time (issue 34); null or '' cancels, absent keeps. */
    publishAt: PublishAtSchema,
  })
  .superRefine(checkAudienceGroup)
  .superRefine((post, ctx) => {
    if (post.status === 'published' && post.publishAt)
      ctx.addIssue({
        code: 'custom',
        path: ['publishAt'],
        message: 'A post published now has no publish time: save it as a draft to schedule it.',
      });
  });
export type PostInput = z.input<typeof PostInputSchema>;
export type PostValues = z.output<typeof PostInputSchema>;

/** §5 The blog editor's one message for a missing title, slug or content. */
const FILL_IN = 'All required fields must be filled';

/** A cover file chosen in the editor, or the cover removed: they travel beside the fields. */
const CoverChoice = { coverFile: z.custom<File | null>(), removeCover: z.boolean() };

/**
 * The blog editor: what it holds (tags as typed, the cover chosen), its message for what is
 * missing, then the API's checks of the same fields (PostInputSchema).
 */
export const PostFormSchema = z
  .object({
    title: z.string().trim().min(1, FILL_IN),
    slug: z.string().min(1, FILL_IN),
    excerpt: z.string(),
    tags: z.string(),
    content: z.string().refine(htmlHasContent, FILL_IN),
    audience: z.enum(CONTENT_AUDIENCES),
    audienceBranch: z.string().nullable(),
    audienceProgramme: z.string().nullable(),
    ...CoverChoice,
  })
  .transform((form): PostInput & { coverFile: File | null; removeCover: boolean } => form)
  .pipe(PostInputSchema.safeExtend(CoverChoice));
export type PostFormValues = z.input<typeof PostFormSchema>;

/** A row of the posts list: the post without its body (the editor reads GET /api/posts/{id}). */
export const PostSummarySchema = PostSchema.omit({ content: true });
export type PostSummary = z.infer<typeof PostSummarySchema>;

/** Orders of GET /api/posts: newest first (default), oldest first, by title, last changed first. */
export const POST_SORTS = ['newest', 'oldest', 'title', 'updated'] as const;

/** GET /api/posts: `?limit&offset&sort&q&status` (q: title and excerpt). Anonymous callers see published posts only. */
export const PostListQuerySchema = listQuerySchema({
  defaultLimit: 20,
  sorts: POST_SORTS,
  filters: { status: optionalFilter(POST_STATUSES, 'status') },
});
export type PostListOptions = z.output<typeof PostListQuerySchema>;
/** What a screen asks for (the rest takes the schema's defaults). */
export type PostListQuery = Partial<PostListOptions>;

/** §2 Blog admin counters. */
export interface PostCounts {
  total: number;
  published: number;
  draft: number;
}
export type PostListPage = ListPage<PostSummary, PostCounts>;

/** GET /api/posts/check-slug/{slug}. */
export const SlugCheckSchema = z.object({ available: z.boolean(), exists: z.boolean(), slug: z.string() });

/** GET /api/posts/{id}/versions: a kept version (issue 34), newest first; who made it and when. */
export const PostVersionSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(POST_STATUSES),
  savedAt: z.string(),
  /** The name of who saved that version, or null when unknown (an account since deleted). */
  savedBy: z.string().nullable(),
});
export type PostVersionSummary = z.infer<typeof PostVersionSummarySchema>;

/** A run of text the same in both, only in the kept version (removed) or only in the post now (added). */
export const TextChangeSchema = z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() });
export type TextChange = z.infer<typeof TextChangeSchema>;

/** GET /api/posts/{id}/versions/{versionId}: the version and what changed from it to the post now. */
export const PostVersionSchema = PostVersionSummarySchema.extend({
  excerpt: z.string(),
  content: z.string(),
  cover_image: z.string().nullable(),
  tags: z.array(z.string()),
  diff: z.object({
    /** Word by word, on the plain text (the body's paragraphs separated by blank lines). */
    title: z.array(TextChangeSchema),
    excerpt: z.array(TextChangeSchema),
    content: z.array(TextChangeSchema),
    tags: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
    cover: z.object({ before: z.string().nullable(), after: z.string().nullable() }).nullable(),
    status: z.object({ before: z.enum(POST_STATUSES), after: z.enum(POST_STATUSES) }).nullable(),
  }),
});
export type PostVersion = z.infer<typeof PostVersionSchema>;
