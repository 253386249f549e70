export interface Testimonial {
  name: string;
  role: string;
  feedback: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Maria Gonzalez',
    role: 'Operations Manager, Verde Foods',
    feedback:
      'Our refrigerated exports have arrived on time every week for two years. The tracking updates mean our customers never have to chase us.',
  },
  {
    name: 'James Whitaker',
    role: 'Founder, Whitaker Furniture',
    feedback: 'They crate our tables better than we did ourselves. Zero damage claims since we switched.',
  },
  {
    name: 'Aisha Rahman',
    role: 'Homeowner',
    feedback: 'Our house move from Sacramento to Seattle was calm and organised. Everything was unpacked by dinner.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Supply Chain Lead, Brightline Electronics',
    feedback: 'Customs paperwork used to cost us days. Now it is ready before the container is loaded.',
  },
  {
    name: 'Sophie Laurent',
    role: 'E-commerce Owner, Atelier Sophie',
    feedback: 'Pick-and-pack from their warehouse lets me ship the same day my customers order.',
  },
  {
    name: 'Kenji Watanabe',
    role: 'Procurement Director, Pacific Parts',
    feedback: 'Honest quotes, clear schedules, and a real person on the phone when something changes.',
  },
];

export interface TeamMember {
  name: string;
  position: string;
  bio: string;
}

export const team: readonly TeamMember[] = [
  {
    name: 'Robert Hayes',
    position: 'Chief Executive Officer',
    bio: 'Founded the company in 2010 after twenty years in freight forwarding.',
  },
  {
    name: 'Linda Chen',
    position: 'Chief Operations Officer',
    bio: 'Runs our warehouses, fleet and partner network on three continents.',
  },
  {
    name: 'Marcus Bennett',
    position: 'Head of Customer Experience',
    bio: 'Leads the support team that answers around the clock.',
  },
];

export interface Value {
  title: string;
  description: string;
}

export const coreValues: readonly Value[] = [
  {
    title: 'Reliability',
    description: 'We keep the delivery dates we promise, and tell you early when something changes.',
  },
  {
    title: 'Customer Focus',
    description: 'Every shipment has a person responsible for it, reachable by phone or email.',
  },
  { title: 'Excellence', description: 'We measure every hand-off and improve the ones that slow your goods down.' },
  { title: 'Integrity', description: 'Clear prices, honest timelines and no hidden fees.' },
];

/** Initials for an avatar: first letters of the first and last name. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}
