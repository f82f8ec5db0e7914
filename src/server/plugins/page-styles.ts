import { createHash } from 'node:crypto';

/**
 * The public stylesheet cut down to what one page draws. The whole file is about 8.5 KB compressed;
 * inlined into every page it pushed pages past the 14 KB a new connection delivers in its first
 * round trip, which costs a phone on a slow network one more round trip (150 ms) before the first
 * paint. A page carries the utility rules of the classes in its own HTML, the base rules of its
 * elements, the theme variables those read, the custom properties they mention and the font faces
 * of its characters; everything else (keyframes, the project's own rules) is always kept. Rules
 * keep their order, so the cascade is that of the whole file. The browser applies the whole file
 * on first use (src/client/lib/whole-stylesheet.ts), for what later navigation and interaction show.
 */
export interface PageStyles {
  /** Changes when the stylesheet does: part of each page's ETag. */
  digest: Buffer;
  /**
   * The stylesheet (UTF-8) for a page whose rendered markup is `html`; `key`, a digest of that
   * markup, remembers it for the same markup again. Pages alike share one buffer.
   */
  cssFor(html: string, key?: string): Buffer;
}

/**
 * A utility or base rule and what it needs (classes, or elements as `<name`): each entry one
 * selector of its list, any one suffices.
 */
interface Rule {
  kind: 'rule';
  id: number;
  text: string;
  needs: string[][];
}
interface Group {
  kind: 'group';
  open: string;
  children: Node[];
}
/** `@property --tw-x {...}`: kept when a kept rule mentions the variable. */
interface Property {
  kind: 'property';
  name: string;
  text: string;
}
/** A block of custom properties (the theme, Tailwind's fallbacks): each kept when used. */
interface Variables {
  kind: 'variables';
  open: string;
  close: string;
  declarations: { name: string; text: string; uses: string[] }[];
  /** The theme's variables are kept when read with var(); the fallbacks when mentioned at all. */
  keepWhen: 'read' | 'mentioned';
}
/** A font face with a unicode-range: kept when the page has one of its characters. */
interface Face {
  kind: 'face';
  id: number;
  text: string;
  ranges: [number, number][];
}
type Node = string | Rule | Group | Property | Variables | Face;

/** Above this many remembered stylesheets, the memo starts again (pages share a few variants). */
const MEMO_LIMIT = 200;
/** Digests of pages' markup remembered. */
const HTML_MEMO_LIMIT = 1000;

