import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import type { SiteContent } from '../../../shared/schemas/site-content.ts';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';

/*
 * The spec's texts (§2, §3, §9) that name details only a school can give: parents' quotes, the
 * boards it follows, its count of branches, its ages, hours and documents to bring. A fresh install
 * leaves them out (SITE_DEFAULTS, DEFAULT_SCHOOL: issue 30, "No invented details go live"); the
 * sample content publishes them, and the back office marks each such section "Sample text" until
 * staff change it (sections.service.ts).
 */

export type SampleSectionKey = 'home' | 'about' | 'programs' | 'curriculum' | 'admission';

/** The sections the sample content publishes: the default text with the spec's details. */
export const SAMPLE_SECTIONS: Pick<SiteContent, SampleSectionKey> = {
  home: {
    ...SITE_DEFAULTS.home,
    testimonials: {
      ...SITE_DEFAULTS.home.testimonials,
      // §3: four entries, each a parent's, rated 5.
      items: [
        {
          name: 'Priya Sharma',
          relation: 'Parent',
          quote:
            'My daughter runs into class every morning. The teachers notice every little milestone and share it with us, and she has grown so confident in just one term.',
          rating: 5,
        },
        {
          name: 'Rahul Mehta',
          relation: 'Parent',
          quote:
            'The play-based approach really works. Our son now counts everything he sees and tells us stories from storytime at dinner. We could not be happier.',
          rating: 5,
        },
        {
          name: 'Anjali Verma',
          relation: 'Parent',
          quote:
            'Safe, clean and full of warmth. The settling-in weeks were gentle, and the regular updates gave us real peace of mind as first-time parents.',
          rating: 5,
        },
        {
          name: 'David Thomas',
          relation: 'Parent',
          quote:
            'From the art corner to the garden, every day brings something new. The cultural celebrations are a highlight for our whole family.',
          rating: 5,
        },
      ],
    },
  },
  about: {
    banner: {
      eyebrow: 'About us',
      title: 'Where little learners bloom',
      text: 'A caring place where children aged 2 to 6 play, explore and grow into confident, curious learners.',
    },
    blocks: [
      {
        title: 'Who We Are',
        text: 'We are a community of teachers, parents and children across two friendly branches. For years we have welcomed families into classrooms that feel like a second home: bright, safe and full of laughter.\n\nOur teachers are trained in early childhood education and chosen as much for their warmth as their skill.',
        icon: 'school',
        photo: null,
      },
      {
        title: 'Our Philosophy',
        text: 'Children learn best when they are happy, curious and free to explore. We follow each child’s interests and turn them into hands-on projects, stories, songs and games.\n\nPlay is not a break from learning: it is how young children learn to think, share, build and imagine.',
        icon: 'sprout',
        photo: null,
      },
    ],
    bulletsTitle: 'What Makes Us Different',
    bullets: [
      'Small groups with caring, trained teachers who know every child by name',
      'Play-based learning that blends CBSE, Montessori and STEAM ideas',
      'Safe, bright classrooms and a garden made for little explorers',
      'Daily updates and regular meetings that keep parents close',
      'Healthy routines: rest, outdoor play and nutritious snack times',
      'Celebrations of every culture, festival and milestone together',
    ],
  },
  programs: {
    ...SITE_DEFAULTS.programs,
    banner: {
      ...SITE_DEFAULTS.programs.banner,
      text: 'Thoughtful programs for children aged 2 to 6, each designed around how little ones grow.',
    },
    activitiesIntro: 'Eight ways we make every week exciting.',
    // §2 names seven activities and leaves the eighth to us: Yoga & Mindfulness suits the age group.
    activities: [
      { name: 'Art & Music', icon: 'music' },
      { name: 'Outdoor Activities', icon: 'trees' },
      { name: 'Storytime & Drama', icon: 'book-open' },
      { name: 'Cultural Celebrations', icon: 'party-popper' },
      { name: 'STEM Exploration', icon: 'flask-conical' },
      { name: 'Phonics', icon: 'spell-check' },
      { name: 'Abacus', icon: 'calculator' },
      { name: 'Yoga & Mindfulness', icon: 'flower-2' },
    ],
    highlightsTitle: 'Classroom Highlights',
    highlights: [
      { title: 'Small class sizes', text: 'Low child-to-teacher ratios so every child is seen and heard.' },
      { title: 'Learning corners', text: 'Reading nooks, building zones, art tables and a pretend-play kitchen.' },
      { title: 'Safe and clean', text: 'Child-safe furniture, CCTV, daily sanitising and trained first-aiders.' },
      { title: 'Parent partnership', text: 'Daily notes, photo updates and termly progress meetings.' },
    ],
  },
  curriculum: {
    ...SITE_DEFAULTS.curriculum,
    banner: {
      ...SITE_DEFAULTS.curriculum.banner,
      text: 'We blend CBSE, Montessori and STEAM so every child builds strong foundations while having fun.',
    },
    approaches: [
      {
        name: 'CBSE',
        text: 'A structured foundation in language and numbers that prepares children for primary school.',
      },
      { name: 'Montessori', text: 'Hands-on materials, independence and learning at each child’s own pace.' },
      {
        name: 'STEAM',
        text: 'Science, technology, engineering, art and maths through play, building and experiments.',
      },
    ],
    areasIntro: 'Eight areas, woven through every day, each with its own focus.',
  },
  admission: {
    ...SITE_DEFAULTS.admission,
    // §2: the five instructions.
    instructions: [
      "Submit the form along with a copy of your child's birth certificate.",
      'Bring a recent passport-size photograph of your child.',
      'Make sure your contact details are accurate so we can reach you.',
      'Check seat availability for your chosen department with the school office.',
      'Our admissions team will contact you to arrange a visit and complete the process.',
    ],
  },
};

/** The spec's school profile details (§2 footer, §9) the install does not ask for: filled where the school left them empty. */
export const SAMPLE_SCHOOL_DETAILS = {
  brandLine: 'Preschool & Daycare',
  about:
    'A warm, play-based preschool for children aged 2 to 6, where curious minds are nurtured with care, creativity and joy every day.',
  hours: 'Monday-Friday 9:00 AM-3:30 PM',
  ages: '2-6',
} satisfies Partial<SchoolProfile>;
