import ICAL from 'ical.js';
import { and, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromDatetimeLocal, toDatetimeLocal } from '../../../shared/dates.ts';
import { eventSeries, events, schoolDates } from '../../db/schema/index.ts';
import { PUBLIC_EVENT } from '../events/events.service.ts';
import { familyCalendarEvents } from '../families/family-content.ts';
import { icsCalendar } from './feeds.service.ts';
import { syncAllSeries } from '../events/series.service.ts';
import { saveSchoolProfile } from '../site/site.service.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent } from '../../test/content-factories.ts';
import { installTestSchool } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { DEFAULT_SCHOOL } from '../../../shared/schemas/school-defaults.ts';

// Issue 34: the feeds carry each repeating event once (RRULE, EXDATE, moved occurrences by
// RECURRENCE-ID) and calendar apps expand it into exactly the occurrences the site shows.

let app: FastifyInstance;
let categoryId: number;
const DAY = 86_400_000;
const YEAR = 365 * DAY;
const MAIN = TEST_BRANCHES[0]!.name;
const CITY = TEST_BRANCHES[1]!.name;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://school.example' });
  await installTestSchool(app);
  categoryId = (await createCategory(app, 'Outdoors')).id;
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.db.delete(events);
  await app.db.delete(eventSeries);
  await app.db.delete(schoolDates);
});

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The first `weekday` (0 Sunday) on or after `ms`. */
const nextWeekday = (ms: number, weekday: number) => ms + ((weekday - new Date(ms).getUTCDay() + 7) % 7) * DAY;
/** A start on the minute, as staff enter them (the feed writes whole seconds). */
const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);
const until = (ms: number) => `${dayOf(ms).replace(/-/g, '')}T235959`;

/** A year of school from today: two terms with a half-term, a closure; weekly and monthly series, one moved. */
async function schoolYear(timeZone: string) {
  await saveSchoolProfile(app.db, { ...DEFAULT_SCHOOL, branches: TEST_BRANCHES, timezone: timeZone });
  const now = Date.now();
  const tuesday = nextWeekday(now + DAY, 2);
  await app.db.insert(schoolDates).values([
    { kind: 'term', name: 'First term', startsOn: dayOf(now), endsOn: dayOf(now + 20 * 7 * DAY) },
    {
      kind: 'half_term',
      name: 'Half-term',
      startsOn: dayOf(tuesday + 8 * 7 * DAY - DAY),
      endsOn: dayOf(tuesday + 8 * 7 * DAY + 3 * DAY),
    },
    { kind: 'closure', name: 'Staff training', startsOn: dayOf(tuesday + 5 * 7 * DAY), endsOn: dayOf(tuesday + 5 * 7 * DAY) },
    { kind: 'term', name: 'Second term', startsOn: dayOf(now + 22 * 7 * DAY), endsOn: dayOf(now + 46 * 7 * DAY) },
    {
      kind: 'closure',
      name: 'City Branch repairs',
      startsOn: dayOf(tuesday + 30 * 7 * DAY),
      endsOn: dayOf(tuesday + 30 * 7 * DAY + 2 * DAY),
      branch: CITY,
    },
  ]);
  const template = { timeZone, categoryId, description: 'Outdoors.', location: 'The woods', durationMinutes: 90 };
  const [forest, coffee, swimming] = await app.db
    .insert(eventSeries)
    .values([
      // Weekly in term time, for a whole year: across both daylight-saving changes, the closure and the half-term.
      {
        ...template,
        title: 'Forest School',
        rrule: `FREQ=WEEKLY;BYDAY=TU;UNTIL=${until(now + YEAR - DAY)}`,
        startsLocal: `${dayOf(tuesday)}T09:30`,
        termTime: true,
      },
      // The first Friday of each month, twelve times, one of them removed by staff.
      {
        ...template,
        title: "Parents' coffee",
        rrule: 'FREQ=MONTHLY;BYDAY=1FR;COUNT=12',
        startsLocal: `${dayOf(nextWeekday(now + DAY, 5))}T08:45`,
        durationMinutes: null,
        branch: MAIN,
      },
      {
        ...template,
        title: 'Swimming',
        rrule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=30',
        startsLocal: `${dayOf(nextWeekday(now + DAY, 4))}T14:00`,
        termTime: true,
        branch: CITY,
      },
    ])
    .returning();
  const removed = (await app.db.select().from(events).where(eq(events.seriesId, coffee!.id))).length; // none yet
  expect(removed).toBe(0);
  await syncAllSeries(app.db);
  const coffeeRows = await app.db.select().from(events).where(eq(events.seriesId, coffee!.id)).orderBy(events.startDate);
  await app.db
    .update(eventSeries)
    .set({ exdates: [coffeeRows[2]!.occurrenceStart!] })
    .where(eq(eventSeries.id, coffee!.id));
  await syncAllSeries(app.db);
  // "This one only": the third Forest School moves to the Wednesday at 10:00 and somewhere else.
  const [third] = await app.db
    .select()
    .from(events)
    .where(eq(events.seriesId, forest!.id))
    .orderBy(events.startDate)
    .offset(2)
    .limit(1);
  const moved = new Date(Date.parse(fromDatetimeLocal(`${dayOf(tuesday + 15 * DAY)}T10:00`, timeZone)));
  await app.db
    .update(events)
    .set({ detached: true, startDate: moved, endDate: new Date(moved.getTime() + 60 * 60_000), location: 'The park' })
    .where(eq(events.id, third!.id));
  await createEvent(app, { categoryId, title: 'Open day', startDate: minute(now + 10 * DAY) });
  await createEvent(app, { categoryId, title: 'City picnic', startDate: minute(now + 40 * DAY), branch: CITY });
  await createEvent(app, { categoryId, title: 'Main concert', startDate: minute(now + 50 * DAY), branch: MAIN });
  return { forest: forest!, swimming: swimming!, closureDay: dayOf(tuesday + 5 * 7 * DAY), movedTo: moved.toISOString() };
}