const READS = /var\((--[\w-]+)/g;
const MENTIONS = /--[\w-]+/g;
const namesIn = (text: string, pattern: RegExp) => [...new Set(Array.from(text.matchAll(pattern), (m) => m[1] ?? m[0]))];

export function pageStyles(css: string): PageStyles {
  let ruleCount = 0;
  let faceCount = 0;
  const rules = (body: string, needs: (selectorList: string) => string[][]): Node[] =>
    topLevelItems(body).map((item): Node => {
      if (item.block === null) return item.text;
      if (item.prelude.startsWith('@')) return { kind: 'group', open: `${item.prelude}{`, children: rules(item.block, needs) };
      return { kind: 'rule', id: ruleCount++, text: item.text, needs: needs(item.prelude) };
    });
  const nodes: Node[] = topLevelItems(css).map((item): Node => {
    const { prelude, block, text } = item;
    if (block === null) return text;
    if (/^@layer\s+utilities$/.test(prelude))
      return { kind: 'group', open: `${prelude}{`, children: rules(block, classesNeeded) };
    if (/^@layer\s+base$/.test(prelude)) return { kind: 'group', open: `${prelude}{`, children: rules(block, elementsNeeded) };
    if (/^@layer\s+theme$/.test(prelude)) return variables(prelude, block, 'read') ?? text;
    if (/^@layer\s+properties$/.test(prelude)) return variables(prelude, block, 'mentioned') ?? text;
    const property = /^@property\s+(--[\w-]+)$/.exec(prelude);
    if (property) return { kind: 'property', name: property[1]!, text };
    const range = /^@font-face$/.test(prelude) ? /unicode-range:([^;}]+)/.exec(block) : null;
    if (range) return { kind: 'face', id: faceCount++, text, ranges: unicodeRanges(range[1]!) };
    return text;
  });

  const faceNodes = nodes.filter((node): node is Face => typeof node === 'object' && node.kind === 'face');
  // What the always-kept text reads and mentions, and each rule's, found once.
  const always = nodes.filter((node): node is string => typeof node === 'string').join('');
  const alwaysReads = namesIn(always, READS);
  const alwaysMentions = namesIn(always, MENTIONS);
  const ruleNames = new Map<number, { reads: string[]; mentions: string[] }>();
  const visit = (node: Node) => {
    if (typeof node === 'string') return;
    if (node.kind === 'rule')
      ruleNames.set(node.id, { reads: namesIn(node.text, READS), mentions: namesIn(node.text, MENTIONS) });
    if (node.kind === 'group') node.children.forEach(visit);
  };
  nodes.forEach(visit);

  // Remembered by the digest of the page's markup (the same page rendered again: no scan), and by
  // the rules kept (pages alike share one buffer).
  const byHtml = new Map<string, Buffer>();
  const byRules = new Map<string, Buffer>();
  const remember = (memo: Map<string, Buffer>, key: string, bytes: Buffer) => {
    if (memo.size >= (memo === byHtml ? HTML_MEMO_LIMIT : MEMO_LIMIT)) memo.clear();
    memo.set(key, bytes);
    return bytes;
  };
  function scan(html: string): Buffer {
    const characters = charactersIn(html);
    const page: Page = {
      names: pageNames(html),
      characters,
      rules: [],
      reads: new Set(alwaysReads),
      mentions: new Set(alwaysMentions),
    };
    const groupText = nodes.map((node) => (typeof node === 'object' && node.kind === 'group' ? emitGroup(node, page) : null));
    const faces = faceNodes.filter((face) => coversAny(face.ranges, characters)).map((face) => face.id);
    const rulesKey = `${page.rules.join(',')}|${faces.join(',')}`;
    const same = byRules.get(rulesKey);
    if (same) return same;
    for (const id of page.rules) {
      const names = ruleNames.get(id)!;
      for (const name of names.reads) page.reads.add(name);
      for (const name of names.mentions) page.mentions.add(name);
    }
    let text = '';
    nodes.forEach((node, i) => (text += groupText[i] ?? emit(node, page)));
    return remember(byRules, rulesKey, Buffer.from(text));
  }

  return {
    digest: createHash('sha1').update(css).digest(),
    cssFor(html, key) {
      if (key === undefined) return scan(html);
      // The same markup again (a page rendered anew): no scan.
      return byHtml.get(key) ?? remember(byHtml, key, scan(html));
    },
  };

  function variables(prelude: string, block: string, keepWhen: Variables['keepWhen']): Variables | null {
    // `@layer theme{:root,:host{...}}`, `@layer properties{@supports (...){*,...{...}}}`
    let open = `${prelude}{`;
    let close = '}';
    let inner = topLevelItems(block);
    while (inner.length === 1 && inner[0]!.block !== null) {
      const only = inner[0]!;
      open += `${only.prelude}{`;
      close += '}';
      if (only.prelude.startsWith('@')) inner = topLevelItems(only.block!);
      else
        return {
          kind: 'variables',
          open,
          close,
          keepWhen,
          declarations: splitTopLevel(only.block!, ';')
            .filter((d) => d.trim())
            .map((d) => ({ name: d.slice(0, d.indexOf(':')).trim(), text: d, uses: namesIn(d, READS) })),
        };
    }
    return null;
  }
}

interface Page {
  /** The page's classes, and its elements as `<name`. */
  names: Set<string>;
  characters: Set<number>;
  /** The ids of the rules kept. */
  rules: number[];
  reads: Set<string>;
  mentions: Set<string>;
}

/** A group of rules (utilities, base): those the page needs, or null when none is. */
function emitGroup(group: Group, page: Page): string | null {
  let inner = '';
  for (const child of group.children) {
    if (typeof child === 'string') inner += child;
    else if (child.kind === 'group') inner += emitGroup(child, page) ?? '';
    else if (child.kind === 'rule' && child.needs.some((names) => names.every((name) => page.names.has(name)))) {
      page.rules.push(child.id);
      inner += child.text;
    }
  }
  return inner ? `${group.open}${inner}}` : null;
}

