import { PageLink } from '#client/components/public/page-link.tsx';
import { Icon } from '#client/components/public/icon.tsx';
import { Check, Star } from '#client/components/public/icons.ts';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { IconPanel } from '#client/components/public/icon-panel.tsx';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { ResponsiveImage } from '#client/components/public/responsive-image.tsx';
import { SITE_ICON_DATA } from '#client/components/public/site-icon.tsx';
import { publicData, type ImageMeta, type SiteSection } from '#client/lib/public-data.ts';
import type { IconData } from '#client/components/public/icon.tsx';
import type { SitePhoto } from '#shared/schemas/site-content.ts';
import type { RouteHandle } from '../../meta.ts';

export const aboutLoader = ({ context }: LoaderFunctionArgs) => publicData(context).content('about');

export const aboutHandle: RouteHandle = {
  meta: (data, _match, school) => ({
    title: 'About Us',
    description:
      (data as SiteSection<'about'> | undefined)?.content.banner.text ||
      `Who we are, our play-based philosophy and what makes ${school?.name ?? 'our preschool'} different.`,
    canonicalPath: '/about',
  }),
};

/** The blocks' panels, in turn. */
const GRADIENTS = ['from-amber-200 to-orange-300', 'from-green-200 to-emerald-300', 'from-sky-200 to-indigo-300'];

/** A block's picture: the school's photo, or the drawn panel with its icon. */
function Picture({
  photo,
  meta,
  icon,
  gradient,
  className,
}: {
  photo: SitePhoto | null;
  meta?: ImageMeta;
  icon: IconData;
  gradient: string;
  className: string;
}) {
  if (!photo) return <IconPanel icon={icon} gradient={gradient} className={className} />;
  return (
    <ResponsiveImage
      src={photo.url}
      meta={meta}
      fallbackWidth={800}
      fallbackHeight={600}
      sizes="(min-width: 1152px) 552px, (min-width: 1024px) calc(50vw - 2.5rem), calc(100vw - 2rem)"
      alt={photo.decorative ? '' : photo.alt}
      loading="lazy"
      className={`aspect-[4/3] w-full rounded-[2.5rem] object-cover shadow-xl ${className}`}
    />
  );
}

function Block({ title, picture, children }: { title: string; picture: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="grid items-center gap-10 lg:grid-cols-2">
      {picture}
      <div>
        <h2 className="text-3xl font-black text-slate-900 sm:text-4xl">{title}</h2>
        <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">{children}</div>
      </div>
    </section>
  );
}

/** Paragraphs are separated by a blank line. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export function AboutPage() {
  const { content, photos } = useLoaderData() as SiteSection<'about'>;
  const { banner, blocks, bulletsTitle, bullets } = content;
  const reverse = (i: number) => (i % 2 === 1 ? 'lg:order-2' : '');
  return (
    <>
      <PageBanner eyebrow={banner.eyebrow} title={banner.title}>
        {banner.text}
      </PageBanner>
      <div className="mx-auto max-w-6xl space-y-24 px-4 py-20">
        {blocks.map((block, i) => (
          <Block
            key={i}
            title={block.title}
            picture={
              <Picture
                photo={block.photo}
                meta={block.photo ? photos[block.photo.url] : undefined}
                icon={SITE_ICON_DATA[block.icon]}
                gradient={GRADIENTS[i % 3]!}
                className={reverse(i)}
              />
            }
          >
            {paragraphs(block.text).map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </Block>
        ))}
        {bullets.length > 0 && (
          <Block
            title={bulletsTitle}
            picture={<IconPanel icon={Star} gradient={GRADIENTS[blocks.length % 3]!} className={reverse(blocks.length)} />}
          >
            <ul className="space-y-3">
              {bullets.map((item, i) => (
                <li key={i} className="flex gap-3">
                  <span className="mt-1 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-leaf-700 text-white">
                    <Icon icon={Check} size={16} />
                  </span>
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </Block>
        )}
        <div className="rounded-[2rem] bg-gradient-to-r from-brand-600 to-brand-700 p-10 text-center text-white shadow-xl">
          <h2 className="text-3xl font-black">Come and see us play</h2>
          <p className="mx-auto mt-3 max-w-xl text-lg">
            Visit a branch, meet our teachers and find the right class for your child.
          </p>
          <PageLink
            to="/admission"
            className="mt-6 inline-block rounded-full bg-white px-7 py-3 font-bold text-brand-700 hover:bg-brand-50"
          >
            Start your admission
          </PageLink>
        </div>
      </div>
    </>
  );
}