interface Occurrence {
  title: string;
  start: string;
}
const key = (o: Occurrence) => `${o.start} ${o.title}`;

/** Every occurrence a calendar app shows from the feed in [from, to), as ical.js expands it. */
function expandFeed(body: string, from: number, to: number) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  const allDay: { summary: string; start: string; end: string }[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (event.startDate.isDate)
      allDay.push({ summary: event.summary, start: event.startDate.toString(), end: event.endDate.toString() });
    else if (event.isRecurrenceException()) exceptions.push(event);
    else masters.set(event.uid, event);
  }
  for (const exception of exceptions) masters.get(exception.uid)!.relateException(exception);
  const occurrences: Occurrence[] = [];
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      const start = event.startDate.toJSDate().getTime();
      if (start >= from && start < to) occurrences.push({ title: event.summary, start: new Date(start).toISOString() });
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate().getTime();
      if (start >= to) break;
      if (start >= from) occurrences.push({ title: details.item.summary, start: new Date(start).toISOString() });
    }
  }
  return { occurrences: occurrences.map(key).sort(), allDay, events: calendar.getAllSubcomponents('vevent') };
}

/** What the site shows: the public rows starting in [from, to), of a branch's calendar when given. */
async function siteOccurrences(from: number, to: number, branch?: string) {
  const rows = await app.db
    .select({ title: events.title, start: events.startDate })
    .from(events)
    .where(
      and(
        PUBLIC_EVENT,
        gte(events.startDate, new Date(from)),
        lt(events.startDate, new Date(to)),
        branch ? or(isNull(events.branch), eq(events.branch, branch)) : undefined,
      ),
    );
  return rows.map((r) => key({ title: r.title, start: r.start.toISOString() })).sort();
}