/** Everything but the rule groups, once the page's rules (and so the variables they use) are known. */
function emit(node: Node, page: Page): string {
  if (typeof node === 'string') return node;
  switch (node.kind) {
    case 'property':
      return page.mentions.has(node.name) ? node.text : '';
    case 'face':
      return coversAny(node.ranges, page.characters) ? node.text : '';
    case 'variables': {
      const kept =
        node.keepWhen === 'read' ? themeInUse(node, page.reads) : node.declarations.filter((d) => page.mentions.has(d.name));
      return kept.length ? `${node.open}${kept.map((d) => d.text).join(';')}${node.close}` : '';
    }
    default:
      return '';
  }
}

/** The theme's variables that are read, directly or through another one that is. */
function themeInUse(node: Variables, reads: Set<string>) {
  const wanted = new Set(reads);
  for (let grew = true; grew;) {
    grew = false;
    for (const d of node.declarations)
      if (wanted.has(d.name))
        for (const name of d.uses)
          if (!wanted.has(name)) {
            wanted.add(name);
            grew = true;
          }
  }
  return node.declarations.filter((d) => wanted.has(d.name));
}

/** `U+20-7E,U+A0,U+4??` as inclusive code point ranges. */
export function unicodeRanges(value: string): [number, number][] {
  return value.split(',').map((part): [number, number] => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    if (to !== undefined) return [parseInt(from!, 16), parseInt(to, 16)];
    return [parseInt(from!.replace(/\?/g, '0'), 16), parseInt(from!.replace(/\?/g, 'F'), 16)];
  });
}

const coversAny = (ranges: [number, number][], characters: Set<number>) => {
  for (const c of characters) if (ranges.some(([from, to]) => c >= from && c <= to)) return true;
  return ranges.some(([from, to]) => from <= 0x61 && to >= 0x61);
};

/**
 * The code points of the markup beyond ASCII, in order of first use (entities aside: React writes
 * characters as they are). A character beyond the BMP is read at its first half.
 */
function charactersIn(html: string): Set<number> {
  const characters = new Set<number>();
  const beyondAscii = /[\u0080-\uffff]/g;
  for (let match = beyondAscii.exec(html); match; match = beyondAscii.exec(html)) characters.add(html.codePointAt(match.index)!);
  return characters;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/** The distinct values of the markup's class attributes, in order of first use. */
function classAttributes(html: string): Set<string> {
  const values = new Set<string>();
  const marker = ' class="';
  for (let at = html.indexOf(marker); at >= 0; at = html.indexOf(marker, at)) {
    const end = html.indexOf('"', at + marker.length);
    if (end < 0) break;
    values.add(html.slice(at + marker.length, end));
    at = end;
  }
  return values;
}

/** The class names in class attribute values (React writes `&` and `>` in them as entities). */
function classesOf(attributes: Iterable<string>): Set<string> {
  const classes = new Set<string>();
  for (let value of attributes) {
    if (value.includes('&')) value = value.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!);
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Every class named in the markup's class attributes. */
export const classesIn = (html: string) => classesOf(classAttributes(html));

/** Every element a page has: these three, though a test's fragment may leave them out. */
const EVERY_PAGE = ['<html', '<head', '<body'];

/** The markup's classes, and its elements' names as `<name`. */
function pageNames(html: string): Set<string> {
  const names = classesIn(html);
  for (const name of EVERY_PAGE) names.add(name);
  const tag = /<([a-zA-Z][a-zA-Z0-9-]*)/g;
  for (let match = tag.exec(html); match; match = tag.exec(html)) names.add(`<${match[1]!.toLowerCase()}`);
  return names;
}

/** Parts that only an <input> draws (date fields, number spinners, search and file inputs). */
const INPUT_PARTS =
  /::(-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration)|file-selector-button)/;

/**
 * The elements a base rule's selector list needs, as `<name`, one list per selector (the way
 * classesNeeded reads utilities): `code,kbd,samp,pre` waits for one of those, a date field's
 * parts for an <input>, `::placeholder` for an <input> or a <textarea>. A selector naming no
 * element (`*`, `:root`, `[hidden]`) needs nothing. Element names inside functional
 * pseudo-classes are not required (`:where(select[multiple]) option` needs an <option>).
 */
export function elementsNeeded(selectorList: string): string[][] {
  return splitTopLevel(selectorList, ',').flatMap((whole) => {
    const selector = withoutFunctions(unwrapped(whole.trim())).replace(/\[[^\]]*\]/g, '[]');
    const names = Array.from(selector.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g), (m) => `<${m[1]!.toLowerCase()}`);
    if (names.length) return [names];
    if (INPUT_PARTS.test(selector)) return [['<input']];
    if (selector.includes('::placeholder')) return [['<input'], ['<textarea']];
    return [[]];
  });
}

