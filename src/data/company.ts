/** The company's identity and contact details: the one place they are written. */
export const company = {
  name: 'Northeast Express Cargo',
  shortName: 'NEC Cargo',
  tagline: 'Global freight, delivered with care',
  founded: 2010,
  website: 'https://www.nec-cargo.example',
  phone: '+1 (916) 555-0100',
  /** Answered around the clock, for shipments in transit that need action now. */
  urgentPhone: '+1 (916) 555-0199',
  emails: { support: 'support@nec-cargo.example', sales: 'sales@nec-cargo.example' },
  /** The headquarters' time zone: the company's day (Settings > General starts from it). */
  timeZone: 'America/Los_Angeles',
  address: {
    street: '1500 Capitol Mall',
    city: 'Sacramento',
    region: 'CA',
    postalCode: '95814',
    country: 'United States',
  },
  /** What never closes (online tracking, the urgent line) and what keeps office hours (the office, phone and email). */
  hours: {
    office: '9:00 AM–5:00 PM, Monday–Friday',
    callSupport: '9:00 AM–5:00 PM, Monday–Friday',
    onlineTracking: '24/7',
    urgentLine: '24/7',
  },
  /** The office on the contact page's map (drawn on this site), and the same place on OpenStreetMap. */
  map: {
    latitude: 38.5766,
    longitude: -121.498,
    linkUrl: 'https://www.openstreetmap.org/?mlat=38.5766&mlon=-121.4980#map=16/38.5766/-121.4980',
  },
} as const;

export interface SupportHours {
  service: string;
  hours: string;
  /** What the service covers, so nobody reads "24/7" as the office's hours. */
  covers: string;
}

/** Every support channel with its hours, the way the contact page, the footer and the support panel list them. */
export const supportHours: readonly SupportHours[] = [
  {
    service: 'Online tracking',
    hours: company.hours.onlineTracking,
    covers: 'where every shipment is, on our tracking page',
  },
  {
    service: 'Urgent line',
    hours: company.hours.urgentLine,
    covers: `${company.urgentPhone}, for a shipment in transit that needs action now`,
  },
  {
    service: 'Phone and email support',
    hours: company.hours.callSupport,
    covers: `${company.phone} and ${company.emails.support}`,
  },
  {
    service: 'Office',
    hours: company.hours.office,
    covers: `quotes, billing and visits in ${company.address.city}`,
  },
];

export const fullAddress = (address = company.address): string =>
  `${address.street}, ${address.city}, ${address.region} ${address.postalCode}, ${address.country}`;

/** A phone number as a tel: link target (digits and the leading +). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;

export interface Office {
  country: string;
  city: string;
  address: string;
  phone: string;
}

export const offices: readonly Office[] = [
  { country: 'USA', city: 'Sacramento (headquarters)', address: fullAddress(), phone: company.phone },
  {
    country: 'United Kingdom',
    city: 'London',
    address: '40 Bank Street, Canary Wharf, London E14 5NR',
    phone: '+44 20 7946 0100',
  },
  { country: 'Australia', city: 'Sydney', address: '200 George Street, Sydney NSW 2000', phone: '+61 2 5550 0100' },
];
