import nodemailer, { type Transporter } from 'nodemailer';
import type { Enquiry } from '../../../shared/schemas/enquiry.ts';
import { programmeName, type ProgrammeOption } from '../../../shared/schemas/enquiry-options.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';

export const createTransport = (smtpUrl: string): Transporter => nodemailer.createTransport(smtpUrl);

const LABELS: Record<string, string> = {
  fatherName: "Father's name",
  birthDate: 'Date of birth',
  address: 'Address',
  department: 'Department',
  admissionDate: 'Admission date',
};

/** The school's notification of one submission; replying answers the parent. */
export function enquiryMessage(
  enquiry: Pick<Enquiry, 'type' | 'name' | 'email' | 'phone' | 'message' | 'details'>,
  school: SchoolProfile,
  programmes: readonly ProgrammeOption[],
) {
  const subject = enquiry.type === 'admission' ? `New admission enquiry: ${enquiry.name}` : `New message from ${enquiry.name}`;
  const lines = [
    enquiry.type === 'admission' ? `Child's full name: ${enquiry.name}` : `Name: ${enquiry.name}`,
    `E-mail: ${enquiry.email}`,
    ...(enquiry.phone ? [`Phone: ${enquiry.phone}`] : []),
    ...Object.entries(enquiry.details).map(([key, value]) => {
      const shown = key === 'department' ? programmeName(programmes, value) : value;
      return `${LABELS[key] ?? key}: ${shown}`;
    }),
    ...(enquiry.message ? ['', enquiry.message] : []),
    '',
    `Sent from the ${school.name} website. See every enquiry under Enquiries in the back office.`,
  ];
  return {
    from: { name: `${school.name} website`, address: school.email },
    to: school.email,
    replyTo: { name: enquiry.name, address: enquiry.email },
    subject,
    text: lines.join('\n'),
  };
}