/**
 * The classes a selector list needs, one list per selector. Classes inside functional
 * pseudo-classes (`:is()`, `:where()`, `:not()`, `:has()`) are not required: they name an
 * ancestor or an exception (`group-hover:` puts its ancestor there). A selector that is one
 * `:where()` or `:is()` around a single selector is read as that selector (`space-y-*` and
 * `divide-y` wrap theirs so: `:where(.space-y-4>:not(:last-child))` needs `space-y-4`). A selector
 * with no class of its own needs nothing, and keeps its rule.
 */
export function classesNeeded(selectorList: string): string[][] {
  return splitTopLevel(selectorList, ',').map((whole) => {
    const selector = withoutFunctions(unwrapped(whole.trim()));
    const names: string[] = [];
    for (let i = 0; i < selector.length; i++) {
      if (selector[i] === '\\') {
        i++;
        continue;
      }
      if (selector[i] !== '.') continue;
      let j = i + 1;
      let name = '';
      while (j < selector.length) {
        const c = selector[j]!;
        if (c === '\\') {
          const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(j + 1, j + 8));
          if (hex) {
            name += String.fromCodePoint(parseInt(hex[0], 16));
            j += 1 + hex[0].length;
          } else {
            name += selector[j + 1] ?? '';
            j += 2;
          }
        } else if (/[\w-]/.test(c) || c.charCodeAt(0) > 0x7f) {
          name += c;
          j++;
        } else break;
      }
      if (name) names.push(name);
      i = j - 1;
    }
    return names;
  });
}

/** `:where(X)` or `:is(X)` as X, when it is the whole selector and X is a single selector. */
function unwrapped(selector: string): string {
  const open = /^:(where|is)\(/.exec(selector);
  if (!open || !selector.endsWith(')')) return selector;
  const inner = selector.slice(open[0].length, -1);
  // The parentheses must pair up: `:is(.a) .b:is(.c)` is not one function around everything.
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '\\') i++;
    else if (inner[i] === '(') depth++;
    else if (inner[i] === ')' && --depth < 0) return selector;
  }
  return splitTopLevel(inner, ',').length === 1 ? unwrapped(inner.trim()) : selector;
}

/** The selector with the arguments of its functional pseudo-classes (and quoted strings) emptied. */
function withoutFunctions(selector: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '\\') {
      if (depth === 0) out += c + (selector[i + 1] ?? '');
      i++;
    } else if (c === '"' || c === "'") {
      const end = selector.indexOf(c, i + 1);
      i = end < 0 ? selector.length : end;
    } else if (c === '(') {
      if (depth === 0) out += '(';
      depth++;
    } else if (c === ')') {
      depth--;
      if (depth === 0) out += ')';
    } else if (depth === 0) out += c;
  }
  return out;
}

/** `text` split at each `separator` outside parentheses, brackets and escapes. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

interface Item {
  text: string;
  prelude: string;
  /** The text between the braces, or null for a statement (`@layer a, b;`). */
  block: string | null;
}

/** The top-level statements and blocks of minified CSS, skipping escapes, strings and comments. */
export function topLevelItems(css: string): Item[] {
  const items: Item[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') {
      i++;
    } else if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end < 0 ? css.length : end;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        items.push({
          text: css.slice(start, i + 1),
          prelude: stripComments(css.slice(start, open)).trim(),
          block: css.slice(open + 1, i),
        });
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      items.push({ text: css.slice(start, i + 1), prelude: stripComments(css.slice(start, i)).trim(), block: null });
      start = i + 1;
    }
  }
  if (css.slice(start).trim()) items.push({ text: css.slice(start), prelude: '', block: null });
  return items;
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '');