describe.each(['Europe/London', 'America/New_York'])('/events.ics in %s', (timeZone) => {
  it('carries each repeating event once and expands to exactly the occurrences the site shows for 12 months', async () => {
    const { forest, closureDay, movedTo } = await schoolYear(timeZone);
    const res = await app.inject({ url: '/events.ics' });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    // Once: one VEVENT with the rule, the moved one beside it with the same UID.
    expect(body.match(new RegExp(`UID:series-${forest.id}@school.example`, 'g'))).toHaveLength(2);
    expect(body).toContain(`BEGIN:VTIMEZONE\r\nTZID:${timeZone}`);
    expect(body).toMatch(new RegExp(`DTSTART;TZID=${timeZone}:\\d{8}T093000`));
    expect(body).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=\d{8}T\d{6}Z/);
    expect(body).toContain(`EXDATE;TZID=${timeZone}:${closureDay.replace(/-/g, '')}T093000`);
    expect(body).toMatch(new RegExp(`RECURRENCE-ID;TZID=${timeZone}:\\d{8}T093000`));

    const from = Date.now();
    const to = from + YEAR;
    const feed = expandFeed(body, from, to);
    const site = await siteOccurrences(from, to);
    expect(site.length).toBeGreaterThan(40);
    expect(feed.occurrences).toEqual(site);
    // Across a daylight-saving change the wall clock stays at 09:30 (two different UTC times).
    const forestTimes = feed.occurrences.filter((o) => o.endsWith('Forest School'));
    const localTimes = new Set(forestTimes.map((o) => toDatetimeLocal(o.slice(0, 24), timeZone).slice(11)));
    const utcTimes = new Set(forestTimes.map((o) => o.slice(11, 16)));
    expect(localTimes).toEqual(new Set(['09:30', '10:00']));
    expect(utcTimes.size).toBeGreaterThanOrEqual(3);
    // Nothing on the closure day; the moved one at its new time.
    expect(forestTimes.some((o) => toDatetimeLocal(o.slice(0, 24), timeZone).startsWith(closureDay))).toBe(false);
    expect(forestTimes).toContain(`${movedTo} Forest School`);

    // The term dates as all-day events (the end is the day after the last).
    const dates = await app.db.select().from(schoolDates);
    expect(feed.allDay.map((d) => d.start).sort()).toEqual(dates.map((d) => d.startsOn).sort());
    const closure = feed.allDay.find((d) => d.summary.includes('Staff training'))!;
    expect(closure).toEqual({ summary: 'Closed: Staff training', start: closureDay, end: dayOf(Date.parse(closureDay) + DAY) });
  });
});

