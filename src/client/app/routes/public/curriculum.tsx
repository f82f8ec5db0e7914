import { Icon } from '#client/components/public/icon.tsx';
import { Bike, BookOpen, Globe2, Hand, HeartHandshake, Palette, Shirt, Sigma } from '#client/components/public/icons.ts';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import type { RouteHandle } from '../../meta.ts';

export const curriculumHandle: RouteHandle = {
  meta: () => ({
    title: 'Curriculum',
    description:
      'A blend of CBSE, Montessori and STEAM across eight learning areas, from language and numeracy to social-emotional learning.',
    canonicalPath: '/curriculum',
  }),
};

const APPROACHES = [
  {
    name: 'CBSE',
    text: 'A structured foundation in language and numbers that prepares children for primary school.',
    colour: 'bg-orange-100 text-orange-900',
  },
  {
    name: 'Montessori',
    text: 'Hands-on materials, independence and learning at each child’s own pace.',
    colour: 'bg-green-100 text-green-900',
  },
  {
    name: 'STEAM',
    text: 'Science, technology, engineering, art and maths through play, building and experiments.',
    colour: 'bg-sky-100 text-sky-900',
  },
];

const AREAS = [
  {
    name: 'Language & Literacy',
    icon: BookOpen,
    focus: ['Listening and speaking', 'Phonics and letter sounds', 'Storytelling and rhymes', 'Early writing'],
  },
  {
    name: 'Numeracy Skills',
    icon: Sigma,
    focus: ['Counting and number sense', 'Shapes and patterns', 'Sorting and comparing', 'Measuring'],
  },
  {
    name: 'Environmental Studies',
    icon: Globe2,
    focus: ['Plants and animals', 'Seasons and weather', 'My family and community', 'Caring for nature'],
  },
  {
    name: 'Practical Life Skills',
    icon: Shirt,
    focus: ['Dressing and self-care', 'Pouring and tidying', 'Table manners', 'Independence'],
  },
  {
    name: 'Sensorial Exploration',
    icon: Hand,
    focus: ['Touch, sound and smell', 'Colours and textures', 'Size and weight', 'Observation'],
  },
  { name: 'Creative Expression', icon: Palette, focus: ['Drawing and painting', 'Music and rhythm', 'Dance and drama', 'Craft'] },
  {
    name: 'Physical Development',
    icon: Bike,
    focus: ['Running, jumping, balancing', 'Fine motor skills', 'Yoga and movement', 'Outdoor games'],
  },
  {
    name: 'Social-Emotional Learning',
    icon: HeartHandshake,
    focus: ['Sharing and turn-taking', 'Naming feelings', 'Making friends', 'Confidence'],
  },
];

export function CurriculumPage() {
  return (
    <>
      <PageBanner eyebrow="Our curriculum" title="Learning through play, the balanced way">
        We blend CBSE, Montessori and STEAM so every child builds strong foundations while having fun.
      </PageBanner>
      <div className="mx-auto max-w-6xl px-4 py-20">
        <ul className="grid gap-6 md:grid-cols-3">
          {APPROACHES.map((a) => (
            <li key={a.name} className={`rounded-[2rem] p-8 shadow-sm ${a.colour}`}>
              <h2 className="text-2xl font-black">{a.name}</h2>
              <p className="mt-3 leading-relaxed">{a.text}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="areas-title" className="mt-24">
          <h2 id="areas-title" className="text-center text-3xl font-black text-slate-900 sm:text-4xl">
            Learning Areas
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-600">
            Eight areas, woven through every day, each with its own focus.
          </p>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {AREAS.map((area) => (
              <li key={area.name} className="rounded-3xl bg-white p-6 shadow-md ring-1 ring-orange-100">
                <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-sky-100" aria-hidden="true">
                  <Icon icon={area.icon} size={28} className="text-blue-800" />
                </span>
                <h3 className="mt-3 text-lg font-extrabold text-slate-900">{area.name}</h3>
                <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
                  {area.focus.map((f) => (
                    <li key={f} className="flex gap-2">
                      <span aria-hidden="true" className="mt-[0.45rem] h-2 w-2 shrink-0 rounded-full bg-leaf-700" />
                      {f}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
