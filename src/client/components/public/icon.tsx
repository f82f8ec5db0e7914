import type { SVGProps } from 'react';

export interface IconData {
  name: string;
  node: [string, Record<string, string | number>][];
}

const markup = new WeakMap<IconData, string>();
const attrName = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function innerSvg(icon: IconData): string {
  let html = markup.get(icon);
  if (html === undefined) {
    html = icon.node
      .map(([tag, attrs]) => {
        const list = Object.entries(attrs)
          .filter(([key]) => key !== 'key')
          .map(([key, value]) => `${attrName(key)}="${String(value).replace(/"/g, '&quot;')}"`)
          .join(' ');
        return `<${tag} ${list}></${tag}>`;
      })
      .join('');
    markup.set(icon, html);
  }
  return html;
}

type IconProps = Omit<SVGProps<SVGSVGElement>, 'dangerouslySetInnerHTML' | 'children'> & { icon: IconData; size?: number };

/** A decorative Lucide icon (hidden from assistive technology; label the control that holds it). */
export function Icon({ icon, size = 24, strokeWidth = 2, fill = 'none', ...rest }: IconProps) {
  return (
    // No xmlns: an SVG inside HTML is in the SVG namespace without it (35 bytes an icon).
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={fill}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
      dangerouslySetInnerHTML={{ __html: innerSvg(icon) }}
    />
  );
}
