import { PageLink } from '#client/components/public/page-link.tsx';
import { Icon } from '#client/components/public/icon.tsx';
import {
  Baby,
  BookOpen,
  Calculator,
  FlaskConical,
  Flower2,
  Music,
  Palette,
  PartyPopper,
  Rocket,
  SpellCheck,
  Trees,
} from '#client/components/public/icons.ts';

import { PageBanner } from '#client/components/public/page-banner.tsx';
import type { RouteHandle } from '../../meta.ts';

export const programsHandle: RouteHandle = {
  meta: () => ({
    title: 'Programs',
    description:
      'Playgroup (ages 2-3), Nursery (3-4) and Kindergarten (4-6), with eight enrichment activities and bright, caring classrooms.',
    canonicalPath: '/programs',
  }),
};

const PROGRAMS = [
  {
    name: 'Playgroup',
    ages: 'Ages 2-3',
    icon: Baby,
    colour: 'from-pink-100 to-rose-50 ring-rose-200',
    text: 'A gentle first step away from home: songs, sensory play, movement and lots of cuddles while little ones learn to share and settle.',
    points: ['Settling-in at your child’s pace', 'Sensory and messy play', 'Rhymes, music and movement'],
  },
  {
    name: 'Nursery',
    ages: 'Ages 3-4',
    icon: Palette,
    colour: 'from-amber-100 to-yellow-50 ring-amber-200',
    text: 'Curiosity takes off: early sounds and numbers, art, stories and group play that build language, confidence and friendships.',
    points: ['Phonics and early number games', 'Art, craft and pretend play', 'Circle time and show-and-tell'],
  },
  {
    name: 'Kindergarten',
    ages: 'Ages 4-6',
    icon: Rocket,
    colour: 'from-sky-100 to-blue-50 ring-sky-200',
    text: 'Ready for big school: reading, writing and maths through projects and experiments, with independence and teamwork at the heart.',
    points: ['Reading and writing readiness', 'Hands-on maths and STEM', 'Projects, presentations and field trips'],
  },
];

// §2 names seven activities and leaves the eighth to us: Yoga & Mindfulness suits the age group.
const ACTIVITIES = [
  { name: 'Art & Music', icon: Music },
  { name: 'Outdoor Activities', icon: Trees },
  { name: 'Storytime & Drama', icon: BookOpen },
  { name: 'Cultural Celebrations', icon: PartyPopper },
  { name: 'STEM Exploration', icon: FlaskConical },
  { name: 'Phonics', icon: SpellCheck },
  { name: 'Abacus', icon: Calculator },
  { name: 'Yoga & Mindfulness', icon: Flower2 },
];

const HIGHLIGHTS = [
  { title: 'Small class sizes', text: 'Low child-to-teacher ratios so every child is seen and heard.' },
  { title: 'Learning corners', text: 'Reading nooks, building zones, art tables and a pretend-play kitchen.' },
  { title: 'Safe and clean', text: 'Child-safe furniture, CCTV, daily sanitising and trained first-aiders.' },
  { title: 'Parent partnership', text: 'Daily notes, photo updates and termly progress meetings.' },
];

export function ProgramsPage() {
  return (
    <>
      <PageBanner eyebrow="Our programs" title="A class for every stage">
        Thoughtful programs for children aged 2 to 6, each designed around how little ones grow.
      </PageBanner>
      <div className="mx-auto max-w-6xl px-4 py-20">
        <ul className="grid gap-8 md:grid-cols-3">
          {PROGRAMS.map((p) => (
            <li key={p.name} className={`flex flex-col rounded-[2rem] bg-gradient-to-br p-8 shadow-md ring-1 ${p.colour}`}>
              <span className="inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-white shadow" aria-hidden="true">
                <Icon icon={p.icon} size={32} className="text-brand-700" />
              </span>
              <h2 className="mt-4 text-2xl font-black text-slate-900">{p.name}</h2>
              <p className="mt-1 inline-block w-fit rounded-full bg-white px-3 py-1 text-sm font-bold text-brand-700">{p.ages}</p>
              <p className="mt-4 leading-relaxed text-slate-700">{p.text}</p>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
                {p.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        <section aria-labelledby="activities-title" className="mt-24 text-center">
          <h2 id="activities-title" className="text-3xl font-black text-slate-900 sm:text-4xl">
            Enrichment Activities
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">Eight ways we make every week exciting.</p>
          <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {ACTIVITIES.map((a) => (
              <li key={a.name} className="rounded-3xl bg-white p-6 shadow-md ring-1 ring-orange-100">
                <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-amber-100" aria-hidden="true">
                  <Icon icon={a.icon} size={28} className="text-brand-700" />
                </span>
                <p className="mt-3 font-bold text-slate-900">{a.name}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="highlights-title" className="mt-24 rounded-[2rem] bg-green-800 px-6 py-14 text-white sm:px-12">
          <h2 id="highlights-title" className="text-center text-3xl font-black sm:text-4xl">
            Classroom Highlights
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {HIGHLIGHTS.map((h) => (
              <li key={h.title} className="rounded-3xl bg-black/15 p-6">
                <h3 className="text-xl font-extrabold">{h.title}</h3>
                <p className="mt-2 text-white">{h.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 text-center">
            <PageLink
              to="/admission"
              className="inline-block rounded-full bg-white px-7 py-3 font-bold text-green-800 hover:bg-green-50"
            >
              Apply for admission
            </PageLink>
          </p>
        </section>
      </div>
    </>
  );
}
