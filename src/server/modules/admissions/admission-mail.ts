import { formatTime, formatWeekdayDate } from '../../../shared/dates.ts';
import type { Enquiry } from '../../../shared/schemas/enquiry.ts';
import { programmeName, type ProgrammeOption } from '../../../shared/schemas/enquiry-options.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import { fold, icsDate, icsText } from '../feeds/feeds.service.ts';

type Family = Pick<Enquiry, 'id' | 'name' | 'email' | 'reference' | 'details'>;
const from = (school: SchoolProfile) => ({ name: school.name, address: school.email });
const father = (e: Family) => e.details.fatherName || e.name;

/** To the parent after submitting: the same reference the page showed, and the programme by its current name. */
export function confirmationMessage(enquiry: Family, school: SchoolProfile, programmes: readonly ProgrammeOption[]) {
  const programme = enquiry.details.department ? ` (${programmeName(programmes, enquiry.details.department)})` : '';
  return {
    from: from(school),
    to: { name: father(enquiry), address: enquiry.email },
    replyTo: school.email,
    subject: `We received your admission enquiry (${enquiry.reference})`,
    text: [
      `Dear ${father(enquiry)},`,
      '',
      `Thank you for your admission enquiry for ${enquiry.name}${programme}. We will contact you soon.`,
      `Your reference: ${enquiry.reference}`,
      '',
      `${school.name}`,
    ].join('\n'),
  };
}

const VISIT_MINUTES = 45;

/**
 * The visit invitation's text: e-mailed with the .ics, or shown to staff to send themselves. A
 * detail the school never gave (a branch, its phone) is left out, never invented (issue 30).
 */
export function visitText(enquiry: Family, school: SchoolProfile, visitAt: string) {
  const branch = school.branches.find((b) => b.name === enquiry.details.branch) ?? school.branches[0];
  const when = `${formatWeekdayDate(visitAt, school.timezone)} at ${formatTime(visitAt, school.timezone)}`;
  const location = branch ? `${branch.name}, ${branch.address}` : school.name;
  return {
    subject: `Your visit to ${school.name} on ${formatWeekdayDate(visitAt, school.timezone)}`,
    text: [
      `Dear ${father(enquiry)},`,
      '',
      `We look forward to welcoming you and ${enquiry.name} for a visit on ${when}.`,
      ...(branch ? [`Where: ${location}`] : []),
      `If the time does not suit you, reply to this e-mail${branch?.phone ? ` or call ${branch.phone}` : ''}.`,
      '',
      `Reference: ${enquiry.reference}`,
      school.name,
    ].join('\n'),
    location,
  };
}

/** A one-event calendar (RFC 5545), with the feed's escaping and folding. */
export function visitIcs(enquiry: Family, school: SchoolProfile, visitAt: string, host: string) {
  const { location } = visitText(enquiry, school, visitAt);
  const end = new Date(Date.parse(visitAt) + VISIT_MINUTES * 60_000).toISOString();
  return (
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//${icsText(school.name)}//Sprout//EN`,
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      `UID:visit-${enquiry.id}-${icsDate(new Date(visitAt).toISOString())}@${host}`,
      `DTSTAMP:${icsDate(new Date().toISOString())}`,
      `DTSTART:${icsDate(new Date(visitAt).toISOString())}`,
      `DTEND:${icsDate(end)}`,
      `SUMMARY:${icsText(`Visit to ${school.name}`)}`,
      `DESCRIPTION:${icsText(`Visit for ${enquiry.name} (${enquiry.reference})`)}`,
      `LOCATION:${icsText(location)}`,
      `ORGANIZER;CN=${icsText(school.name)}:mailto:${school.email}`,
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
    ]
      .map(fold)
      .join('\r\n') + '\r\n'
  );
}

export function visitMessage(enquiry: Family, school: SchoolProfile, visitAt: string, host: string) {
  const { subject, text } = visitText(enquiry, school, visitAt);
  return {
    from: from(school),
    to: { name: father(enquiry), address: enquiry.email },
    replyTo: school.email,
    subject,
    text,
    attachments: [
      {
        filename: 'visit.ics',
        content: visitIcs(enquiry, school, visitAt, host),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

export function replyMessage(enquiry: Family, school: SchoolProfile, reply: { subject?: string; message: string }) {
  return {
    from: from(school),
    to: { name: father(enquiry), address: enquiry.email },
    replyTo: school.email,
    subject: reply.subject ?? `Your enquiry at ${school.name} (${enquiry.reference})`,
    text: reply.message,
  };
}
