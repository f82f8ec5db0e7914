import { describe, expect, it } from 'vitest';
import { classesIn, classesNeeded, elementsNeeded, pageStyles, topLevelItems, unicodeRanges } from './page-styles.ts';

const CSS = [
  '/*! tailwindcss */@layer properties{@supports (x:y){*,:before{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000;--tw-blur:initial}}}',
  '@layer theme{:root,:host{--font-sans:"A", sans-serif;--color-red-500:red;--color-blue-500:blue;--default-font-family:var(--font-sans);--spacing:.25rem;--font-mono:mono}}',
  '@layer base{html{font-family:var(--default-font-family)}code,pre{font-family:var(--font-mono)}',
  '::placeholder{opacity:1}::-webkit-date-and-time-value{min-height:1lh}[hidden]{display:none}}',
  '@layer components;',
  '@layer utilities{.flex{display:flex}.hidden{display:none}.p-2{padding:calc(var(--spacing) * 2)}',
  '.text-red-500{color:var(--color-red-500)}.text-blue-500{color:var(--color-blue-500)}',
  '.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}',
  '.w-1\\/2{width:50%}.py-2\\.5{padding-block:.625rem}.\\[\\&\\>svg\\]\\:h-full>svg{height:100%}',
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}',
  '.space-y-2>:not(:last-child){margin-bottom:.5rem}',
  ':where(.space-y-4>:not(:last-child)){margin-block-end:1rem}',
  '@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}',
  '@media (hover:hover){.hover\\:text-red-500:hover{color:var(--color-red-500)}}}',
  '@font-face{font-family:N;src:url(/a.woff2);unicode-range:U+20-7E,U+A0}',
  '@font-face{font-family:N;src:url(/cyrillic.woff2);unicode-range:U+400-45F,U+4??}',
  '.own-rule{color:red}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
].join('');

const cssFor = (html: string) => pageStyles(CSS).cssFor(html).toString();

describe('page styles', () => {
  it('keeps the utilities whose classes the page uses, in their order, and everything else', () => {
    const css = cssFor('<div class="flex p-2 md:flex"><p class="text-red-500">Hi</p></div>');
    expect(css).toContain('.flex{display:flex}.p-2{');
    expect(css).toContain('.text-red-500{');
    expect(css).toContain('@media (width>=48rem){.md\\:flex{display:flex}}');
    expect(css).not.toContain('.hidden');
    expect(css).not.toContain('.md\\:grid');
    expect(css).not.toContain('@media (hover:hover)');
    expect(css).toContain('@layer base{html{');
    expect(css).toContain('@layer components;');
    expect(css).toContain('.own-rule{color:red}');
    expect(css.indexOf('.flex{')).toBeLessThan(css.indexOf('.p-2{'));
  });

  it('keeps the base rules of the elements the page has', () => {
    const plain = cssFor('<p class="flex">Hi</p>');
    expect(plain).toContain('@layer base{html{');
    expect(plain).toContain('[hidden]{display:none}');
    expect(plain).not.toMatch(/code,pre|::placeholder|date-and-time/);
    expect(plain).not.toContain('--font-mono');
    const form = cssFor('<form><textarea></textarea><PRE>x</PRE></form>');
    expect(form).toContain('code,pre{font-family:var(--font-mono)}');
    expect(form).toContain('--font-mono:mono');
    expect(form).toContain('::placeholder{');
    expect(form).not.toContain('date-and-time');
    expect(cssFor('<input type="date">')).toContain('::-webkit-date-and-time-value{');
    expect(elementsNeeded('abbr:where([title]), :where(select:is([multiple])) optgroup option, *, [type=button]')).toEqual([
      ['<abbr'],
      ['<optgroup', '<option'],
      [],
      [],
    ]);
  });

  it('keeps the theme variables that kept rules read, through other variables too', () => {
    const css = cssFor('<p class="text-red-500">Hi</p>');
    expect(css).toContain('--color-red-500:red');
    expect(css).not.toContain('--color-blue-500');
    // base reads --default-font-family, which reads --font-sans
    expect(css).toContain('--default-font-family:var(--font-sans)');
    expect(css).toContain('--font-sans:"A", sans-serif');
    expect(css).not.toContain('--spacing');
  });

  it('registers only the custom properties a kept rule mentions', () => {
    const plain = cssFor('<p class="flex">Hi</p>');
    expect(plain).not.toContain('@property');
    expect(plain).not.toContain('--tw-shadow');
    const shadowed = cssFor('<p class="shadow">Hi</p>');
    expect(shadowed).toContain('@property --tw-shadow{');
    expect(shadowed).toContain('@property --tw-ring-shadow{');
    expect(shadowed).not.toContain('@property --tw-blur');
    expect(shadowed).toContain('--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000}}}');
  });

  it('keeps a font face only when the page has one of its characters (the basic one always)', () => {
    expect(cssFor('<p>Hello</p>')).toContain('/a.woff2');
    expect(cssFor('<p>Hello</p>')).not.toContain('/cyrillic.woff2');
    expect(cssFor('<p>Привет</p>')).toContain('/cyrillic.woff2');
  });

  it('reads escaped class names and entity-encoded class attributes', () => {
    const css = cssFor('<div class="w-1/2 py-2.5 [&amp;&gt;svg]:h-full"></div>');
    expect(css).toContain('.w-1\\/2{');
    expect(css).toContain('.py-2\\.5{');
    expect(css).toContain('.\\[\\&\\>svg\\]\\:h-full>svg{');
  });

  it('does not require the classes inside :is(), :where() and :not()', () => {
    expect(cssFor('<a class="group-hover:underline"></a>')).toContain('.group-hover\\:underline');
    expect(cssFor('<ul class="space-y-2"></ul>')).toContain('.space-y-2>');
    expect(cssFor('<ul class="space-y-2"></ul>')).not.toContain('.space-y-4>');
    expect(cssFor('<ul class="space-y-4"></ul>')).toContain(':where(.space-y-4>');
    expect(classesNeeded('.a .b, .c:is(.d, .e), :root')).toEqual([['a', 'b'], ['c'], []]);
    expect(classesNeeded(':where(.space-y-4>:not(:last-child)), :is(.a, .b), :is(.c) .d:is(.e)')).toEqual([
      ['space-y-4'],
      [],
      ['d'],
    ]);
  });

  it('gives pages alike the same buffer, and a different one when their classes differ', () => {
    const styles = pageStyles(CSS);
    const a = styles.cssFor('<p class="flex">A</p>');
    expect(styles.cssFor('<div class="flex">B</div>')).toBe(a);
    expect(styles.cssFor('<div class="hidden">B</div>')).not.toBe(a);
  });

  it('splits CSS at its top level, past strings, escapes and comments', () => {
    const items = topLevelItems('/* a{ */.x\\{{content:"}"}@layer a,b;@media (x){.y{z:1}}');
    expect(items.map((i) => i.prelude)).toEqual(['.x\\{', '@layer a,b', '@media (x)']);
    expect(items[2]!.block).toBe('.y{z:1}');
  });

  it('reads unicode ranges with wildcards', () => {
    expect(unicodeRanges('U+20-7E, U+A0, U+4??')).toEqual([
      [0x20, 0x7e],
      [0xa0, 0xa0],
      [0x400, 0x4ff],
    ]);
    expect([...classesIn('<p class="a  b"></p><svg class="c"></svg>')]).toEqual(['a', 'b', 'c']);
  });
});
