import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SECTION_KEYS, SITE_DEFAULTS, type SectionKey } from '#shared/schemas/site-content-defaults.ts';
import type { SiteContent } from '#shared/schemas/site-content.ts';
import type { SectionDocument } from '../../api/sections.ts';
import { AboutFields } from './about-fields.tsx';
import { AdmissionFields } from './admission-fields.tsx';
import { ContactFields } from './contact-fields.tsx';
import { CurriculumFields } from './curriculum-fields.tsx';
import { HomeFields } from './home-fields.tsx';
import { ProgramsFields } from './programs-fields.tsx';

const EDITORS: Record<SectionKey, ComponentType<{ doc: SectionDocument }>> = {
  home: HomeFields,
  about: AboutFields,
  programs: ProgramsFields,
  curriculum: CurriculumFields,
  admission: AdmissionFields,
  contact: ContactFields,
};

/** Every value of a document by its dotted path (a photo left out is null: no field of its own). */
function leaves(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}.${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return value === null && path.endsWith('photo') ? [] : [path];
}

/**
 * The default text, with one entry in each list it leaves empty (no testimonial or approach is
 * invented by default, issue 30), so every kind of field is drawn.
 */
const CONTENT: SiteContent = {
  ...SITE_DEFAULTS,
  home: {
    ...SITE_DEFAULTS.home,
    testimonials: {
      ...SITE_DEFAULTS.home.testimonials,
      items: [{ name: 'A parent', relation: 'Mother of Rosie', quote: 'Kind teachers.', rating: 5 }],
    },
  },
  curriculum: { ...SITE_DEFAULTS.curriculum, approaches: [{ name: 'Forest school', text: 'Outdoors every day.' }] },
};

/** The names of the inputs (and icon buttons) an editor draws for the section's content. */
function namesDrawn(key: SectionKey): string[] {
  const doc = { key, published: CONTENT[key], draft: null, defaults: SITE_DEFAULTS[key] } as unknown as SectionDocument;
  const Fields = EDITORS[key];
  function Editor() {
    const form = useForm<FieldValues>({ defaultValues: CONTENT[key] });
    return (
      <FormProvider {...form}>
        <Fields doc={doc} />
      </FormProvider>
    );
  }
  const html = renderToString(
    <MemoryRouter>
      <Editor />
    </MemoryRouter>,
  );
  return [...html.matchAll(/ name="([^"]+)"/g)].map((m) => m[1]!);
}

describe('the section editors', () => {
  it.each(SECTION_KEYS)('%s: every field of the section has its input, and no input names a field the section lacks', (key) => {
    // A programme's key is shown, not typed: it is made from the name and never changes.
    const expected = leaves(CONTENT[key]).filter((path) => !/^programmes\.\d+\.key$/.test(path));
    expect([...namesDrawn(key)].sort()).toEqual(expected.sort());
  });
});
