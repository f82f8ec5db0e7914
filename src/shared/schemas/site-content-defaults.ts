import type { SiteContent } from './site-content.ts';

/** The public pages whose words staff edit under Website (issue 30), in the menu's order. */
export const SECTION_KEYS = ['home', 'about', 'programs', 'curriculum', 'admission', 'contact'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Each section's page: the preview draws it, and a publish empties its cached copy. */
export const SECTION_PATHS: Record<SectionKey, string> = {
  home: '/',
  about: '/about',
  programs: '/programs',
  curriculum: '/curriculum',
  admission: '/admission',
  contact: '/contact',
};

export const SECTION_TITLES: Record<SectionKey, string> = {
  home: 'Home',
  about: 'About',
  programs: 'Programs',
  curriculum: 'Curriculum',
  admission: 'Admission',
  contact: 'Contact',
};

/** The home page's headline until staff change it: the page draws its three coloured words. */
export const DEFAULT_HEADLINE = 'A Place to Grow, Learn & Shine';

/**
 * What a fresh install shows until staff change a section, and what "Reset to the default text"
 * brings back: words true of any preschool. A detail the school never gave (parents' quotes, a
 * board such as CBSE, a count of branches, opening hours, documents to bring) is left out, not
 * invented (issue 30); the sample content publishes the spec's texts (sample-site-content.ts).
 * Zod-free, so public pages read it without zod. Every section parses with its schema
 * (site-content.test.ts).
 */
export const SITE_DEFAULTS: SiteContent = {
  home: {
    hero: {
      headline: DEFAULT_HEADLINE,
      copy: 'Where learning meets fun! Our nurturing environment helps children develop creativity, imagination, and cognitive skills through play-based learning.',
      photo: null,
      buttons: [
        { label: 'Getting Started', target: '/admission' },
        { label: 'Learn More', target: '/about' },
      ],
    },
    why: {
      eyebrow: 'Why families love us',
      heading: 'Why Choose {school}?',
      intro: 'Every day is designed around how young children really learn: by playing, wondering and doing things together.',
      cards: [
        {
          title: 'Building Imagination',
          text: 'Pretend play, puppets, stories and open-ended art let little ones invent whole worlds and find their own voice.',
          icon: 'palette',
        },
        {
          title: 'Growing Cognitive',
          text: 'Puzzles, counting games and hands-on discovery build memory, attention and early reasoning, one joyful step at a time.',
          icon: 'brain',
        },
        {
          title: 'Increase Creativity',
          text: 'Music, movement, building and messy play encourage children to try, make and ask “what if?” every single day.',
          icon: 'lightbulb',
        },
      ],
    },
    // A school's own parents' words only: none until staff add them, and the section is not drawn
    // meanwhile. The sample content fills the spec's four (sample-site-content.ts).
    testimonials: { eyebrow: 'Kind words', heading: 'Parent Testimonials', items: [] },
    events: { eyebrow: 'What’s happening', heading: 'Latest Events' },
    showScene: true,
  },
  about: {
    banner: {
      eyebrow: 'About us',
      title: 'Where little learners bloom',
      text: 'A caring place where children play, explore and grow into confident, curious learners.',
    },
    blocks: [
      {
        title: 'Who We Are',
        text: 'We are a community of teachers, parents and children. We welcome families into classrooms that feel like a second home: bright, safe and full of laughter.\n\nOur teachers are chosen as much for their warmth as for their skill.',
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
      'Caring teachers who know every child by name',
      'Play-based learning that follows each child’s curiosity',
      'Safe, bright classrooms made for little explorers',
      'Regular news that keeps parents close',
      'Healthy routines: rest, play and snack times',
      'Celebrations of every milestone together',
    ],
  },
  programs: {
    banner: {
      eyebrow: 'Our programs',
      title: 'A class for every stage',
      text: 'Thoughtful programs for young children, each designed around how little ones grow.',
    },
    // The keys are the admission form's departments (enquiry-options.ts): enquiries name them.
    programmes: [
      {
        key: 'playgroup',
        name: 'Playgroup',
        ages: 'Ages 2-3',
        minAge: 2,
        maxAge: 3,
        description:
          'A gentle first step away from home: songs, sensory play, movement and lots of cuddles while little ones learn to share and settle.',
        points: ['Settling-in at your child’s pace', 'Sensory and messy play', 'Rhymes, music and movement'],
        icon: 'baby',
        photo: null,
        hidden: false,
      },
      {
        key: 'nursery',
        name: 'Nursery',
        ages: 'Ages 3-4',
        minAge: 3,
        maxAge: 4,
        description:
          'Curiosity takes off: early sounds and numbers, art, stories and group play that build language, confidence and friendships.',
        points: ['Phonics and early number games', 'Art, craft and pretend play', 'Circle time and show-and-tell'],
        icon: 'palette',
        photo: null,
        hidden: false,
      },
      {
        key: 'kindergarten',
        name: 'Kindergarten',
        ages: 'Ages 4-6',
        minAge: 4,
        maxAge: 6,
        description:
          'Ready for big school: reading, writing and maths through projects and experiments, with independence and teamwork at the heart.',
        points: ['Reading and writing readiness', 'Hands-on maths and STEM', 'Projects, presentations and field trips'],
        icon: 'rocket',
        photo: null,
        hidden: false,
      },
    ],
    activitiesTitle: 'Enrichment Activities',
    activitiesIntro: 'Some of the ways we make every week exciting.',
    activities: [
      { name: 'Art & Music', icon: 'music' },
      { name: 'Outdoor Play', icon: 'trees' },
      { name: 'Storytime', icon: 'book-open' },
      { name: 'Celebrations', icon: 'party-popper' },
      { name: 'Discovery & Exploration', icon: 'flask-conical' },
    ],
    highlightsTitle: 'Classroom Highlights',
    highlights: [
      { title: 'Learning corners', text: 'Places to read, build, draw and pretend, so every child finds something to explore.' },
      { title: 'Parent partnership', text: 'We keep in touch with families about how each child is growing.' },
    ],
  },
  curriculum: {
    banner: {
      eyebrow: 'Our curriculum',
      title: 'Learning through play, the balanced way',
      text: 'Every child builds strong foundations while having fun.',
    },
    // The approaches a school follows (a board, Montessori, ...) are its own to name: none by default.
    approaches: [],
    areasTitle: 'Learning Areas',
    areasIntro: 'Areas woven through every day, each with its own focus.',
    areas: [
      {
        name: 'Language & Literacy',
        icon: 'book-open',
        focus: ['Listening and speaking', 'Phonics and letter sounds', 'Storytelling and rhymes', 'Early writing'],
      },
      {
        name: 'Numeracy Skills',
        icon: 'sigma',
        focus: ['Counting and number sense', 'Shapes and patterns', 'Sorting and comparing', 'Measuring'],
      },
      {
        name: 'Environmental Studies',
        icon: 'globe-2',
        focus: ['Plants and animals', 'Seasons and weather', 'My family and community', 'Caring for nature'],
      },
      {
        name: 'Practical Life Skills',
        icon: 'shirt',
        focus: ['Dressing and self-care', 'Pouring and tidying', 'Table manners', 'Independence'],
      },
      {
        name: 'Sensorial Exploration',
        icon: 'hand',
        focus: ['Touch, sound and smell', 'Colours and textures', 'Size and weight', 'Observation'],
      },
      {
        name: 'Creative Expression',
        icon: 'palette',
        focus: ['Drawing and painting', 'Music and rhythm', 'Dance and drama', 'Craft'],
      },
      {
        name: 'Physical Development',
        icon: 'bike',
        focus: ['Running, jumping, balancing', 'Fine motor skills', 'Yoga and movement', 'Outdoor games'],
      },
      {
        name: 'Social-Emotional Learning',
        icon: 'heart-handshake',
        focus: ['Sharing and turn-taking', 'Naming feelings', 'Making friends', 'Confidence'],
      },
    ],
  },
  admission: {
    banner: {
      eyebrow: 'Admissions open',
      title: 'Admission Form',
      text: 'Join our family! Tell us about your child and we will get in touch about the next steps.',
    },
    // What any school asks; the documents to bring are the school's own to name (the sample content
    // fills the spec's five).
    instructions: [
      'Fill in the form with your child’s details.',
      'Make sure your contact details are accurate so we can reach you.',
      'Check seat availability for your chosen department with the school office.',
      'We will contact you about a visit and the next steps.',
    ],
  },
  contact: {
    banner: {
      eyebrow: 'Say hello',
      title: 'Contact Us',
      text: 'Questions about classes, visits or admissions? We would love to hear from you.',
    },
    formTitle: 'Send us a message',
    reachTitle: 'Get in touch',
  },
};