describe('/events.ics?branch=', () => {
  it("gives one branch's events and the whole school's, with the term dates of both", async () => {
    await schoolYear('Europe/London');
    const res = await app.inject({ url: '/events.ics?branch=city-branch' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('events-city-branch.ics');
    const from = Date.now();
    const feed = expandFeed(res.body, from, from + YEAR);
    expect(feed.occurrences).toEqual(await siteOccurrences(from, from + YEAR, CITY));
    const titles = new Set(feed.occurrences.map((o) => o.slice(25)));
    expect(titles).toEqual(new Set(['Forest School', 'Swimming', 'Open day', 'City picnic']));
    expect(feed.allDay.map((d) => d.summary)).toContain('Closed: City Branch repairs (City Branch)');
    // By name too; and the Main Branch's calendar leaves out the City's closure.
    expect((await app.inject({ url: `/events.ics?branch=${encodeURIComponent(CITY)}` })).body).toContain('Swimming');
    const main = await app.inject({ url: '/events.ics?branch=main-branch' });
    expect(main.body).not.toContain('Swimming');
    expect(main.body).not.toContain('City Branch repairs');
    expect(main.body).toContain("Parents' coffee");
  });

  it('answers a branch the school does not have with a 404 naming the branches', async () => {
    const res = await app.inject({ url: '/events.ics?branch=seaside' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(`The school has no branch called "seaside". Its branches are: ${MAIN}, ${CITY}.`);
  });
});

describe("a family's private calendar", () => {
  it("carries its group's repeating event once, and the term dates of the school and of its children's branches", async () => {
    const { swimming } = await schoolYear('Europe/London');
    await app.db.update(events).set({ audience: 'branch', audienceBranch: CITY }).where(eq(events.seriesId, swimming.id));
    const school = { ...DEFAULT_SCHOOL, branches: TEST_BRANCHES, timezone: 'Europe/London' };
    const city = await icsCalendar(
      'https://school.example',
      school,
      await familyCalendarEvents(app.db, [{ branch: CITY, programme: 'nursery' }]),
    );
    expect(city.match(/RRULE:FREQ=WEEKLY;BYDAY=TH/g)).toHaveLength(1);
    expect(city).toContain('SUMMARY:Swimming');
    expect(city).toContain('City Branch repairs');
    const main = await icsCalendar(
      'https://school.example',
      school,
      await familyCalendarEvents(app.db, [{ branch: MAIN, programme: 'nursery' }]),
    );
    expect(main).not.toContain('Swimming');
    expect(main).not.toContain('City Branch repairs');
    expect(main).toContain('SUMMARY:Forest School');
    expect((await app.inject({ url: '/events.ics' })).body).not.toContain('Swimming');
  });
});

describe('/events.ics at a busy school', () => {
  it('stays under 1 MB with 50 rules, 2,000 single events and 3 years of term dates', async () => {
    await saveSchoolProfile(app.db, { ...DEFAULT_SCHOOL, branches: TEST_BRANCHES, timezone: 'Europe/London' });
    const now = Date.now();
    const year = new Date(now).getUTCFullYear();
    await app.db.insert(schoolDates).values(
      [-1, 0, 1].flatMap((y) => [
        { kind: 'term' as const, name: 'Autumn term', startsOn: `${year + y}-09-01`, endsOn: `${year + y}-12-18` },
        { kind: 'half_term' as const, name: 'October half-term', startsOn: `${year + y}-10-26`, endsOn: `${year + y}-10-30` },
        { kind: 'term' as const, name: 'Spring term', startsOn: `${year + y + 1}-01-05`, endsOn: `${year + y + 1}-03-26` },
        {
          kind: 'half_term' as const,
          name: 'February half-term',
          startsOn: `${year + y + 1}-02-15`,
          endsOn: `${year + y + 1}-02-19`,
        },
        { kind: 'term' as const, name: 'Summer term', startsOn: `${year + y + 1}-04-12`, endsOn: `${year + y + 1}-07-21` },
        { kind: 'closure' as const, name: 'Staff training', startsOn: `${year + y}-11-13`, endsOn: `${year + y}-11-13` },
      ]),
    );
    const start = dayOf(now - 100 * DAY);
    await app.db.insert(eventSeries).values(
      Array.from({ length: 50 }, (_, i) => ({
        timeZone: 'Europe/London',
        categoryId,
        title: `Club ${i + 1}`,
        description: 'Every week, with a description of a few sentences about what the children do and what to bring.',
        location: i % 2 ? MAIN : CITY,
        branch: i % 2 ? MAIN : CITY,
        durationMinutes: 60,
        rrule: `FREQ=WEEKLY;BYDAY=${['MO', 'TU', 'WE', 'TH', 'FR'][i % 5]};UNTIL=${until(now + YEAR)}`,
        startsLocal: `${start}T${String(9 + (i % 6)).padStart(2, '0')}:00`,
        termTime: i % 3 === 0,
      })),
    );
    await syncAllSeries(app.db);
    for (let batch = 0; batch < 4; batch++)
      await app.db.insert(events).values(
        Array.from({ length: 500 }, (_, i) => ({
          categoryId,
          title: `Event ${batch * 500 + i}`,
          description: 'A single event with a description of a sentence or two.',
          location: MAIN,
          startDate: minute(now - YEAR / 2 + (batch * 500 + i) * 4 * 3600_000),
        })),
      );
    const res = await app.inject({ url: '/events.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/RRULE:FREQ=WEEKLY;BYDAY/g)).toHaveLength(50);
    expect(res.rawPayload.length).toBeLessThan(1024 * 1024);
    console.info(`/events.ics: ${Math.round(res.rawPayload.length / 1024)} KB`);
  }, 120_000);
});
