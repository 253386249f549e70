/** The company's identity and contact details: the one place they are written. */
export const company = {
  name: 'Northeast Express Cargo',
  shortName: 'NEC Cargo',
  tagline: 'Global freight, delivered with care',
  founded: 2010,
  phone: '+1 (916) 555-0100',
  emails: { support: 'support@nec-cargo.example', sales: 'sales@nec-cargo.example' },
  address: {
    street: '1500 Capitol Mall',
    city: 'Sacramento',
    region: 'CA',
    postalCode: '95814',
    country: 'United States',
  },
  hours: {
    office: '9:00 AM–5:00 PM, Monday–Friday',
    helpSupport: '24/7',
    callSupport: '9:00 AM–5:00 PM',
  },
} as const;
