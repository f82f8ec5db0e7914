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
 * Today's texts (the spec's school): what a fresh install shows until staff change a section, and
 * what "Reset to the default text" brings back. Zod-free, so public pages read it without zod.
 * Every section parses with its schema (site-content.test.ts).
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
    // §3: four entries, each a parent's, rated 5.
    testimonials: {
      eyebrow: 'Kind words',
      heading: 'Parent Testimonials',
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
    events: { eyebrow: 'What’s happening', heading: 'Latest Events' },
    showScene: true,
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
    banner: {
      eyebrow: 'Our programs',
      title: 'A class for every stage',
      text: 'Thoughtful programs for children aged 2 to 6, each designed around how little ones grow.',
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
    banner: {
      eyebrow: 'Our curriculum',
      title: 'Learning through play, the balanced way',
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
    areasTitle: 'Learning Areas',
    areasIntro: 'Eight areas, woven through every day, each with its own focus.',
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
    // §2: the five instructions.
    instructions: [
      "Submit the form along with a copy of your child's birth certificate.",
      'Bring a recent passport-size photograph of your child.',
      'Make sure your contact details are accurate so we can reach you.',
      'Check seat availability for your chosen department with the school office.',
      'Our admissions team will contact you to arrange a visit and complete the process.',
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
