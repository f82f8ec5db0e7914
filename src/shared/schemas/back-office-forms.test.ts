import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordFormSchema } from './auth.ts';
import { eventFormSchema, NEW_EVENT_FORM } from './event.ts';
import { GalleryFormSchema, type GalleryFormValues } from './gallery.ts';
import { PostFormSchema, type PostFormValues } from './post.ts';
import { newPasswordFormSchema, UserCreateFormSchema, UserEditFormSchema } from './user.ts';

/** What a form shows: the first message of each field, as react-hook-form's zod resolver keeps them. */
function messages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const shown: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) shown[issue.path.join('.')] ??= issue.message;
  return shown;
}

describe('the password forms (§5: filled, typed twice alike, then long enough)', () => {
  const adminForm = newPasswordFormSchema(8);
  it('asks for every field first, then the same password twice, then the school’s minimum', () => {
    expect(messages(adminForm, { newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'Please fill in all password fields',
      confirmPassword: 'Please fill in all password fields',
    });
    expect(messages(adminForm, { newPassword: 'short', confirmPassword: 'other' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(messages(adminForm, { newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 8 characters long',
    });
    expect(messages(adminForm, { newPassword: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
  });

  it('asks for the current password too in one’s own change, and says nothing of the length until it is there', () => {
    const ownForm = changePasswordFormSchema(6);
    expect(messages(ownForm, { currentPassword: '', newPassword: 'short', confirmPassword: 'short' })).toEqual({
      currentPassword: 'Please fill in all password fields',
    });
    expect(messages(ownForm, { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 6 characters long',
    });
  });
});

describe('the user form', () => {
  const blank = {
    username: '',
    email: '',
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
    status: 'active',
    roleId: '',
  };
  it('says what is missing in its own words', () => {
    expect(messages(UserCreateFormSchema, blank)).toMatchObject({
      username: 'Username is required',
      email: 'E-mail is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      password: 'Password is required',
      confirmPassword: 'Confirm the password',
    });
  });

  it('makes the API’s payload of a new user: the role as a number, or none', () => {
    const filled = { ...blank, username: 'asha', email: 'asha@school.test', firstName: 'Asha', lastName: 'Rao' };
    const created = UserCreateFormSchema.parse({
      ...filled,
      password: 'chalk-and-slate',
      confirmPassword: 'chalk-and-slate',
      roleId: '3',
    });
    expect(created).toMatchObject({ username: 'asha', roleId: 3, status: 'active' });
    expect(messages(UserCreateFormSchema, { ...filled, password: 'chalk-and-slate', confirmPassword: 'chalk' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    // An old suspended account shows as it is, and the form refuses it as the API does.
    expect(messages(UserEditFormSchema, { ...filled, status: 'suspended' })).toEqual({ status: 'Status is active or inactive' });
  });
});

describe('the event form', () => {
  const blank = NEW_EVENT_FORM;

  it('says what is missing, the cover the chosen way asks for included', () => {
    expect(messages(eventFormSchema('UTC'), blank)).toMatchObject({
      title: 'Title is required.',
      start_date: 'Start date is required.',
      // The form opens in upload mode (issue 31).
      cover_image: 'Choose a cover image file.',
    });
    expect(messages(eventFormSchema('UTC'), { ...blank, coverMode: 'url' }).cover_image).toBe('Cover image URL is required.');
  });

  it('asks for the cover alone when everything else is filled in (it threw "Unmergable intersection")', () => {
    const filled = {
      ...blank,
      title: 'Harvest',
      description: 'Songs.',
      category: 'Festival',
      location: 'Hall',
      start_date: '2030-10-01T10:00',
    };
    expect(messages(eventFormSchema('UTC'), filled)).toEqual({ cover_image: 'Choose a cover image file.' });
  });

  it('reads the dates on the school’s clock and gives the API’s payload', () => {
    const event = eventFormSchema('Asia/Kolkata').parse({
      ...blank,
      title: 'Sports Day',
      description: 'Races.',
      cover_image: 'https://example.com/cover.png',
      category: 'Celebration',
      location: 'Field',
      start_date: '2030-03-14T09:30',
      end_date: '2030-03-14T12:00',
      gallery_id: '4',
    });
    expect(event).toMatchObject({ start_date: '2030-03-14T04:00:00.000Z', end_date: '2030-03-14T06:30:00.000Z', gallery_id: 4 });
    expect(event).not.toHaveProperty('coverMode');
  });
});

describe('the gallery form', () => {
  const blank: GalleryFormValues = {
    title: '',
    description: '',
    type: 'images',
    images: [],
    videoUrl: '',
    thumbnail: null,
    published: false,
  };
  it('says what is missing as the API does', () => {
    expect(messages(GalleryFormSchema, blank)).toEqual({ title: 'Title required', images: 'Add at least one image' });
    expect(messages(GalleryFormSchema, { ...blank, title: 'Trip', type: 'video' })).toEqual({ videoUrl: 'Enter the video URL.' });
  });

  it('keeps a video gallery’s own thumbnail when its address gives none', () => {
    const vimeo = {
      ...blank,
      title: 'Trip',
      type: 'video' as const,
      videoUrl: 'https://vimeo.com/123',
      images: ['https://example.com/a.png'],
    };
    expect(GalleryFormSchema.parse({ ...vimeo, thumbnail: 'https://example.com/t.png' })).toMatchObject({
      images: [],
      videoType: 'vimeo',
      thumbnail: 'https://example.com/t.png',
    });
  });
});

describe('the blog editor', () => {
  const blank: PostFormValues = {
    title: '',
    slug: '',
    excerpt: '',
    tags: '',
    content: '',
    coverFile: null,
    removeCover: false,
    audience: 'everyone',
    audienceBranch: null,
    audienceProgramme: null,
  };
  it('has one message for a missing title, slug or content', () => {
    expect(Object.values(messages(PostFormSchema, { ...blank, content: '<p></p>' }))).toEqual([
      'All required fields must be filled',
      'All required fields must be filled',
      'All required fields must be filled',
    ]);
  });

  it('gives the tags as a list and the cover beside the fields', () => {
    const post = PostFormSchema.parse({
      ...blank,
      title: 'Our day',
      slug: 'our-day',
      content: '<p>Fun</p>',
      tags: 'Play, Nature, play',
    });
    expect(post).toMatchObject({ title: 'Our day', tags: ['play', 'Nature'], coverFile: null, removeCover: false });
  });
});
