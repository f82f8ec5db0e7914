import { Node } from '@tiptap/react';

/**
 * A photo in a post's or a page's text (issue 31): one uploaded here, with its alt text and size.
 * The server adds its resized variants (srcset) and lazy loading when it sanitises the text, so
 * the editor keeps only what staff chose. A block of its own, selected and moved as one piece.
 */
export const BodyPhoto = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' }, width: { default: null }, height: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', HTMLAttributes];
  },
});

/** What the photo dialog inserts or changes. */
export interface BodyPhotoAttributes {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}
