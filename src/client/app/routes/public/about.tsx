import { PageLink } from '#client/components/public/page-link.tsx';
import { Icon, type IconData } from '#client/components/public/icon.tsx';
import { Check, School, Sprout, Star } from '#client/components/public/icons.ts';

import { IconPanel } from '#client/components/public/icon-panel.tsx';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import type { RouteHandle } from '../../meta.ts';

export const aboutHandle: RouteHandle = {
  meta: (_d, _match, school) => ({
    title: 'About Us',
    description: `Who we are, our play-based philosophy and what makes ${school?.name ?? 'our preschool'} different for children aged 2 to 6.`,
    canonicalPath: '/about',
  }),
};

const DIFFERENT = [
  'Small groups with caring, trained teachers who know every child by name',
  'Play-based learning that blends CBSE, Montessori and STEAM ideas',
  'Safe, bright classrooms and a garden made for little explorers',
  'Daily updates and regular meetings that keep parents close',
  'Healthy routines: rest, outdoor play and nutritious snack times',
  'Celebrations of every culture, festival and milestone together',
];

function Block({
  title,
  icon,
  gradient,
  reverse,
  children,
}: {
  title: string;
  icon: IconData;
  gradient: string;
  reverse?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="grid items-center gap-10 lg:grid-cols-2">
      <IconPanel icon={icon} gradient={gradient} className={reverse ? 'lg:order-2' : ''} />
      <div>
        <h2 className="text-3xl font-black text-slate-900 sm:text-4xl">{title}</h2>
        <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">{children}</div>
      </div>
    </section>
  );
}

export function AboutPage() {
  return (
    <>
      <PageBanner eyebrow="About us" title="Where little learners bloom">
        A caring place where children aged 2 to 6 play, explore and grow into confident, curious learners.
      </PageBanner>
      <div className="mx-auto max-w-6xl space-y-24 px-4 py-20">
        <Block title="Who We Are" icon={School} gradient="from-amber-200 to-orange-300">
          <p>
            We are a community of teachers, parents and children across two friendly branches. For years we have welcomed families
            into classrooms that feel like a second home: bright, safe and full of laughter.
          </p>
          <p>Our teachers are trained in early childhood education and chosen as much for their warmth as their skill.</p>
        </Block>
        <Block title="Our Philosophy" icon={Sprout} gradient="from-green-200 to-emerald-300" reverse>
          <p>
            Children learn best when they are happy, curious and free to explore. We follow each child’s interests and turn them
            into hands-on projects, stories, songs and games.
          </p>
          <p>Play is not a break from learning: it is how young children learn to think, share, build and imagine.</p>
        </Block>
        <Block title="What Makes Us Different" icon={Star} gradient="from-sky-200 to-indigo-300">
          <ul className="space-y-3">
            {DIFFERENT.map((item) => (
              <li key={item} className="flex gap-3">
                <span className="mt-1 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-leaf-700 text-white">
                  <Icon icon={Check} size={16} />
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </Block>
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
