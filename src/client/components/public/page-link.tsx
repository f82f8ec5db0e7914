import type { AnchorHTMLAttributes } from 'react';

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the site, e.g. `/events` or `/blog?page=2`. */
  to: string;
};

/**
 * A link to a page of the site: a plain `<a>`. The public layout's one click listener
 * (useClientNavigation) turns a click on it into a client-side navigation, so the server renders
 * no router machinery per link (react-router's Link resolved paths and prefetch state for each
 * one: 30% of the home page's render).
 */
export function PageLink({ to, children, ...rest }: PageLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}
